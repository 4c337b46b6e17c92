// The product's clock, chosen by main.ts at start (README 'Configuration' SIM_SPEED, ARCHITECTURE.md 'Clock'): in
// simulator mode it runs SIM_SPEED times real time from the moment it is made, so a demo (or a browser journey) sees
// an hour of weather, warnings and all-clears in a minute; with any real weather source it is real time, since a
// real source's observations, alerts and strikes happen in real time. The engine, the simulator and the API read
// this clock; sign-in, token lifetimes and their verification keep the system's (they never take the product clock).
import { acceleratedClock, systemClock, type Clock } from './platform/clock.ts';
import type { Config } from './platform/config.ts';
import { weatherSources } from './engine/weather-config.ts';

export interface ProductClock {
  clock: Clock;
  /** How many times faster than real time the clock runs (1: real time). */
  speed: number;
  /** Why SIM_SPEED is not applied, when it is set but a real weather source is configured. */
  ignored?: string;
}

/** Whether no real weather source is configured: the same rule that puts the providers in simulator mode. */
export function simulatorOnly(weather: Config['weather']): boolean {
  const { timeoutMs: _timeoutMs, ...real } = weatherSources(weather);
  return Object.values(real).every((source) => source === undefined);
}

/** The clock of this process from its configuration; `real` is the system clock (tests pass a manual one). */
export function productClock(
  config: Pick<Config, 'simulator' | 'weather'>,
  real: Clock = systemClock,
): ProductClock {
  const speed = config.simulator.speed;
  if (speed === 1) return { clock: real, speed: 1 };
  if (!simulatorOnly(config.weather))
    return {
      clock: real,
      speed: 1,
      ignored: `SIM_SPEED=${speed} is ignored: a real weather source is configured, so the clock is real time`,
    };
  return { clock: acceleratedClock(speed, real.now(), real), speed };
}
