// Builds the weather providers from configuration: the seeded simulator by default, focused on the
// customers' locations so storms pass over them (issue 4).
import { createWeatherProviders, type ConfiguredWeather, type WeatherLogger } from '@allclear/weather';
import type { DatabaseHandle } from '../db/client.ts';
import { locations } from '../db/schema/index.ts';
import type { Config } from '../platform/config.ts';
import type { Clock } from '../platform/clock.ts';
import { weatherSourcesFromEnv } from './weather-config.ts';

/** The providers for this process; focus points are every stored location at start. */
export async function createConfiguredWeather(
  config: Config,
  db: DatabaseHandle,
  clock: Clock,
  logger?: WeatherLogger,
): Promise<ConfiguredWeather> {
  const rows = await db.db
    .select({ latitude: locations.latitude, longitude: locations.longitude })
    .from(locations);
  const focusPoints = rows.filter((r) => r.latitude !== 0 || r.longitude !== 0);
  return createWeatherProviders({
    // Real sources chosen by ALERTS_SOURCE, FORECAST_SOURCE, ... (none set: the simulator for all).
    ...weatherSourcesFromEnv(process.env, focusPoints),
    simulator: { seed: config.simSeed, startTime: clock.now(), focusPoints },
    now: () => clock.now(),
    logger,
  });
}
