// SIM_SPEED wiring (README 'Configuration'): main.ts takes its clock from productClock(config). In simulator mode
// the clock runs SIM_SPEED times real time from the moment it is made; unset (1) it is the system clock itself; with
// any real weather source SIM_SPEED is ignored, said so, and the clock is real time.
import { describe, expect, it } from 'vitest';
import { createWeatherProviders } from '@allclear/weather';
import { weatherSources } from './engine/weather-config.ts';
import { ManualClock, systemClock } from './platform/clock.ts';
import { loadConfig } from './platform/config.ts';
import { productClock, simulatorOnly } from './product-clock.ts';

const START = '2026-07-01T17:00:00.000Z';
const config = (env: Record<string, string> = {}) => loadConfig({ APP_ENV: 'test', ...env });

describe('productClock', () => {
  it('is the system clock when SIM_SPEED is unset', () => {
    const product = productClock(config());
    expect(product).toEqual({ clock: systemClock, speed: 1 });
  });

  it('runs SIM_SPEED times real time in simulator mode, from the moment it is made', () => {
    const real = new ManualClock(START);
    const product = productClock(config({ SIM_SPEED: '30' }), real);
    expect(product.speed).toBe(30);
    expect(product.ignored).toBeUndefined();
    expect(product.clock.now().toISOString()).toBe(START);
    real.advance(20_000); // 20 s of real time ...
    expect(product.clock.now().toISOString()).toBe('2026-07-01T17:10:00.000Z'); // ... are 10 minutes
    real.advance(2 * 60_000);
    expect(product.clock.now().toISOString()).toBe('2026-07-01T18:10:00.000Z');
  });

  it('accepts a fractional speed (slower than real time)', () => {
    const real = new ManualClock(START);
    const product = productClock(config({ SIM_SPEED: '0.5' }), real);
    real.advance(60_000);
    expect(product.clock.now().toISOString()).toBe('2026-07-01T17:00:30.000Z');
  });

  it('keeps real time, and says why, when any real weather source is configured', () => {
    const realSources: Record<string, string>[] = [
      { FORECAST_SOURCE: 'open-meteo' },
      { ALERTS_SOURCE: 'nws' },
      { OBSERVATIONS_SOURCE: 'nws' },
      { AIR_QUALITY_SOURCE: 'open-meteo' },
      { TROPICAL_SOURCE: 'nhc' },
      { LIGHTNING_FEED_URL: 'wss://feed.example/strikes' },
    ];
    for (const env of realSources) {
      const real = new ManualClock(START);
      const product = productClock(config({ SIM_SPEED: '30', ...env }), real);
      expect(product.speed, JSON.stringify(env)).toBe(1);
      expect(product.clock, JSON.stringify(env)).toBe(real);
      expect(product.ignored, JSON.stringify(env)).toMatch(/SIM_SPEED=30 is ignored: a real weather source/);
    }
  });

  it('reads simulator mode as the weather providers do', () => {
    const settings: Record<string, string>[] = [
      {},
      { RADAR_SOURCE: 'iem' }, // the map's radar images alone do not leave simulator mode
      { FORECAST_SOURCE: 'nws' },
      { OBSERVATIONS_SOURCE: 'nws', NWS_STATIONS: 'KDAL' },
      { LIGHTNING_FEED_URL: 'mqtt://broker.example' },
    ];
    for (const env of settings) {
      const c = config(env);
      const weather = createWeatherProviders({
        ...weatherSources(c.weather),
        simulator: { seed: 1, startTime: new Date(START) },
        now: () => new Date(START),
      });
      expect(simulatorOnly(c.weather), JSON.stringify(env)).toBe(weather.simulatorMode);
      void weather.close();
    }
  });
});
