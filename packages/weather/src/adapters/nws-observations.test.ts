import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { WeatherLogger, WeatherStation } from '../types.ts';
import {
  createNwsObservationSource,
  parseNearestNwsStation,
  parseNwsObservation,
  parseNwsStation,
} from './nws-observations.ts';
import { type FetchLike, MalformedResponseError, SourceUnavailableError } from './resilient-fetch.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/nws/${name}`, import.meta.url), 'utf8');
const KDAL_META = fixture('station-KDAL.json');
const NEAREST = fixture('points-dallas-stations.json');
const KDAL_OBS = fixture('observation-KDAL-2024-06-16T2053Z.json');
const KRBD_OBS = fixture('observation-KRBD-nulls-2024-06-16T0353Z.json');
const KDAL: WeatherStation = parseNwsStation(JSON.parse(KDAL_META));
const API = 'https://api.weather.gov';

describe('parsing NWS stations and observations', () => {
  it('reads station metadata and the nearest station of a /points/.../stations list', () => {
    expect(KDAL).toEqual({
      id: 'KDAL',
      name: 'Dallas Love Field',
      latitude: 32.85416,
      longitude: -96.85506,
      type: 'nws',
    });
    expect(parseNearestNwsStation(JSON.parse(NEAREST)).id).toBe('KDAL');
    expect(() => parseNearestNwsStation({ type: 'FeatureCollection', features: [] })).toThrow(
      MalformedResponseError,
    );
  });

  it('converts the SI unit codes (degC, km_h-1, Pa, mm) and keeps the observation time', () => {
    const o = parseNwsObservation(JSON.parse(KDAL_OBS), KDAL);
    expect(o).toMatchObject({
      stationId: 'KDAL',
      stationName: 'Dallas Love Field',
      latitude: 32.85,
      longitude: -96.85,
      temperatureC: 27.2,
      dewPointC: 23.3,
      relativeHumidityPct: 79.22,
      windDirectionDeg: 210,
      rainMm: 3.05,
      cloudCoverPct: 100,
      weatherCode: '0023',
      source: 'nws observations',
      observedAt: new Date('2024-06-16T20:53:00Z'),
    });
    // 33.336 km/h = 9.26 m/s (18 kt); gust 53.708 km/h = 14.92 m/s (29 kt); SLP 101030 Pa = 1010.3 hPa.
    expect(o.windSpeedMs).toBeCloseTo(9.26, 2);
    expect(o.windGustMs).toBeCloseTo(14.919, 2);
    expect(o.pressureHpa).toBeCloseTo(1010.3, 6);
    expect(o.solarWm2).toBeNaN();
  });

  it('handles null values: missing stays NaN, no gust means the steady wind, sea level falls back to barometric', () => {
    const o = parseNwsObservation(JSON.parse(KRBD_OBS), {
      ...KDAL,
      id: 'KRBD',
      name: 'Dallas Executive Airport',
    });
    expect(o.stationName).toBe('Dallas Executive Airport');
    expect(o.temperatureC).toBe(25.6);
    expect(o.dewPointC).toBeNaN();
    expect(o.relativeHumidityPct).toBeNaN();
    expect(o.windDirectionDeg).toBeNaN();
    expect(o.rainMm).toBeNaN();
    expect(o.windSpeedMs).toBe(0);
    expect(o.windGustMs).toBe(0);
    expect(o.pressureHpa).toBeCloseTo(1013.6, 6);
    // No icon: clear sky (CLR) at 22:53 local is a clear night.
    expect(o.cloudCoverPct).toBe(0);
    expect(o.weatherCode).toBe('9000');
  });

  it('refuses an observation without a time stamp or with an unknown unit', () => {
    const noTime = JSON.parse(KDAL_OBS);
    noTime.properties.timestamp = null;
    expect(() => parseNwsObservation(noTime, KDAL)).toThrow(MalformedResponseError);
    const badUnit = JSON.parse(KDAL_OBS);
    badUnit.properties.windSpeed.unitCode = 'wmoUnit:furlong_fortnight-1';
    expect(() => parseNwsObservation(badUnit, KDAL)).toThrow(/unknown unit/);
  });
});

describe('the NWS observation source', () => {
  /** An answer that never comes: only the request's timeout ends the wait. */
  const HANG = Symbol('hang');

  function fakeNws(answers: Record<string, () => unknown>) {
    const calls: string[] = [];
    const fetch: FetchLike = async (url, init) => {
      calls.push(url);
      const answer = answers[url];
      if (!answer) return { ok: false, status: 404, json: async () => ({}) };
      const body = answer();
      if (body === HANG)
        return new Promise((_resolve, reject) =>
          init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason)),
        );
      return { ok: true, status: 200, json: async () => body };
    };
    return { fetch, calls };
  }

  it('offers configured stations and the nearest station of each point, once each', async () => {
    const { fetch } = fakeNws({
      [`${API}/stations/KDAL`]: () => JSON.parse(KDAL_META),
      [`${API}/points/32.7767,-96.797/stations`]: () => JSON.parse(NEAREST),
    });
    const source = createNwsObservationSource({
      fetch,
      stationIds: ['KDAL', 'KNOPE'],
      points: [{ latitude: 32.77671, longitude: -96.79702 }],
      now: () => new Date('2024-06-16T21:00:00Z'),
    });
    // KNOPE does not exist (404): it is left out, the rest still answer.
    expect((await source.stations()).map((s) => s.id)).toEqual(['KDAL']);
  });

  it('marks an observation stale when it is old, and serves the last good one stale through a malformed answer, logging once', async () => {
    let latest = 0;
    const { fetch } = fakeNws({
      [`${API}/stations/KDAL`]: () => JSON.parse(KDAL_META),
      [`${API}/stations/KDAL/observations/latest`]: () =>
        ++latest === 1 ? JSON.parse(KDAL_OBS) : { properties: { timestamp: 'yesterday' } },
    });
    const warnings: string[] = [];
    const logger: WeatherLogger = { warn: (_d, m) => warnings.push(m), info: () => {} };
    const source = createNwsObservationSource({ fetch, logger });
    const fresh = await source.observe('KDAL', new Date('2024-06-16T21:10:00Z'));
    expect(fresh?.stale).toBeUndefined();
    const kept = await source.observe('KDAL', new Date('2024-06-16T21:20:00Z'));
    expect(kept).toMatchObject({ stale: true, temperatureC: 27.2 });
    await source.observe('KDAL', new Date('2024-06-16T21:30:00Z'));
    expect(warnings).toEqual(['nws observations failed; serving last good value as stale']);
    // Three hours after the observation, even a successful answer with it is stale.
    latest = 0;
    const old = await source.observe('KDAL', new Date('2024-06-17T00:00:00Z'));
    expect(old).toMatchObject({ stale: true, observedAt: new Date('2024-06-16T20:53:00Z') });
  });

  it('serves the last good observation stale when the next requests time out, logging the outage once', async () => {
    let latest = 0;
    const { fetch } = fakeNws({
      [`${API}/stations/KDAL`]: () => JSON.parse(KDAL_META),
      [`${API}/stations/KDAL/observations/latest`]: () => (++latest === 1 ? JSON.parse(KDAL_OBS) : HANG),
    });
    const warnings: string[] = [];
    const logger: WeatherLogger = { warn: (_d, m) => warnings.push(m), info: () => {} };
    const source = createNwsObservationSource({ fetch, logger, timeoutMs: 20 });
    const fresh = await source.observe('KDAL', new Date('2024-06-16T21:10:00Z'));
    expect(fresh?.stale).toBeUndefined();
    for (const at of [new Date('2024-06-16T21:20:00Z'), new Date('2024-06-16T21:30:00Z')])
      expect(await source.observe('KDAL', at)).toMatchObject({
        stale: true,
        temperatureC: 27.2,
        observedAt: new Date('2024-06-16T20:53:00Z'),
      });
    expect(latest).toBe(3);
    expect(warnings).toEqual(['nws observations failed; serving last good value as stale']);
  });

  it('fails with SourceUnavailableError when the first request times out', async () => {
    const { fetch } = fakeNws({
      [`${API}/stations/KDAL`]: () => JSON.parse(KDAL_META),
      [`${API}/stations/KDAL/observations/latest`]: () => HANG,
    });
    const source = createNwsObservationSource({ fetch, timeoutMs: 20 });
    await expect(source.observe('KDAL', new Date('2024-06-16T21:10:00Z'))).rejects.toBeInstanceOf(
      SourceUnavailableError,
    );
  });

  it('fails with SourceUnavailableError when a station never answered', async () => {
    const { fetch } = fakeNws({});
    await expect(
      createNwsObservationSource({ fetch }).observe('KDAL', new Date('2024-06-16T21:00:00Z')),
    ).rejects.toBeInstanceOf(SourceUnavailableError);
  });
});
