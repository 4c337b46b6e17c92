// 'Today's Policy Risks' from a calm forecast, the location's observation and its active warnings: an active GUST
// warning makes the policy today's breach (level 2, peak the warning's, a span from its start), also during its
// all-clear period; without one the policy is not breached now, even under an observation past the threshold
// (issue 20: the panel and Active Warnings read the same warnings); the forecast alone leaves it low.
import { describe, expect, it } from 'vitest';
import { mphToMs } from '@allclear/domain';
import type { HourlyForecastItem } from '@allclear/weather';
import type { PolicyRow } from '../../../engine/policies/policy.repository.ts';
import type { ConditionValues } from '../../../engine/policies/policy-values.ts';
import { freshObservation, threatForecast, type WarningNow } from './threat-forecast.ts';

const HOUR_MS = 3_600_000;
const NOW = new Date('2026-07-01T17:20:00Z');
const PLACE = { latitude: 32.75, longitude: -97.09 };
const NONE = { now: NOW, warnings: [] };

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
    const [gust] = threatForecast([GUST], 7, calmHours(), PLACE, null, NONE);
    expect(gust).toMatchObject({ threatType: 'GUST', threatLevel: 0, threatTimes: [] });
    expect(gust!.peakValue).toBeCloseTo(11, 1);
  });

  it('an active warning makes the policy breached today, from its start; without one it is not', () => {
    const seen = observation(51);
    const warning: WarningNow = {
      shortName: 'GUST',
      peakValue: 53,
      startedAt: new Date(NOW.getTime() - 15 * 60_000),
      allClearAt: null,
    };
    const [gust] = threatForecast([GUST], 7, calmHours(), PLACE, seen, { now: NOW, warnings: [warning] });
    expect(gust!.threatLevel).toBe(2);
    expect(gust!.peakValue).toBe(53);
    expect(gust!.threatTimes).toEqual([
      { startTime: warning.startedAt.toISOString(), endTime: NOW.toISOString() },
    ]);
    // the engine has not (yet) found the observed 51 mph breached: neither panel calls it a breach
    const [unwarned] = threatForecast([GUST], 7, calmHours(), PLACE, seen, NONE);
    expect(unwarned!.threatTimes).toEqual([]);
    expect(unwarned!.peakValue!).toBeLessThan(GUST.threshold);
  });

  it('during the all-clear period the policy stays breached until the all-clear time, at its peak', () => {
    const warning: WarningNow = {
      shortName: 'GUST',
      peakValue: 53,
      startedAt: new Date(NOW.getTime() - 30 * 60_000),
      allClearAt: new Date(NOW.getTime() + 50 * 60_000),
    };
    const [gust] = threatForecast([GUST], 7, calmHours(), PLACE, observation(11), {
      now: NOW,
      warnings: [warning],
    });
    expect(gust).toMatchObject({ threatLevel: 2, peakValue: 53 });
    expect(gust!.threatTimes).toEqual([
      { startTime: warning.startedAt.toISOString(), endTime: warning.allClearAt!.toISOString() },
    ]);
  });

  it('an air-quality policy is listed while its warning is active, and only then', () => {
    const aqi: PolicyRow = {
      ...GUST,
      id: 2,
      policyTypeId: 9,
      shortName: 'AQI-MAX',
      displayName: 'AQI',
      threshold: 100,
      unit: 'AQI',
    };
    expect(threatForecast([GUST, aqi], 7, calmHours(), PLACE, null, NONE).map((i) => i.threatType)).toEqual([
      'GUST',
    ]);
    const warned = threatForecast([GUST, aqi], 7, calmHours(), PLACE, null, {
      now: NOW,
      warnings: [{ shortName: 'AQI-MAX', peakValue: 151, startedAt: NOW, allClearAt: null }],
    });
    expect(warned.find((i) => i.threatType === 'AQI-MAX')).toMatchObject({ threatLevel: 2, peakValue: 151 });
  });

  it('the observation replaces the forecast of the hour it falls in, not the hours after it', () => {
    const hours = calmHours();
    // the current hour's forecast breaches, the observation does not: the hour counts as observed
    hours[0]!.windGustMs = mphToMs(60);
    const [gust] = threatForecast([GUST], 7, hours, PLACE, observation(12), NONE);
    expect(gust!.threatLevel).toBe(0);
    expect(gust!.peakValue).toBeCloseTo(12, 1);
    // a later hour's breach still counts
    hours[3]!.windGustMs = mphToMs(45);
    const [later] = threatForecast([GUST], 7, hours, PLACE, observation(12), NONE);
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
