import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { WeatherLogger } from '../types.ts';
import { createOpenMeteoForecastSource, parseOpenMeteoForecast, weatherCodeForWmo } from './open-meteo.ts';
import { MalformedResponseError, SourceUnavailableError, type FetchLike } from './resilient-fetch.ts';

const FORECAST = readFileSync(
  new URL('../../fixtures/open-meteo/forecast-dallas-2024-06-15.json', import.meta.url),
  'utf8',
);

describe('parseOpenMeteoForecast', () => {
  const { hourly, daily } = parseOpenMeteoForecast(JSON.parse(FORECAST));

  it('reads 192 hourly items with local times converted to UTC', () => {
    expect(hourly).toHaveLength(192);
    // 2024-06-15T00:00 in America/Chicago (CDT, -5 h) is 05:00 UTC.
    expect(hourly[0]!.time).toEqual(new Date('2024-06-15T05:00:00Z'));
    expect(hourly[0]).toMatchObject({
      windSpeedMs: expect.any(Number),
      dayLight: false,
      weatherCode: '9002',
    });
    const stormHour = hourly[24 + 16]!;
    expect(stormHour).toMatchObject({
      precipitationMm: 12.4,
      precipitationChancePct: 70,
      weatherCode: '0030',
      dayLight: true,
    });
  });

  it('reads 8 daily items with the humidity at the hour of the high', () => {
    expect(daily).toHaveLength(8);
    expect(daily[0]).toMatchObject({ date: '2024-06-15', temperatureHighC: 35, weatherCode: '0003' });
    expect(daily[0]!.time).toEqual(new Date('2024-06-15T05:00:00Z'));
    expect(daily[1]!.weatherCode).toBe('0030');
    expect(daily[3]!.weatherCode).toBe('0023');
    const highHour = hourly.slice(0, 24).find((h) => h.temperatureC === 35)!;
    expect(daily[0]!.dewPointAtHighC).toBe(highHour.dewPointC);
    expect(daily[0]!.relativeHumidityAtHighPct).toBe(highHour.relativeHumidityPct);
  });

  it('throws MalformedResponseError when a variable is missing or its length differs', () => {
    const doc = JSON.parse(FORECAST);
    delete doc.hourly.temperature_2m;
    expect(() => parseOpenMeteoForecast(doc)).toThrow(MalformedResponseError);
    const short = JSON.parse(FORECAST);
    short.daily.temperature_2m_max.pop();
    expect(() => parseOpenMeteoForecast(short)).toThrow(/temperature_2m_max/);
  });

  it('maps WMO codes to spec icon codes by day and night', () => {
    expect(weatherCodeForWmo(0, true)).toBe('0002');
    expect(weatherCodeForWmo(0, false)).toBe('9000');
    expect(weatherCodeForWmo(95, false)).toBe('2023');
    expect(weatherCodeForWmo(75, true)).toBe('0017');
  });
});

describe('the Open-Meteo forecast source', () => {
  it('serves at least 72 hours and 7 days, and the last good forecast stale after a malformed response', async () => {
    let calls = 0;
    const fetch: FetchLike = async () => {
      calls++;
      return calls === 1
        ? { ok: true, status: 200, json: async () => JSON.parse(FORECAST) }
        : { ok: true, status: 200, json: async () => ({ error: true }) };
    };
    const warnings: string[] = [];
    const logger: WeatherLogger = { warn: (_d, m) => warnings.push(m), info: () => {} };
    const source = createOpenMeteoForecastSource({ fetch, logger });
    const point = { latitude: 32.78, longitude: -96.8 };
    const issued = new Date('2024-06-15T12:20:00Z');
    const hourly = await source.hourly(point, issued);
    expect(hourly.hours.length).toBeGreaterThanOrEqual(72);
    expect(hourly.hours[0]!.time).toEqual(new Date('2024-06-15T12:00:00Z'));
    expect(hourly.stale).toBe(false);
    const daily = await source.daily(point, issued);
    expect(daily.days.length).toBeGreaterThanOrEqual(7);
    expect(daily.days[0]!.date).toBe('2024-06-15');
    expect(daily.stale).toBe(true);
    expect(daily.issuedAt).toEqual(issued);
    expect(warnings).toHaveLength(1);
  });

  it('serves the last good forecast stale when the next requests time out, logging the outage once', async () => {
    const point = { latitude: 32.78, longitude: -96.8 };
    const elsewhere = { latitude: 30.27, longitude: -97.74 };
    let calls = 0;
    const fetch: FetchLike = async (_url, init) => {
      if (++calls === 1) return { ok: true, status: 200, json: async () => JSON.parse(FORECAST) };
      // Never answers: only the timeout's abort ends it.
      return new Promise((_resolve, reject) =>
        init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason)),
      );
    };
    const warnings: string[] = [];
    const logger: WeatherLogger = { warn: (_d, m) => warnings.push(m), info: () => {} };
    const source = createOpenMeteoForecastSource({ fetch, logger, timeoutMs: 20 });
    const issued = new Date('2024-06-15T12:20:00Z');
    const fresh = await source.hourly(point, issued);
    const later = new Date('2024-06-15T13:20:00Z');
    const hourly = await source.hourly(point, later);
    expect(hourly.stale).toBe(true);
    expect(hourly.issuedAt).toEqual(issued);
    expect(hourly.hours[0]!.time).toEqual(new Date('2024-06-15T13:00:00Z'));
    expect(hourly.hours[0]).toEqual(fresh.hours[1]);
    const daily = await source.daily(point, later);
    expect(daily.stale).toBe(true);
    expect(daily.days.length).toBeGreaterThanOrEqual(7);
    // A point never fetched has no forecast to fall back on.
    await expect(source.hourly(elsewhere, later)).rejects.toBeInstanceOf(SourceUnavailableError);
    expect(calls).toBe(4);
    expect(warnings).toEqual(['open-meteo failed; serving last good value as stale']);
  });
});
