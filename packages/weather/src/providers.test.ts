import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FetchLike } from './adapters/resilient-fetch.ts';
import { createWeatherProviders } from './providers.ts';

const startTime = new Date('2024-07-19T20:00:00Z');
const now = () => startTime;

describe('createWeatherProviders', () => {
  it('uses the simulator for everything, in simulator mode, when nothing is configured', async () => {
    const weather = createWeatherProviders({ simulator: { seed: 1, startTime }, now });
    expect(weather.simulatorMode).toBe(true);
    expect(weather.providers.strikes).toBe(weather.simulator.strikes);
    expect(weather.providers.alerts).toBe(weather.simulator.alerts);
    expect(
      (await weather.providers.forecast.hourly({ latitude: 32.78, longitude: -96.8 }, startTime)).source,
    ).toBe('simulator');
    await weather.close();
  });

  it('serves NWS alerts when configured, and leaves simulator mode', async () => {
    const phoenix = readFileSync(
      new URL(
        '../fixtures/nws/excessive_heat_warning_and_air_quality_alert_phoenix_2024-07-18.json',
        import.meta.url,
      ),
      'utf8',
    );
    const fetch: FetchLike = async (url) =>
      url.includes('/points/')
        ? {
            ok: true,
            status: 200,
            json: async () => ({
              properties: { forecastZone: 'https://api.weather.gov/zones/forecast/AZZ543' },
            }),
          }
        : { ok: true, status: 200, json: async () => JSON.parse(phoenix) };
    const weather = createWeatherProviders({
      simulator: { seed: 1, startTime },
      alerts: { kind: 'nws' },
      fetch,
      now,
    });
    expect(weather.simulatorMode).toBe(false);
    const alerts = await weather.providers.alerts.alertsForPoint(
      { latitude: 33.45, longitude: -112.07 },
      startTime,
    );
    expect(alerts.map((a) => [a.event, a.source])).toContainEqual(['Excessive Heat Warning', 'nws']);
    expect(weather.providers.strikes).toBe(weather.simulator.strikes);
    await weather.close();
  });

  it('leaves simulator mode whenever any one real source is configured', async () => {
    const configs = [
      { forecast: { kind: 'nws' as const } },
      { forecast: { kind: 'open-meteo' as const } },
      { observations: { kind: 'nws' as const, stationIds: ['KDAL'] } },
      { tropical: { kind: 'nhc' as const } },
      { airQuality: { kind: 'open-meteo' as const } },
      // Nothing listens on port 1: the feed just keeps retrying until closed.
      { lightning: { kind: 'feed' as const, url: 'mqtt://127.0.0.1:1', topic: 'x/strikes' } },
    ];
    for (const extra of configs) {
      const weather = createWeatherProviders({ simulator: { seed: 1, startTime }, now, ...extra });
      expect(weather.simulatorMode, JSON.stringify(extra)).toBe(false);
      await weather.close();
    }
  });

  it('serves NWS forecasts and observations and NHC tropical systems when configured', async () => {
    const nws = (name: string) => readFileSync(new URL(`../fixtures/nws/${name}`, import.meta.url), 'utf8');
    const routes: Record<string, string> = {
      'https://api.weather.gov/points/32.7767,-96.797': nws('points-dallas.json'),
      'https://api.weather.gov/gridpoints/FWD/89,104/forecast/hourly': nws(
        'forecast-hourly-dallas-2024-06-15.json',
      ),
      'https://api.weather.gov/stations/KDAL': nws('station-KDAL.json'),
      'https://api.weather.gov/stations/KDAL/observations/latest': nws(
        'observation-KDAL-2024-06-16T2053Z.json',
      ),
      'https://www.nhc.noaa.gov/CurrentStorms.json': JSON.stringify({ activeStorms: [] }),
    };
    const fetch: FetchLike = async (url) =>
      routes[url]
        ? { ok: true, status: 200, json: async () => JSON.parse(routes[url]!) }
        : { ok: false, status: 404, json: async () => ({}) };
    const weather = createWeatherProviders({
      simulator: { seed: 1, startTime },
      forecast: { kind: 'nws' },
      observations: { kind: 'nws', stationIds: ['KDAL'] },
      tropical: { kind: 'nhc' },
      fetch,
      now,
    });
    const point = { latitude: 32.7767, longitude: -96.797 };
    const hourly = await weather.providers.forecast.hourly(point, new Date('2024-06-15T12:00:00Z'));
    expect(hourly.source).toBe('nws forecast');
    expect((await weather.providers.observations.stations()).map((s) => s.id)).toEqual(['KDAL']);
    const observed = await weather.providers.observations.observe('KDAL', new Date('2024-06-16T21:00:00Z'));
    expect(observed?.source).toBe('nws observations');
    expect(await weather.providers.tropical.active(startTime)).toEqual([]);
    await weather.close();
  });
});
