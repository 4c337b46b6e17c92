// Builds the weather providers from configuration: the seeded simulator by default, focused on the
// customers' locations so storms pass over them (issue 4).
import {
  createWeatherProviders,
  type ConfiguredWeather,
  type FocusPoint,
  type LatLon,
  type WeatherLogger,
} from '@allclear/weather';
import type { DatabaseHandle } from '../db/client.ts';
import { DEMO_VENUES } from '../db/seed/demo.ts';
import type { Config } from '../platform/config.ts';
import type { Clock } from '../platform/clock.ts';
import { weatherSources } from './weather-config.ts';
import { WeatherRepository } from './weather.repository.ts';

/**
 * The demo venue the simulator places no air quality monitor near, so the Air Quality card's 'no monitor
 * within 10 miles' state can be seen (README 'Air quality only from a monitor in reach'): Amon G. Carter
 * Stadium in Fort Worth, the one venue 15 miles or more from every other, whose monitors stand within 4 miles.
 */
export const VENUE_WITHOUT_AIR_MONITOR = DEMO_VENUES.find((v) => v.key === 'tcu')!;

const samePlace = (a: LatLon, b: LatLon) =>
  Math.abs(a.latitude - b.latitude) < 1e-4 && Math.abs(a.longitude - b.longitude) < 1e-4;

/** The simulator's focus points of the stored locations: each gets an air monitor but the excepted venue. */
export function simulatorFocusPoints(rows: readonly LatLon[]): FocusPoint[] {
  return rows
    .filter((r) => r.latitude !== 0 || r.longitude !== 0)
    .map((r) => ({
      latitude: r.latitude,
      longitude: r.longitude,
      ...(samePlace(r, VENUE_WITHOUT_AIR_MONITOR) ? { airMonitor: false } : {}),
    }));
}

/** The providers for this process; focus points are every stored location at start. */
export async function createConfiguredWeather(
  config: Config,
  db: DatabaseHandle,
  clock: Clock,
  logger?: WeatherLogger,
): Promise<ConfiguredWeather> {
  const focusPoints = simulatorFocusPoints(await new WeatherRepository(db.db).listLocationPlaces());
  return createWeatherProviders({
    // Real sources chosen by ALERTS_SOURCE, FORECAST_SOURCE, ... (none set: the simulator for all).
    ...weatherSources(config.weather, focusPoints),
    simulator: { seed: config.simulator.seed, startTime: clock.now(), focusPoints },
    now: () => clock.now(),
    logger,
  });
}
