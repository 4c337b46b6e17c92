import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { WeatherLogger } from '../types.ts';
import { createOpenMeteoAirQualitySource, parseOpenMeteoAirQuality } from './open-meteo-air-quality.ts';
import { MalformedResponseError, SourceUnavailableError, type FetchLike } from './resilient-fetch.ts';

const DOC = readFileSync(
  new URL('../../fixtures/open-meteo/air-quality-dallas-2024-06-15.json', import.meta.url),
  'utf8',
);
const POINT = { latitude: 32.78, longitude: -96.8 };

describe('parseOpenMeteoAirQuality', () => {
  // 2024-06-16T12:30Z: the last complete hour is 11:00-12:00 UTC (06:00 CDT).
  const at = new Date('2024-06-16T12:30:00Z');
  const series = parseOpenMeteoAirQuality(JSON.parse(DOC), POINT, at);

  it('gives PM2.5, PM10 and O3 for the 24 hours before the current hour, with grid name and distance', () => {
    expect(series.map((s) => [s.pollutant, s.unit])).toEqual([
      ['PM2.5', 'µg/m³'],
      ['PM10', 'µg/m³'],
      ['O3', 'ppb'],
    ]);
    expect(series[1]!.hourly).toHaveLength(24);
    expect(series[1]!.hourly.at(-1)!.time).toEqual(new Date('2024-06-16T11:00:00Z'));
    expect(series[1]!.hourly[0]!.time).toEqual(new Date('2024-06-15T12:00:00Z'));
    expect(series[0]!.sensorName).toBe('Open-Meteo CAMS grid 32.80, -96.80');
    expect(series[0]!.distanceMiles).toBeCloseTo(1.38, 1);
  });

  it('leaves out the missing PM2.5 hour instead of inventing a value', () => {
    expect(series[0]!.hourly).toHaveLength(23);
    expect(series[0]!.hourly.map((h) => h.time.toISOString())).not.toContain('2024-06-16T11:00:00.000Z');
  });

  it('converts ozone from µg/m³ to ppb at 25 °C (1 ppb = 1.963 µg/m³)', () => {
    const raw = JSON.parse(DOC).hourly.ozone[29] as number;
    expect(series[2]!.hourly.at(-1)!.value).toBeCloseTo(raw / 1.963, 1);
  });

  it('throws on a response without the hourly block', () => {
    expect(() => parseOpenMeteoAirQuality({ error: true, reason: 'x' }, POINT, at)).toThrow(
      MalformedResponseError,
    );
  });
});

describe('the Open-Meteo air-quality source', () => {
  it('keeps the last good answer, stale, when the next one is malformed', async () => {
    const answers = [JSON.parse(DOC), { error: true }];
    let call = 0;
    const fetch: FetchLike = async () => {
      const body = answers[Math.min(call++, 1)];
      return { ok: true, status: 200, json: async () => body };
    };
    const source = createOpenMeteoAirQualitySource({ fetch });
    const at = new Date('2024-06-16T12:30:00Z');
    const fresh = await source.near(POINT, at);
    const stale = await source.near(POINT, at);
    expect(fresh.every((s) => !s.stale)).toBe(true);
    expect(stale.every((s) => s.stale === true)).toBe(true);
    expect(stale.map((s) => s.hourly)).toEqual(fresh.map((s) => s.hourly));
  });

  it('keeps the last good answer, stale, when the next requests time out, logging the outage once', async () => {
    let calls = 0;
    const fetch: FetchLike = async (_url, init) => {
      if (++calls === 1) return { ok: true, status: 200, json: async () => JSON.parse(DOC) };
      // Never answers: only the timeout's abort ends it.
      return new Promise((_resolve, reject) =>
        init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason)),
      );
    };
    const warnings: string[] = [];
    const logger: WeatherLogger = { warn: (_d, m) => warnings.push(m), info: () => {} };
    const source = createOpenMeteoAirQualitySource({ fetch, logger, timeoutMs: 20 });
    const at = new Date('2024-06-16T12:30:00Z');
    const fresh = await source.near(POINT, at);
    for (const stale of [await source.near(POINT, at), await source.near(POINT, at)]) {
      expect(stale.every((s) => s.stale === true)).toBe(true);
      expect(stale.map((s) => s.hourly)).toEqual(fresh.map((s) => s.hourly));
    }
    // A point never fetched has nothing to fall back on.
    await expect(source.near({ latitude: 30.27, longitude: -97.74 }, at)).rejects.toBeInstanceOf(
      SourceUnavailableError,
    );
    expect(calls).toBe(4);
    expect(warnings).toEqual(['open-meteo-air-quality failed; serving last good value as stale']);
  });
});
