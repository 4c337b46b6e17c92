// 'Today's Policy Risks' from a calm forecast and the location's observation: a gust front breaching the GUST
// policy now makes it today's risk (level 2, peak the observed gust, a span from the observation), while the
// forecast alone, or an observation under the threshold, leaves it low.
import { describe, expect, it } from 'vitest';
import { mphToMs } from '@allclear/domain';
import type { HourlyForecastItem } from '@allclear/weather';
import type { PolicyRow } from '../../../engine/policies/policy.repository.ts';
import type { ConditionValues } from '../../../engine/policies/policy-values.ts';
import { freshObservation, threatForecast } from './threat-forecast.ts';

const HOUR_MS = 3_600_000;
const NOW = new Date('2026-07-01T17:20:00Z');
const PLACE = { latitude: 32.75, longitude: -97.09 };

const GUST: PolicyRow = {
  id: 1,
  customerId: 7,
  policyTypeId: 6,
  shortName: 'GUST',
  displayName: 'Wind Gust',
  threshold: 40,
  isDesc: false,
  unit: 'mph',
  precision: 0,
  reAlertMinutes: 30,
  allClearMinutes: 60,
};

/** The rest of the day from the current hour: a light breeze, gusts of about 11 mph. */
function calmHours(): HourlyForecastItem[] {
  const first = Math.floor(NOW.getTime() / HOUR_MS) * HOUR_MS;
  return Array.from({ length: 6 }, (_, i) => ({
    time: new Date(first + i * HOUR_MS),
    temperatureC: 30,
    dewPointC: 18,
    relativeHumidityPct: 48,
    windSpeedMs: mphToMs(8),
    windGustMs: mphToMs(11),
    windDirectionDeg: 180,
    pressureHpa: 1012,
    solarWm2: 700,
    cloudCoverPct: 20,
    precipitationMm: 0,
    precipitationChancePct: 5,
    snowCm: 0,
    weatherCode: 'clear',
    dayLight: true,
  }));
}

function observation(gustMph: number): { time: Date; conditions: ConditionValues } {
  return {
    time: new Date(NOW.getTime() - 5 * 60_000),
    conditions: {
      temperatureC: 24,
      relativeHumidityPct: 80,
      windSpeedMs: mphToMs(20),
      windGustMs: mphToMs(gustMph),
      rainMm: 4,
      wbgtC: 22,
      aqiMax: null,
      aqiPm25: null,
      aqiPm10: null,
      aqiO3: null,
    },
  };
}

describe("today's policy risks", () => {
  it('a calm forecast alone is low, its peak the forecast gust', () => {
    const [gust] = threatForecast([GUST], 7, calmHours(), PLACE);
    expect(gust).toMatchObject({ threatType: 'GUST', threatLevel: 0, threatTimes: [] });
    expect(gust!.peakValue).toBeCloseTo(11, 1);
  });

  it('an observed gust over the threshold makes the policy breached today, from the observation on', () => {
    const seen = observation(51);
    const [gust] = threatForecast([GUST], 7, calmHours(), PLACE, seen);
    expect(gust!.threatLevel).toBe(2);
    expect(gust!.peakValue).toBeCloseTo(51, 1);
    expect(gust!.threatTimes).toEqual([
      { startTime: seen.time.toISOString(), endTime: seen.time.toISOString() },
    ]);
  });

  it('the observation replaces the forecast of the hour it falls in, not the hours after it', () => {
    const hours = calmHours();
    // the current hour's forecast breaches, the observation does not: the hour counts as observed
    hours[0]!.windGustMs = mphToMs(60);
    const [gust] = threatForecast([GUST], 7, hours, PLACE, observation(12));
    expect(gust!.threatLevel).toBe(0);
    expect(gust!.peakValue).toBeCloseTo(12, 1);
    // a later hour's breach still counts
    hours[3]!.windGustMs = mphToMs(45);
    const [later] = threatForecast([GUST], 7, hours, PLACE, observation(12));
    expect(later!.threatLevel).toBe(2);
    expect(later!.threatTimes).toEqual([
      { startTime: hours[3]!.time.toISOString(), endTime: hours[3]!.time.toISOString() },
    ]);
  });

  it('uses an observation of the last 30 minutes, not an older one or none', () => {
    const { conditions } = observation(51);
    const at = (minutesAgo: number) => ({
      ...conditions,
      observedAt: new Date(NOW.getTime() - minutesAgo * 60_000),
    });
    expect(freshObservation(at(30), NOW)?.time).toEqual(at(30).observedAt);
    expect(freshObservation(at(31), NOW)).toBeNull();
    expect(freshObservation(undefined, NOW)).toBeNull();
  });
});
