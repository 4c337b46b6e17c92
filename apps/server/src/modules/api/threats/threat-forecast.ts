// 'Today's Policy Risks' (ARCHITECTURE.md 'Threat forecast'): each governing policy applied to the rest of
// today's hourly forecast: level 2 at breach, 1 within one standard deviation, else 0; threatTimes are the
// breached spans. The location's fresh observation stands for the current hour, so a gust front that breaches a
// policy now shows as today's risk even when the forecast (a smooth model) has no storm in it. Air-quality
// policies have no forecast and are left out.
import type { TThreatForecastItem } from '@allclear/contracts';
import {
  breachedSpans,
  seriesThreatLevel,
  standardDeviationForPolicy,
  type SeriesPoint,
} from '@allclear/domain';
import type { HourlyForecastItem } from '@allclear/weather';
import { deriveMeasures } from '../../../engine/observations/derive.ts';
import { OBSERVATION_FRESH_MINUTES } from '../../../engine/observations/source-selection.ts';
import { governingPolicies } from '../../../engine/policies/policy-engine.ts';
import type { PolicyRow } from '../../../engine/policies/policy.repository.ts';
import { policyValue, type ConditionValues } from '../../../engine/policies/policy-values.ts';

const HOUR_MS = 3_600_000;

/** Hours of the forecast from the current hour to the end of the local (longitude-offset) day. */
export function todaysHours(
  hours: readonly HourlyForecastItem[],
  now: Date,
  longitude: number,
): HourlyForecastItem[] {
  const offsetMs = Math.round(longitude / 15) * HOUR_MS;
  const localDayEnd = Math.floor((now.getTime() + offsetMs) / (24 * HOUR_MS) + 1) * 24 * HOUR_MS - offsetMs;
  const hourStart = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  return hours.filter((h) => h.time.getTime() >= hourStart && h.time.getTime() < localDayEnd);
}

/** Forecast hour as the SI conditions the policy values read (feels-like and WBGT derived). */
export function conditionsOfHour(
  h: HourlyForecastItem,
  latitude: number,
  longitude: number,
): ConditionValues {
  const d = deriveMeasures(
    {
      temperatureC: h.temperatureC,
      relativeHumidityPct: h.relativeHumidityPct,
      windSpeedMs: h.windSpeedMs,
      windGustMs: h.windGustMs,
      windDirectionDeg: h.windDirectionDeg,
      pressureHpa: h.pressureHpa,
      solarWm2: h.solarWm2,
      dewPointC: h.dewPointC,
    },
    h.time,
    latitude,
    longitude,
  );
  return {
    temperatureC: h.temperatureC,
    relativeHumidityPct: h.relativeHumidityPct,
    windSpeedMs: h.windSpeedMs,
    windGustMs: h.windGustMs,
    rainMm: h.precipitationMm,
    wbgtC: d.wbgtC,
    aqiMax: null,
    aqiPm25: null,
    aqiPm10: null,
    aqiO3: null,
  };
}

/** A location's recorded conditions as the current hour of the threat forecast: null when none or stale. */
export function freshObservation(
  current: (ConditionValues & { observedAt: Date }) | undefined,
  now: Date,
): { time: Date; conditions: ConditionValues } | null {
  if (!current || now.getTime() - current.observedAt.getTime() > OBSERVATION_FRESH_MINUTES * 60_000)
    return null;
  return { time: current.observedAt, conditions: current };
}

/** Threat forecast items of a customer's policies over forecast hours (policy units). */
export function threatForecast(
  policies: readonly PolicyRow[],
  customerId: number,
  hours: readonly HourlyForecastItem[],
  place: { latitude: number; longitude: number },
  observed: { time: Date; conditions: ConditionValues } | null = null,
): TThreatForecastItem[] {
  const forecast = hours
    .filter((h) => !observed || h.time > observed.time)
    .map((h) => ({ time: h.time, c: conditionsOfHour(h, place.latitude, place.longitude) }));
  const conditions = observed ? [{ time: observed.time, c: observed.conditions }, ...forecast] : forecast;
  const items: TThreatForecastItem[] = [];
  for (const [type, policy] of governingPolicies(policies).get(customerId) ?? []) {
    if (type.startsWith('AQI')) continue;
    const series: SeriesPoint[] = conditions.map(({ time, c }) => {
      const v = policyValue(type, c);
      return { time: time.toISOString(), value: v.applicable && !Number.isNaN(v.value) ? v.value : null };
    });
    const values = series.map((s) => s.value);
    const present = values.filter((v): v is number => v !== null);
    const peak = present.length === 0 ? null : policy.isDesc ? Math.min(...present) : Math.max(...present);
    items.push({
      threatType: type,
      displayName: policy.displayName,
      threatLevel: seriesThreatLevel(values, policy, standardDeviationForPolicy(type)),
      threshold: policy.threshold,
      unit: policy.unit,
      isDesc: policy.isDesc,
      peakValue: peak === null ? null : Math.round(peak * 100) / 100,
      threatTimes: breachedSpans(series, policy),
    });
  }
  return items;
}
