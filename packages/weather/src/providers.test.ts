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
});
