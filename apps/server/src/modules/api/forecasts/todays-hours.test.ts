// todaysHours(): the forecast from the start of the current hour up to (not including) local midnight, the local
// day taken from the longitude at 15° an hour.
import { describe, expect, it } from 'vitest';
import type { HourlyForecastItem } from '@allclear/weather';
import { todaysHours } from './todays-hours.ts';

const HOUR_MS = 3_600_000;

/** Forecast hours from `first` (UTC, ISO), one an hour; only the time matters here. */
function hoursFrom(first: string, count: number): HourlyForecastItem[] {
  const start = new Date(first).getTime();
  return Array.from({ length: count }, (_, i) => ({
    time: new Date(start + i * HOUR_MS),
    temperatureC: 20,
    dewPointC: 10,
    relativeHumidityPct: 50,
    windSpeedMs: 2,
    windGustMs: 4,
    windDirectionDeg: 180,
    pressureHpa: 1013,
    solarWm2: 0,
    cloudCoverPct: 0,
    precipitationMm: 0,
    precipitationChancePct: 0,
    snowCm: 0,
    weatherCode: 'clear',
    dayLight: true,
  }));
}
const times = (hours: HourlyForecastItem[]) => hours.map((h) => h.time.toISOString());

describe("today's hours", () => {
  it('starts at the current hour (the hour now falls in), not the hour before', () => {
    const got = times(todaysHours(hoursFrom('2024-06-01T13:00:00Z', 6), new Date('2024-06-01T14:30:00Z'), 0));
    expect(got[0]).toBe('2024-06-01T14:00:00.000Z');
  });

  it('ends with the hour before local midnight: 90° W is six hours behind UTC', () => {
    const got = times(
      todaysHours(hoursFrom('2024-06-01T15:00:00Z', 24), new Date('2024-06-01T15:30:00Z'), -90),
    );
    expect(got.at(-1)).toBe('2024-06-02T05:00:00.000Z');
    expect(got).not.toContain('2024-06-02T06:00:00.000Z');
    expect(got).toHaveLength(15);
  });

  it('is the one current hour in the last hour of the local day', () => {
    const got = times(todaysHours(hoursFrom('2024-06-01T23:00:00Z', 3), new Date('2024-06-01T23:59:00Z'), 0));
    expect(got).toEqual(['2024-06-01T23:00:00.000Z']);
  });
});
