// Policy comparison, value colouring, feels-like selection and threat-forecast levels (spec 01 §5, spec 03 §9).

/** A threshold with its direction; isDesc means the policy fires when the value falls to or below it. */
export interface ThresholdRule {
  threshold: number;
  isDesc: boolean;
}

/** The metrics with a standard deviation for the warning band (spec 01 §5 'Policy comparison'). */
export type DeviationMetric = 'precipitation' | 'feelsLike' | 'wbgt' | 'wind';

/** Standard deviations in the metric's own unit: inches, °F, °F, mph (spec 01 §5). */
export const STANDARD_DEVIATIONS: Readonly<Record<DeviationMetric, number>> = {
  precipitation: 0.5,
  feelsLike: 1,
  wbgt: 1,
  wind: 1,
};

/** Temperature (°F) at or above which the heat-index policy applies, below it wind chill (spec 01 §5). */
export const HEAT_INDEX_POLICY_MIN_F = 65;
/** Feels-like uses heat index at or above this temperature, °F (spec 03 §9). */
export const FEELS_LIKE_HEAT_INDEX_MIN_F = 80;
/** Feels-like uses wind chill at or below this temperature, °F (spec 03 §9). */
export const FEELS_LIKE_WIND_CHILL_MAX_F = 50;
/** Feels-like uses wind chill only with wind at or above this speed, mph (spec 03 §9). */
export const FEELS_LIKE_WIND_CHILL_MIN_WIND_MPH = 5;

/** The colour of a value against a policy: MUI palette names (spec 01 §5 'Policy comparison'). */
export type BreachColour = 'error' | 'warning' | 'success' | 'primary' | 'default';

/** A threshold rule with the policy's optional limit, the all-clear side's edge, same unit (spec 01 §3 'Policy'). */
export interface LimitedThresholdRule extends ThresholdRule {
  limit?: number | null;
}

/** Threat level of a forecast value: 0 low, 1 warn, 2 error (spec 01 §3 'Threat forecast item'). */
export type ThreatLevel = 0 | 1 | 2;

/** True when the value is at or above the threshold, or at or below it when isDesc; value and threshold in the policy's unit (spec 01 §5 'Policy comparison'). */
export function isBreached(value: number, rule: ThresholdRule): boolean {
  return rule.isDesc ? value <= rule.threshold : value >= rule.threshold;
}

/** The policy with the most severe threshold among policies of one type: highest if isDesc, otherwise lowest; undefined for none (spec 01 §5). */
export function mostSeverePolicy<T extends ThresholdRule>(policies: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const p of policies) {
    if (!best) best = p;
    else if (p.isDesc ? p.threshold > best.threshold : p.threshold < best.threshold) best = p;
  }
  return best;
}

/** Standard deviation for a policy type short name, in its unit; 0 for types without one (spec 01 §5). */
export function standardDeviationForPolicy(policyTypeShortName: string): number {
  switch (policyTypeShortName) {
    case 'PRECIP':
      return STANDARD_DEVIATIONS.precipitation;
    case 'HEAT':
    case 'CHILL':
      return STANDARD_DEVIATIONS.feelsLike;
    case 'WBGT':
      return STANDARD_DEVIATIONS.wbgt;
    case 'WIND':
    case 'GUST':
      return STANDARD_DEVIATIONS.wind;
    default:
      return 0;
  }
}

/** True when an unbreached value lies within one standard deviation of the threshold (inclusive), same unit (spec 01 §5). */
export function isWithinOneDeviation(value: number, rule: ThresholdRule, standardDeviation: number): boolean {
  if (isBreached(value, rule)) return false;
  return Math.abs(value - rule.threshold) <= standardDeviation;
}

/** True when the value is past the policy's limit on the safe side (below it, or above it when isDesc); without a limit, any value is. */
export function isPastLimit(value: number, rule: LimitedThresholdRule): boolean {
  if (rule.limit === null || rule.limit === undefined) return true;
  return rule.isDesc ? value > rule.limit : value < rule.limit;
}

/**
 * Colour of a value against a policy (spec 01 §5): breached 'error' (red; 'primary' for a descending policy),
 * within one standard deviation 'warning', past the limit 'success' (green), otherwise 'default'.
 * Without a limit, every value beyond the warning band is past it. Same unit throughout.
 */
export function breachColour(
  value: number,
  rule: LimitedThresholdRule,
  standardDeviation: number,
): BreachColour {
  if (isBreached(value, rule)) return rule.isDesc ? 'primary' : 'error';
  if (isWithinOneDeviation(value, rule, standardDeviation)) return 'warning';
  return isPastLimit(value, rule) ? 'success' : 'default';
}

/** Which temperature policy applies: 'HEAT' at or above 65 °F, 'CHILL' below (spec 01 §5). */
export function temperaturePolicyType(temperatureF: number): 'HEAT' | 'CHILL' {
  return temperatureF >= HEAT_INDEX_POLICY_MIN_F ? 'HEAT' : 'CHILL';
}

/** A value, or a function computing it only when needed (the formulas live in science). */
export type LazyNumber = number | (() => number);

function resolve(value: LazyNumber): number {
  return typeof value === 'function' ? value() : value;
}

/** Inputs of feels-like selection: temperature °F, wind mph, heat index °F and wind chill °F. */
export interface FeelsLikeInputs {
  temperatureF: number;
  windMph: number;
  heatIndexF: LazyNumber;
  windChillF: LazyNumber;
}

/** Feels-like °F: heat index at 80 °F or above, wind chill at 50 °F or below with wind 5 mph or above, else the temperature (spec 03 §9). */
export function selectFeelsLikeF(inputs: FeelsLikeInputs): number {
  if (inputs.temperatureF >= FEELS_LIKE_HEAT_INDEX_MIN_F) return resolve(inputs.heatIndexF);
  if (
    inputs.temperatureF <= FEELS_LIKE_WIND_CHILL_MAX_F &&
    inputs.windMph >= FEELS_LIKE_WIND_CHILL_MIN_WIND_MPH
  )
    return resolve(inputs.windChillF);
  return inputs.temperatureF;
}

/** Threat-forecast level of one value: 2 at breach, 1 within one standard deviation, else 0; policy unit (ARCHITECTURE 'Threat forecast', spec 01 §5). */
export function threatLevel(value: number, rule: ThresholdRule, standardDeviation: number): ThreatLevel {
  if (isBreached(value, rule)) return 2;
  return isWithinOneDeviation(value, rule, standardDeviation) ? 1 : 0;
}

/** One point of an hourly series: a time (ISO text or epoch ms) and a value in the policy's unit; null when missing. */
export interface SeriesPoint<T extends string | number = string> {
  time: T;
  value: number | null | undefined;
}

/** A breached span: times of its first and last breached points, inclusive (spec 01 §3 'threatTimes'). */
export interface ThreatSpan<T extends string | number = string> {
  startTime: T;
  endTime: T;
}

/** Spans of consecutive breached points of a series in time order; a missing value ends a span (ARCHITECTURE 'Threat forecast'). */
export function breachedSpans<T extends string | number>(
  series: readonly SeriesPoint<T>[],
  rule: ThresholdRule,
): ThreatSpan<T>[] {
  const spans: ThreatSpan<T>[] = [];
  let open: ThreatSpan<T> | null = null;
  for (const point of series) {
    const breached = point.value !== null && point.value !== undefined && isBreached(point.value, rule);
    if (breached) {
      if (open) open.endTime = point.time;
      else open = { startTime: point.time, endTime: point.time };
    } else if (open) {
      spans.push(open);
      open = null;
    }
  }
  if (open) spans.push(open);
  return spans;
}

/** The highest threat level over a series (0 when empty or all missing), policy unit (ARCHITECTURE 'Threat forecast'). */
export function seriesThreatLevel(
  values: readonly (number | null | undefined)[],
  rule: ThresholdRule,
  standardDeviation: number,
): ThreatLevel {
  let level: ThreatLevel = 0;
  for (const v of values) {
    if (v === null || v === undefined) continue;
    const l = threatLevel(v, rule, standardDeviation);
    if (l > level) level = l;
  }
  return level;
}
