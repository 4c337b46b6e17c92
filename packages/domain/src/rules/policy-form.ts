// Policy form: threshold precision, all-clear minimum, defaults per type (spec 01 §9, spec 02 §3, §5, §9).
import type { PolicyTypeShortName } from '../enums.ts';
import { MAX_ZONE_RADIUS_MILES } from './zones.ts';

/** New policy defaults before a type is chosen: threshold 0, re-alert 10 minutes, all clear 30 minutes (spec 02 §9). */
export const NEW_POLICY_DEFAULTS = { threshold: 0, reAlertMinutes: 10, allClearMinutes: 30 } as const;
/** Lightning trigger messages speak of the threshold minus this many miles (spec 01 §9). */
export const LIGHTNING_MESSAGE_OFFSET_MILES = 0.4;
/** A lightning all-clear is never proposed under 30 minutes after the last strike (NWS 30-minute rule; NATA). */
export const LIGHTNING_ALL_CLEAR_MIN_MINUTES = 30;
/** All-clear proposed for the other types, minutes (spec 01 §9). */
const OTHER_ALL_CLEAR_MINUTES = 60;

/** True for the lightning radius types LR1..LR4. */
export function isLightningPolicyType(policyTypeShortName: string): boolean {
  return /^LR[1-4]$/.test(policyTypeShortName);
}

/** A threshold rounded to the policy's precision (decimal places) (spec 02 §5 'Policy'). */
export function roundThreshold(value: number, precision: number): number {
  const factor = 10 ** Math.max(0, precision);
  return Math.round(value * factor) / factor;
}

/** Lightning policy radii, miles: at least 1, at most the largest zone radius (spec 01 §5 'Location zones'; 1 ours). */
export const LIGHTNING_THRESHOLD_MIN_MILES = 1;
export const LIGHTNING_THRESHOLD_MAX_MILES = MAX_ZONE_RADIUS_MILES;

/** What a policy type accepts and proposes: its physical range and a safe default threshold, in its unit. */
export interface PolicyTypeLimits {
  min: number;
  max: number;
  unit: string;
  defaultThreshold: number;
}

/**
 * Physical ranges and safe default thresholds per type (sources):
 * - LR1..LR4 (mi): 1 to the largest zone radius; defaults 8/10/15/20 mi, zone 1 inside the 8-10 mi a strike can
 *   reach from a storm (NWS 'When thunder roars'; NATA lightning position statement, 2013: 6-8 mi at the latest).
 * - CHILL (°F): -100 to 65; the NWS wind chill chart reaches -98 °F, and wind chill applies below 65 °F (spec 01
 *   §5); default 0 °F, where the NWS chart starts to list frostbite times at 15 mph and above.
 * - HEAT (°F): 65 to 180; heat index applies from 65 °F (spec 01 §5), the highest recorded is 178 °F (Dhahran,
 *   1967); default 103 °F, the NWS 'Danger' category.
 * - WBGT (°F): 32 to 104 (0-40 °C; the highest observed are near 95 °F); default 87 °F, from which NATA and
 *   state athletic associations cut practice to two hours (NATA exertional heat illness statement, 2015).
 * - PRECIP (in in the last hour): 0 to 12; the world's 1-hour record is 12 in (Holt, Missouri, 1947); default
 *   0.3 in, 'heavy rain' in the AMS glossary.
 * - WIND and GUST (mph): 0 to 253, the WMO record gust (Barrow Island, 1996); defaults 30 mph sustained and 45 mph
 *   gusts, the NWS Wind Advisory criteria.
 * - AQI family: 0 to 500, the EPA AQI scale; default 101, where 'Unhealthy for Sensitive Groups' begins.
 */
export const POLICY_TYPE_LIMITS: Readonly<Record<PolicyTypeShortName, PolicyTypeLimits>> = {
  LR1: lightningLimits(8),
  LR2: lightningLimits(10),
  LR3: lightningLimits(15),
  LR4: lightningLimits(20),
  CHILL: { min: -100, max: 65, unit: '°F', defaultThreshold: 0 },
  HEAT: { min: 65, max: 180, unit: '°F', defaultThreshold: 103 },
  WBGT: { min: 32, max: 104, unit: '°F', defaultThreshold: 87 },
  PRECIP: { min: 0, max: 12, unit: 'in', defaultThreshold: 0.3 },
  WIND: { min: 0, max: 253, unit: 'mph', defaultThreshold: 30 },
  GUST: { min: 0, max: 253, unit: 'mph', defaultThreshold: 45 },
  AQI: aqiLimits(),
  'AQI-MAX': aqiLimits(),
  'AQI-PM2.5': aqiLimits(),
  'AQI-PM10': aqiLimits(),
  'AQI-O3': aqiLimits(),
};

function lightningLimits(defaultThreshold: number): PolicyTypeLimits {
  return {
    min: LIGHTNING_THRESHOLD_MIN_MILES,
    max: LIGHTNING_THRESHOLD_MAX_MILES,
    unit: 'mi',
    defaultThreshold,
  };
}

function aqiLimits(): PolicyTypeLimits {
  return { min: 0, max: 500, unit: 'AQI', defaultThreshold: 101 };
}

/** The limits of a type by its short name; undefined for a name the domain does not know. */
function limitsOf(policyTypeShortName: string): PolicyTypeLimits | undefined {
  return (POLICY_TYPE_LIMITS as Readonly<Record<string, PolicyTypeLimits>>)[policyTypeShortName];
}

/** Default all-clear minutes on choosing a type: 30 for lightning (never less), 60 for the others (spec 01 §9). */
export function defaultAllClearMinutes(policyTypeShortName: string): number {
  return isLightningPolicyType(policyTypeShortName)
    ? LIGHTNING_ALL_CLEAR_MIN_MINUTES
    : OTHER_ALL_CLEAR_MINUTES;
}

/** Default threshold on choosing a type, in its unit (POLICY_TYPE_LIMITS); the new-policy 0 for an unknown type. */
export function defaultThreshold(policyTypeShortName: string): number {
  return limitsOf(policyTypeShortName)?.defaultThreshold ?? NEW_POLICY_DEFAULTS.threshold;
}

/** The thresholds a type accepts, in its unit (POLICY_TYPE_LIMITS); unbounded for a type the domain does not know. */
export function policyThresholdRange(policyTypeShortName: string): {
  min: number | null;
  max: number | null;
  unit?: string;
} {
  const limits = limitsOf(policyTypeShortName);
  return limits ? { min: limits.min, max: limits.max, unit: limits.unit } : { min: null, max: null };
}

/** Default lightning trigger message using threshold − 0.4 miles, one decimal (spec 01 §9; wording ours). */
export function defaultLightningTriggerMessage(thresholdMiles: number): string {
  const miles = roundThreshold(thresholdMiles - LIGHTNING_MESSAGE_OFFSET_MILES, 1);
  return `Lightning has been detected within ${miles} miles. Seek shelter.`;
}

/** A policy type as the trigger texts read it. */
export interface PolicyTypeText {
  shortName: string;
  displayName: string;
  unit: string;
  isDesc: boolean;
}

/** The trigger message 'Notify Users' starts with: the lightning default, else what crossed (spec 02 §4 'Policy'; wording ours). */
export function defaultTriggerMessage(type: PolicyTypeText, threshold: number): string {
  if (isLightningPolicyType(type.shortName)) return defaultLightningTriggerMessage(threshold);
  return `${type.displayName} is at or ${type.isDesc ? 'below' : 'above'} ${threshold} ${type.unit}.`;
}

/** The message 'Notify On All Clear' starts with (wording ours). */
export function defaultAllClearMessage(type: PolicyTypeText): string {
  return isLightningPolicyType(type.shortName)
    ? 'All clear: no lightning within the zone. Resume activities.'
    : `All clear: ${type.displayName} is back within the policy.`;
}

export interface PolicyFormDraft {
  threshold: number | null | undefined;
  allClearMinutes: number | null | undefined;
  /** Minimum all-clear minutes of the policy type. */
  minAllClear: number;
  /** The type's threshold range (policyThresholdRange); unbounded when absent. */
  thresholdRange?: { min: number | null; max: number | null; unit?: string };
}

/** The field error of a threshold outside its type's range, naming the range and its unit (text ours). */
export function thresholdRangeText(range: { min: number | null; max: number | null; unit?: string }): string {
  const unit = range.unit ? ` ${range.unit}` : '';
  if (range.min != null && range.max != null)
    return `Threshold must be between ${range.min} and ${range.max}${unit}.`;
  return range.min != null
    ? `Threshold must be at least ${range.min}${unit}.`
    : `Threshold must be at most ${range.max}${unit}.`;
}

/** Errors keyed Threshold and AllClearMinutes: threshold a number within the type's range, all-clear an integer at or above the type's minimum; texts ours (spec 02 §5 'Policy'). */
export function validatePolicyForm(
  draft: PolicyFormDraft,
): Partial<Record<'Threshold' | 'AllClearMinutes', string>> {
  const errors: Partial<Record<'Threshold' | 'AllClearMinutes', string>> = {};
  const range = draft.thresholdRange;
  if (draft.threshold === null || draft.threshold === undefined || !Number.isFinite(draft.threshold))
    errors.Threshold = 'Threshold is required.';
  else if (
    (range?.min != null && draft.threshold < range.min) ||
    (range?.max != null && draft.threshold > range.max)
  )
    errors.Threshold = thresholdRangeText(range);
  const minutes = draft.allClearMinutes;
  if (minutes === null || minutes === undefined || !Number.isInteger(minutes))
    errors.AllClearMinutes = 'All clear minutes must be a whole number.';
  else if (minutes < draft.minAllClear)
    errors.AllClearMinutes = `All clear minutes must be at least ${draft.minAllClear}.`;
  return errors;
}
