// 'Today's Policy Risks' (ARCHITECTURE.md 'Threat forecast'): each governing policy applied to the rest of
// today's hourly forecast: level 2 at breach, 1 within one standard deviation, else 0; threatTimes are the
// breached spans. Whether a policy is breached now is read from the location's active policy warnings, the
// same rows the Active Warnings panel shows (issue 20 'Warnings that agree with themselves'): an active warning
// makes its policy today's breach from the warning's start to now (or to its all-clear time while it clears),
// its peak the warning's peak; without one, the current hour is not breached, whatever the observation says
// before the engine's next cycle. The location's fresh observation still stands for the current hour's value.
// Air-quality policies have no forecast: they are listed only while a warning of theirs is active.
import type { TThreatForecastItem } from '@allclear/contracts';
import {
  breachedSpans,
  isBreached,
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

/** An active policy warning as the threat forecast reads it (policy unit). */
export interface WarningNow {
  shortName: string;
  peakValue: number;
  startedAt: Date;
  allClearAt: Date | null;
}

/** What is in force now: the clock's instant and the location's active policy warnings. */
export interface CurrentState {
  now: Date;
  warnings: readonly WarningNow[];
}

/** Spans in time order, overlapping or touching ones joined (ISO instants compare as strings). */
function joinSpans(
  spans: { startTime: string; endTime: string }[],
): { startTime: string; endTime: string }[] {
  const sorted = [...spans].sort((a, b) => a.startTime.localeCompare(b.startTime));
  const out: { startTime: string; endTime: string }[] = [];
  for (const s of sorted) {
    const last = out.at(-1);
    if (last && s.startTime <= last.endTime) {
      if (s.endTime > last.endTime) last.endTime = s.endTime;
    } else out.push({ ...s });
  }
  return out;
}

/** Threat forecast items of a customer's policies over forecast hours (policy units), breached now as `current` says. */
export function threatForecast(
  policies: readonly PolicyRow[],
  customerId: number,
  hours: readonly HourlyForecastItem[],
  place: { latitude: number; longitude: number },
  observed: { time: Date; conditions: ConditionValues } | null,
  current: CurrentState,
): TThreatForecastItem[] {
  const forecast = hours
    .filter((h) => !observed || h.time > observed.time)
    .map((h) => ({ time: h.time, c: conditionsOfHour(h, place.latitude, place.longitude) }));
  const conditions = observed ? [{ time: observed.time, c: observed.conditions }, ...forecast] : forecast;
  const items: TThreatForecastItem[] = [];
  for (const [type, policy] of governingPolicies(policies).get(customerId) ?? []) {
    const warning = current.warnings.find((w) => w.shortName === type);
    if (type.startsWith('AQI') && !warning) continue;
    const series: SeriesPoint[] = type.startsWith('AQI')
      ? []
      : conditions.map(({ time, c }) => {
          const v = policyValue(type, c);
          return { time: time.toISOString(), value: v.applicable && !Number.isNaN(v.value) ? v.value : null };
        });
    // The observation breaches only through a warning: without one the engine has not found it breached.
    const first = series[0];
    if (observed && first && typeof first.value === 'number' && isBreached(first.value, policy) && !warning)
      first.value = null;
    const values = series.map((s) => s.value);
    const present = values.filter((v): v is number => v !== null && v !== undefined);
    if (warning) present.push(warning.peakValue);
    const peak = present.length === 0 ? null : policy.isDesc ? Math.min(...present) : Math.max(...present);
    const spans = breachedSpans(series, policy);
    if (warning)
      spans.push({
        startTime: warning.startedAt.toISOString(),
        endTime: (warning.allClearAt ?? current.now).toISOString(),
      });
    items.push({
      threatType: type,
      displayName: policy.displayName,
      threatLevel: warning ? 2 : seriesThreatLevel(values, policy, standardDeviationForPolicy(type)),
      threshold: policy.threshold,
      unit: policy.unit,
      isDesc: policy.isDesc,
      peakValue: peak === null ? null : Math.round(peak * 100) / 100,
      threatTimes: joinSpans(spans),
    });
  }
  return items;
}
