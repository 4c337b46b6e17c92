// Which real weather sources to use, from the environment (listed in the README's configuration
// table). Unset, every concern is the simulator; any real source set turns simulator mode (and with
// it the scenario API) off.
import type { LatLon, WeatherConfig } from '@allclear/weather';
import { z } from 'zod';

const Schema = z.object({
  ALERTS_SOURCE: z.enum(['simulator', 'nws']).default('simulator'),
  FORECAST_SOURCE: z.enum(['simulator', 'open-meteo', 'nws']).default('simulator'),
  OBSERVATIONS_SOURCE: z.enum(['simulator', 'nws']).default('simulator'),
  AIR_QUALITY_SOURCE: z.enum(['simulator', 'open-meteo']).default('simulator'),
  TROPICAL_SOURCE: z.enum(['simulator', 'nhc']).default('simulator'),
  NWS_STATIONS: z
    .string()
    .regex(
      /^[A-Za-z0-9]{3,5}(,[A-Za-z0-9]{3,5})*$/,
      'must be station ids separated by commas, e.g. KDAL,KDFW',
    )
    .optional(),
  NWS_USER_AGENT: z.string().min(1).optional(),
  LIGHTNING_FEED_URL: z
    .string()
    .regex(/^(wss?|mqtts?):\/\/.+/i, 'must be a ws://, wss://, mqtt:// or mqtts:// URL')
    .optional(),
  LIGHTNING_FEED_TOPIC: z.string().min(1).optional(),
  WEATHER_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
});

/** The real sources part of WeatherConfig (the simulator, clock and logger are added by the caller). */
export type WeatherSources = Pick<
  WeatherConfig,
  'alerts' | 'forecast' | 'observations' | 'airQuality' | 'tropical' | 'lightning' | 'timeoutMs'
>;

/**
 * Reads the weather source variables; `points` (the customers' locations) get their nearest NWS
 * station when OBSERVATIONS_SOURCE=nws. Throws naming every bad variable.
 */
export function weatherSourcesFromEnv(
  env: Record<string, string | undefined> = process.env,
  points: LatLon[] = [],
): WeatherSources {
  // An empty variable means unset, as in the main configuration.
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = Schema.safeParse(set);
  if (!parsed.success) {
    throw new Error(
      `Invalid weather configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
  }
  const e = parsed.data;
  const userAgent = e.NWS_USER_AGENT;
  return {
    timeoutMs: e.WEATHER_TIMEOUT_MS,
    ...(e.ALERTS_SOURCE === 'nws' && { alerts: { kind: 'nws', userAgent } }),
    ...(e.FORECAST_SOURCE === 'nws' && { forecast: { kind: 'nws', userAgent } }),
    ...(e.FORECAST_SOURCE === 'open-meteo' && { forecast: { kind: 'open-meteo' } }),
    ...(e.OBSERVATIONS_SOURCE === 'nws' && {
      observations: {
        kind: 'nws',
        stationIds: e.NWS_STATIONS?.toUpperCase().split(',') ?? [],
        points,
        userAgent,
      },
    }),
    ...(e.AIR_QUALITY_SOURCE === 'open-meteo' && { airQuality: { kind: 'open-meteo' } }),
    ...(e.TROPICAL_SOURCE === 'nhc' && { tropical: { kind: 'nhc' } }),
    ...(e.LIGHTNING_FEED_URL && {
      lightning: { kind: 'feed', url: e.LIGHTNING_FEED_URL, topic: e.LIGHTNING_FEED_TOPIC },
    }),
  };
}
