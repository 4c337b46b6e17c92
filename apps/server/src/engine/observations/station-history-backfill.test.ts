// The demo's station history (issue 17): two years of days, 90 days of hours and 14 of quarter hours from the
// simulated climate, deterministic, with the ET of each day and showers on some days, in seconds.
import { describe, expect, it } from 'vitest';
import { localDayOf } from './readings.ts';
import {
  BACKFILL_15M_DAYS,
  BACKFILL_DAILY_DAYS,
  BACKFILL_HOURLY_DAYS,
  simulatedStationHistory,
} from './station-history-backfill.ts';

const station = { id: 7, latitude: 32.7473, longitude: -97.0945, timeZone: 'America/Chicago' };
const now = new Date('2026-07-15T17:07:00Z');

describe('simulatedStationHistory', () => {
  const started = performance.now();
  const history = simulatedStationHistory(1, station, now);
  const ms = performance.now() - started;

  it('covers 730 local days, 90 days of hours and 14 days of quarter hours, ending at the current quarter hour', () => {
    expect(history.days).toHaveLength(BACKFILL_DAILY_DAYS + 1);
    expect(history.hours).toHaveLength(BACKFILL_HOURLY_DAYS * 24);
    expect(history.quarterHours).toHaveLength(BACKFILL_15M_DAYS * 96);
    expect(history.quarterHours.at(-1)!.bucketStart.toISOString()).toBe('2026-07-15T16:45:00.000Z');
    expect(history.days.at(-1)!.day).toBe(localDayOf(now, station.timeZone));
    expect(history.quarterHours.every((q) => q.readings === 3)).toBe(true);
  });

  it('is the same history for the same seed, station and clock, and another for another seed', () => {
    expect(simulatedStationHistory(1, station, now)).toEqual(history);
    expect(simulatedStationHistory(2, station, now).days[100]).not.toEqual(history.days[100]);
  });

  it('has summers hotter than winters, rain on some days and an ET for every day', () => {
    const july = history.days.find((d) => d.day === '2025-07-15')!;
    const january = history.days.find((d) => d.day === '2026-01-15')!;
    expect(july.temperatureMaxC).toBeGreaterThan(january.temperatureMaxC + 8);
    const rainy = history.days.filter((d) => d.rainMm > 0).length;
    expect(rainy).toBeGreaterThan(100);
    expect(rainy).toBeLessThan(300);
    expect(history.days.every((d) => (d.et0Mm ?? -1) >= 0)).toBe(true);
    expect(july.et0Mm!).toBeGreaterThan(january.et0Mm!);
  });

  it('takes seconds at most for a station (about half a second on a quiet machine)', () => {
    expect(ms).toBeLessThan(6000);
  });
});
