// The value each policy type watches, in the policy's unit, from a location's current conditions (SI):
// WBGT °F, HEAT heat index °F (only at 65 °F or above), CHILL wind chill °F (only below 65 °F), PRECIP the
// last hour's rain in inches, WIND/GUST mph, the AQI family the AQI of sensors within 10 miles (spec 01 §5, §9).
import { cToF, heatIndexF, mmToIn, msToMph, temperaturePolicyType, windChillF } from '@allclear/domain';

/** Policy types the policy engine evaluates (lightning LR1..LR4 belong to the lightning engine). */
export const EVALUATED_POLICY_TYPES = [
  'WBGT',
  'HEAT',
  'CHILL',
  'PRECIP',
  'WIND',
  'GUST',
  'AQI',
  'AQI-MAX',
  'AQI-PM2.5',
  'AQI-PM10',
  'AQI-O3',
] as const;
export type EvaluatedPolicyType = (typeof EVALUATED_POLICY_TYPES)[number];

/** Current conditions of a location in SI units (the location_conditions row), nulls where unknown. */
export interface ConditionValues {
  temperatureC: number | null;
  relativeHumidityPct: number | null;
  windSpeedMs: number | null;
  windGustMs: number | null;
  rainMm: number | null;
  wbgtC: number | null;
  aqiMax: number | null;
  aqiPm25: number | null;
  aqiPm10: number | null;
  aqiO3: number | null;
}

/** A watched value: NaN when unknown; applicable false when the policy does not apply now (counts as clear). */
export interface PolicyValue {
  value: number;
  applicable: boolean;
}

/** Decimals kept when comparing, so unit conversions (m/s → mph) do not move a value across a threshold. */
const COMPARE_SCALE = 1e6;
const round = (v: number) => Math.round(v * COMPARE_SCALE) / COMPARE_SCALE;
const identity = (x: number) => x;

/** The SI measure each simple type reads, and its conversion to the policy unit. */
type SimpleType = Exclude<EvaluatedPolicyType, 'HEAT' | 'CHILL'>;
const SIMPLE: Record<
  SimpleType,
  { column: keyof ConditionValues & keyof ConditionColumns; convert: (x: number) => number }
> = {
  WBGT: { column: 'wbgtC', convert: cToF },
  PRECIP: { column: 'rainMm', convert: mmToIn },
  WIND: { column: 'windSpeedMs', convert: msToMph },
  GUST: { column: 'windGustMs', convert: msToMph },
  AQI: { column: 'aqiMax', convert: identity },
  'AQI-MAX': { column: 'aqiMax', convert: identity },
  'AQI-PM2.5': { column: 'aqiPm25', convert: identity },
  'AQI-PM10': { column: 'aqiPm10', convert: identity },
  'AQI-O3': { column: 'aqiO3', convert: identity },
};

/** A simple type's value in its unit from an SI measure (NaN for unknown). */
function simpleValue(convert: (x: number) => number, si: number): number {
  return Number.isFinite(si) ? round(convert(si)) : NaN;
}

/** HEAT: the heat index °F (the temperature when undefined); CHILL: the wind chill °F (likewise). NaN unknown. */
function temperatureValue(type: 'HEAT' | 'CHILL', tempC: number, rh: number, windMs: number): number {
  if (!Number.isFinite(tempC)) return NaN;
  const tempF = cToF(tempC);
  if (type === 'HEAT') return round((Number.isFinite(rh) ? heatIndexF(tempF, rh) : null) ?? tempF);
  return round((Number.isFinite(windMs) ? windChillF(tempF, msToMph(windMs)) : null) ?? tempF);
}

/** Whether HEAT or CHILL applies at a temperature: heat index from 65 °F, wind chill below (spec 01 §5). */
function temperatureApplies(type: 'HEAT' | 'CHILL', tempC: number): boolean {
  return !Number.isFinite(tempC) || temperaturePolicyType(cToF(tempC)) === type;
}

const num = (v: number | null | undefined) => (v === null || v === undefined ? NaN : v);

/** The value a policy type watches, in its unit (°F, in, mph, AQI), from SI conditions (spec 01 §5). */
export function policyValue(type: EvaluatedPolicyType, c: ConditionValues): PolicyValue {
  if (type === 'HEAT' || type === 'CHILL') {
    const t = num(c.temperatureC);
    return {
      value: temperatureValue(type, t, num(c.relativeHumidityPct), num(c.windSpeedMs)),
      applicable: temperatureApplies(type, t),
    };
  }
  const s = SIMPLE[type];
  return { value: simpleValue(s.convert, num(c[s.column])), applicable: true };
}

/** Current conditions of n locations as columns (SI units; NaN where unknown). */
export interface ConditionColumns {
  temperatureC: Float64Array;
  relativeHumidityPct: Float64Array;
  windSpeedMs: Float64Array;
  windGustMs: Float64Array;
  rainMm: Float64Array;
  wbgtC: Float64Array;
  aqiMax: Float64Array;
  aqiPm25: Float64Array;
  aqiPm10: Float64Array;
  aqiO3: Float64Array;
}

/** Fills values[offset + i] and applicable[offset + i] with policyValue(type, location i) for every location. */
export function policyValuesInto(
  type: EvaluatedPolicyType,
  c: ConditionColumns,
  values: Float64Array,
  applicable: Uint8Array,
  offset: number,
): void {
  const n = c.temperatureC.length;
  if (type === 'HEAT' || type === 'CHILL') {
    for (let i = 0; i < n; i++) {
      const t = c.temperatureC[i]!;
      values[offset + i] = temperatureValue(type, t, c.relativeHumidityPct[i]!, c.windSpeedMs[i]!);
      applicable[offset + i] = temperatureApplies(type, t) ? 1 : 0;
    }
    return;
  }
  const { column, convert } = SIMPLE[type];
  const source = c[column];
  for (let i = 0; i < n; i++) {
    values[offset + i] = simpleValue(convert, source[i]!);
    applicable[offset + i] = 1;
  }
}
