import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { WeatherLogger } from '../types.ts';
import { weatherCodeForNwsIcon } from './nws-common.ts';
import {
  compassToDegrees,
  createNwsForecastSource,
  nwsDailyItems,
  nwsHourlyItems,
  parseNwsForecast,
  parseNwsWindSpeed,
} from './nws-forecast.ts';
import { type FetchLike, MalformedResponseError, SourceUnavailableError } from './resilient-fetch.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/nws/${name}`, import.meta.url), 'utf8');
const POINTS = fixture('points-dallas.json');
const HOURLY = fixture('forecast-hourly-dallas-2024-06-15.json');
const TWELVE_HOUR = fixture('forecast-dallas-2024-06-15.json');
const fToC = (f: number) => ((f - 32) * 5) / 9;
const MPH = 0.44704;

describe('NWS forecast text fields', () => {
  it('reads wind speed ranges in mph and km/h, and refuses what it cannot read as NaN', () => {
    expect(parseNwsWindSpeed('10 mph')).toEqual([10 * MPH, 10 * MPH]);
    expect(parseNwsWindSpeed('10 to 15 mph')).toEqual([10 * MPH, 15 * MPH]);
    expect(parseNwsWindSpeed('36 km/h')).toEqual([10, 10]);
    expect(parseNwsWindSpeed('calm').every(Number.isNaN)).toBe(true);
    expect(parseNwsWindSpeed(null).every(Number.isNaN)).toBe(true);
  });

  it('turns 16-point compass text into degrees', () => {
    expect(compassToDegrees('N')).toBe(0);
    expect(compassToDegrees('SSW')).toBe(202.5);
    expect(compassToDegrees('NNW')).toBe(337.5);
    expect(compassToDegrees('')).toBeNaN();
  });

  it('maps NWS icons to spec icon codes by day and night, first condition first', () => {
    expect(weatherCodeForNwsIcon('https://api.weather.gov/icons/land/day/tsra,70?size=small')).toBe('0023');
    expect(weatherCodeForNwsIcon('https://api.weather.gov/icons/land/night/tsra,70/rain,30')).toBe('2023');
    expect(weatherCodeForNwsIcon('https://api.weather.gov/icons/land/night/skc?size=small')).toBe('9000');
    expect(weatherCodeForNwsIcon('https://api.weather.gov/icons/land/day/ovc')).toBe('0005');
    expect(weatherCodeForNwsIcon('https://example.com/sunny.png')).toBeNull();
  });
});

describe('parseNwsForecast', () => {
  const hourlyDoc = parseNwsForecast(JSON.parse(HOURLY));
  const dailyDoc = parseNwsForecast(JSON.parse(TWELVE_HOUR));

  it('reads 156 hourly periods in °C and m/s with the thunderstorm afternoon', () => {
    const hours = nwsHourlyItems(hourlyDoc);
    expect(hours).toHaveLength(156);
    expect(hours[0]).toMatchObject({
      time: new Date('2024-06-15T12:00:00Z'),
      dewPointC: 21.4,
      relativeHumidityPct: 73,
      windDirectionDeg: 180,
      dayLight: true,
      weatherCode: '0002',
      cloudCoverPct: 20,
    });
    expect(hours[0]!.temperatureC).toBeCloseTo(fToC(80), 6);
    // A null probability of precipitation stays missing (NaN), it does not become 0.
    expect(hours[0]!.precipitationChancePct).toBeNaN();
    const storm = hours[32]!;
    expect(storm).toMatchObject({ precipitationChancePct: 70, weatherCode: '0023', windDirectionDeg: 225 });
    expect(storm.windSpeedMs).toBeCloseTo(15 * MPH, 6);
    expect(storm.windGustMs).toBeCloseTo(20 * MPH, 6);
    // What NWS does not forecast is missing, not invented.
    expect(storm.pressureHpa).toBeNaN();
    expect(storm.precipitationMm).toBeNaN();
    const night = hours.find((h) => !h.dayLight)!;
    expect(night.weatherCode).toBe('9001');
  });

  it('folds day and night periods into 7 days with the high of the day and the low of its night', () => {
    const days = nwsDailyItems(dailyDoc);
    expect(days).toHaveLength(7);
    expect(days.map((d) => d.date)).toEqual([
      '2024-06-15',
      '2024-06-16',
      '2024-06-17',
      '2024-06-18',
      '2024-06-19',
      '2024-06-20',
      '2024-06-21',
    ]);
    expect(days[0]!.time).toEqual(new Date('2024-06-15T05:00:00Z'));
    expect(days[0]!.temperatureHighC).toBeCloseTo(fToC(96), 6);
    expect(days[0]!.temperatureLowC).toBeCloseTo(fToC(74), 6);
    expect(days[0]).toMatchObject({
      dewPointAtHighC: 22.3,
      relativeHumidityAtHighPct: 46,
      weatherCode: '0003',
    });
    expect(days[0]!.windSpeedMaxMs).toBeCloseTo(15 * MPH, 6);
    expect(days[0]!.precipitationChancePct).toBeNaN();
    expect(days[1]).toMatchObject({ precipitationChancePct: 70, weatherCode: '0023' });
    expect(days[1]!.windSpeedMaxMs).toBeCloseTo(20 * MPH, 6);
  });

  it('leaves the missing half of a day NaN when the forecast starts with Tonight', () => {
    const doc = JSON.parse(TWELVE_HOUR);
    // Issued in the evening: Tonight first, and the last day only has its daytime half.
    doc.properties.periods.shift();
    doc.properties.periods.pop();
    const days = nwsDailyItems(parseNwsForecast(doc));
    expect(days[0]!.date).toBe('2024-06-15');
    expect(days[0]!.temperatureHighC).toBeNaN();
    expect(days[0]!.temperatureLowC).toBeCloseTo(fToC(74), 6);
    // The night's icon in its day variant.
    expect(days[0]!.weatherCode).toBe('0002');
    expect(days.at(-1)!.temperatureLowC).toBeNaN();
  });

  it('throws MalformedResponseError on a document without periods, a bad time or an unknown unit', () => {
    expect(() => parseNwsForecast({ properties: { periods: [] } })).toThrow(MalformedResponseError);
    expect(() => parseNwsForecast({ type: 'Feature' })).toThrow(MalformedResponseError);
    const badTime = JSON.parse(TWELVE_HOUR);
    badTime.properties.periods[3].startTime = 'tomorrow';
    expect(() => parseNwsForecast(badTime)).toThrow(/startTime/);
    const badUnit = JSON.parse(TWELVE_HOUR);
    badUnit.properties.periods[0].dewpoint.unitCode = 'wmoUnit:furlong';
    expect(() => parseNwsForecast(badUnit)).toThrow(/unknown unit/);
  });
});

describe('the NWS forecast source', () => {
  const point = { latitude: 32.77671, longitude: -96.79702 };
  const issued = new Date('2024-06-15T12:20:00Z');

  function fakeNws(answers: Record<string, (() => unknown) | undefined>) {
    const calls: string[] = [];
    const fetch: FetchLike = async (url) => {
      calls.push(url);
      const answer = answers[url];
      if (!answer) return { ok: false, status: 404, json: async () => ({}) };
      return { ok: true, status: 200, json: async () => answer() };
    };
    return { fetch, calls };
  }

  it('looks the point up once, then serves at least 72 hours and 7 days from its forecast URLs', async () => {
    const { fetch, calls } = fakeNws({
      'https://api.weather.gov/points/32.7767,-96.797': () => JSON.parse(POINTS),
      'https://api.weather.gov/gridpoints/FWD/89,104/forecast/hourly': () => JSON.parse(HOURLY),
      'https://api.weather.gov/gridpoints/FWD/89,104/forecast': () => JSON.parse(TWELVE_HOUR),
    });
    const source = createNwsForecastSource({ fetch });
    const hourly = await source.hourly(point, issued);
    expect(hourly.hours.length).toBeGreaterThanOrEqual(72);
    expect(hourly.hours[0]!.time).toEqual(new Date('2024-06-15T12:00:00Z'));
    expect(hourly).toMatchObject({ source: 'nws forecast', stale: false });
    expect(hourly.issuedAt).toEqual(new Date('2024-06-15T08:46:03Z'));
    const daily = await source.daily(point, issued);
    expect(daily.days.length).toBeGreaterThanOrEqual(7);
    expect(daily.days[0]!.date).toBe('2024-06-15');
    await source.hourly(point, new Date('2024-06-15T13:20:00Z'));
    expect(calls.filter((u) => u.includes('/points/'))).toHaveLength(1);
  });

  it('serves the last good forecast stale after a timeout, logging the outage once', async () => {
    let hourlyCalls = 0;
    const fetch: FetchLike = (url, init) => {
      if (url.includes('/points/'))
        return Promise.resolve({ ok: true, status: 200, json: async () => JSON.parse(POINTS) });
      hourlyCalls++;
      if (hourlyCalls === 1)
        return Promise.resolve({ ok: true, status: 200, json: async () => JSON.parse(HOURLY) });
      // Never answers: only the timeout ends it.
      return new Promise((_resolve, reject) =>
        init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason)),
      );
    };
    const warnings: string[] = [];
    const logger: WeatherLogger = { warn: (_d, m) => warnings.push(m), info: () => {} };
    const source = createNwsForecastSource({ fetch, logger, timeoutMs: 20 });
    const fresh = await source.hourly(point, issued);
    const stale1 = await source.hourly(point, new Date('2024-06-15T13:20:00Z'));
    const stale2 = await source.hourly(point, new Date('2024-06-15T14:20:00Z'));
    expect(fresh.stale).toBe(false);
    expect(stale1.stale).toBe(true);
    expect(stale2.stale).toBe(true);
    expect(stale2.hours[0]!.time).toEqual(new Date('2024-06-15T14:00:00Z'));
    expect(warnings).toEqual(['nws forecast hourly failed; serving last good value as stale']);
  });

  it('fails with SourceUnavailableError when /points is malformed and nothing was ever fetched', async () => {
    const { fetch } = fakeNws({
      'https://api.weather.gov/points/32.7767,-96.797': () => ({ properties: { gridId: 'FWD' } }),
    });
    await expect(createNwsForecastSource({ fetch }).daily(point, issued)).rejects.toBeInstanceOf(
      SourceUnavailableError,
    );
  });
});
