// Policy form: threshold precision, all-clear minimum, defaults per type (spec 01 §9, spec 02 §3, §5, §9).
import { MAX_ZONE_RADIUS_MILES } from './zones.ts';

/** New policy defaults: threshold 0, re-alert 10 minutes, all clear 30 minutes (spec 02 §9). */
export const NEW_POLICY_DEFAULTS = { threshold: 0, reAlertMinutes: 10, allClearMinutes: 30 } as const;
/** Lightning trigger messages speak of the threshold minus this many miles (spec 01 §9). */
export const LIGHTNING_MESSAGE_OFFSET_MILES = 0.4;
/** Default threshold of non-lightning types, °F (spec 01 §9). */
export const DEFAULT_OTHER_THRESHOLD_F = 80;

/** True for the lightning radius types LR1..LR4. */
export function isLightningPolicyType(policyTypeShortName: string): boolean {
  return /^LR[1-4]$/.test(policyTypeShortName);
}

/** A threshold rounded to the policy's precision (decimal places) (spec 02 §5 'Policy'). */
export function roundThreshold(value: number, precision: number): number {
  const factor = 10 ** Math.max(0, precision);
  return Math.round(value * factor) / factor;
}

/** Default all-clear minutes: 10 for lightning, 60 for other types (spec 01 §9). */
export function defaultAllClearMinutes(policyTypeShortName: string): number {
  return isLightningPolicyType(policyTypeShortName) ? 10 : 60;
}

/** Default threshold on choosing a type: 80 °F for non-lightning types; lightning keeps the new-policy 0 miles (spec 01 §9, spec 02 §9). */
export function defaultThreshold(policyTypeShortName: string): number {
  return isLightningPolicyType(policyTypeShortName)
    ? NEW_POLICY_DEFAULTS.threshold
    : DEFAULT_OTHER_THRESHOLD_F;
}

/** Default lightning trigger message using threshold − 0.4 miles, one decimal (spec 01 §9; wording ours). */
export function defaultLightningTriggerMessage(thresholdMiles: number): string {
  const miles = roundThreshold(thresholdMiles - LIGHTNING_MESSAGE_OFFSET_MILES, 1);
  return `Lightning has been detected within ${miles} miles. Seek shelter.`;
}

/** Lightning policy radii, miles: at least 1, at most the largest zone radius (spec 01 §5 'Location zones'; 1 ours). */
export const LIGHTNING_THRESHOLD_MIN_MILES = 1;
export const LIGHTNING_THRESHOLD_MAX_MILES = MAX_ZONE_RADIUS_MILES;

/** Types whose values are never negative: wind and gust speed, precipitation, AQI. */
const NON_NEGATIVE_TYPES = /^(WIND|GUST|PRECIP|AQI.*)$/;

/** The thresholds a type accepts, in its unit; null where unbounded (temperatures may fall below zero). */
export function policyThresholdRange(policyTypeShortName: string): {
  min: number | null;
  max: number | null;
} {
  if (isLightningPolicyType(policyTypeShortName))
    return { min: LIGHTNING_THRESHOLD_MIN_MILES, max: LIGHTNING_THRESHOLD_MAX_MILES };
  return { min: NON_NEGATIVE_TYPES.test(policyTypeShortName) ? 0 : null, max: null };
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
  thresholdRange?: { min: number | null; max: number | null };
}

/** Errors keyed Threshold and AllClearMinutes: threshold a number within the type's range, all-clear an integer at or above the type's minimum; texts ours (spec 02 §5 'Policy'). */
export function validatePolicyForm(
  draft: PolicyFormDraft,
): Partial<Record<'Threshold' | 'AllClearMinutes', string>> {
  const errors: Partial<Record<'Threshold' | 'AllClearMinutes', string>> = {};
  const range = draft.thresholdRange;
  if (draft.threshold === null || draft.threshold === undefined || !Number.isFinite(draft.threshold))
    errors.Threshold = 'Threshold is required.';
  else if (range?.min != null && draft.threshold < range.min)
    errors.Threshold = `Threshold must be at least ${range.min}.`;
  else if (range?.max != null && draft.threshold > range.max)
    errors.Threshold = `Threshold must be at most ${range.max}.`;
  const minutes = draft.allClearMinutes;
  if (minutes === null || minutes === undefined || !Number.isInteger(minutes))
    errors.AllClearMinutes = 'All clear minutes must be a whole number.';
  else if (minutes < draft.minAllClear)
    errors.AllClearMinutes = `All clear minutes must be at least ${draft.minAllClear}.`;
  return errors;
}
