import { createWeatherProviders, type LatLon } from '@allclear/weather';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config.ts';
import { weatherSources } from './weather-config.ts';

const sourcesOf = (env: Record<string, string | undefined>, points?: LatLon[]) =>
  weatherSources(loadConfig(env).weather, points);

const startTime = new Date('2026-06-15T20:00:00Z');

describe('weather sources from the configuration', () => {
  it('configures no real source by default, so the simulator (and its scenario API) stays on', async () => {
    const sources = sourcesOf({});
    expect(sources).toEqual({ timeoutMs: 10_000 });
    const weather = createWeatherProviders({
      ...sources,
      simulator: { seed: 1, startTime },
      now: () => startTime,
    });
    expect(weather.simulatorMode).toBe(true);
    await weather.close();
  });

  it('selects NWS forecasts, NWS observations for listed stations and nearby points, NHC and an MQTT lightning feed', () => {
    const points = [{ latitude: 32.78, longitude: -96.8 }];
    const sources = sourcesOf(
      {
        FORECAST_SOURCE: 'nws',
        OBSERVATIONS_SOURCE: 'nws',
        NWS_STATIONS: 'kdal,KDFW',
        NWS_USER_AGENT: 'AllClear (ops@example.org)',
        TROPICAL_SOURCE: 'nhc',
        LIGHTNING_FEED_URL: 'mqtts://feed.example.org:8883',
        LIGHTNING_FEED_TOPIC: 'strikes/us',
        WEATHER_TIMEOUT_MS: '5000',
      },
      points,
    );
    expect(sources).toEqual({
      timeoutMs: 5000,
      forecast: { kind: 'nws', userAgent: 'AllClear (ops@example.org)' },
      observations: {
        kind: 'nws',
        stationIds: ['KDAL', 'KDFW'],
        points,
        userAgent: 'AllClear (ops@example.org)',
      },
      tropical: { kind: 'nhc' },
      lightning: { kind: 'feed', url: 'mqtts://feed.example.org:8883', topic: 'strikes/us' },
    });
  });

  it('turns simulator mode off when only one real source is chosen', async () => {
    for (const env of [
      { TROPICAL_SOURCE: 'nhc' },
      { OBSERVATIONS_SOURCE: 'nws' },
      { FORECAST_SOURCE: 'open-meteo' },
    ]) {
      const weather = createWeatherProviders({
        ...sourcesOf(env),
        simulator: { seed: 1, startTime },
        now: () => startTime,
      });
      expect(weather.simulatorMode, JSON.stringify(env)).toBe(false);
      await weather.close();
    }
  });

  it('treats empty variables as unset and refuses bad values, naming each', () => {
    expect(sourcesOf({ FORECAST_SOURCE: '', LIGHTNING_FEED_URL: '' })).toEqual({
      timeoutMs: 10_000,
    });
    expect(() =>
      sourcesOf({
        FORECAST_SOURCE: 'accuweather',
        LIGHTNING_FEED_URL: 'http://feed.example.org',
        NWS_STATIONS: 'KDAL; KDFW',
      }),
    ).toThrow(/FORECAST_SOURCE[\s\S]*NWS_STATIONS[\s\S]*LIGHTNING_FEED_URL/);
  });
});
