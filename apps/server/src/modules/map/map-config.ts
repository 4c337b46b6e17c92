// Configuration of the map service, read from the environment (listed in the README):
// RADAR_SOURCE, MAP_STYLE_URL, MAP_API_KEY, SATELLITE_TILES_URL, MAP_IMAGE_CACHE_MB.
import { z } from 'zod';

const MapEnv = z.object({
  RADAR_SOURCE: z.enum(['simulator', 'iem']).default('simulator'),
  MAP_STYLE_URL: z.url().optional(),
  MAP_API_KEY: z.string().optional(),
  SATELLITE_TILES_URL: z.string().min(1).optional(),
  MAP_IMAGE_CACHE_MB: z.coerce.number().positive().default(128),
  IEM_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
});

export interface MapConfig {
  /** Where radar images come from: rendered from the simulator, or proxied from IEM NEXRAD. */
  radarSource: 'simulator' | 'iem';
  /** A MapLibre style URL that replaces our offline styles (`{key}` replaced by mapApiKey). */
  mapStyleUrl: string | undefined;
  mapApiKey: string | undefined;
  /** XYZ imagery template for the satellite style (`{key}` replaced by mapApiKey). */
  satelliteTilesUrl: string | undefined;
  /** Bound of the image LRU, bytes. */
  imageCacheBytes: number;
  /** Timeout of a proxied radar image request, ms. */
  iemTimeoutMs: number;
  /** Base of the IEM WMS-T (tests point it at a fake). */
  iemBaseUrl?: string;
}

/** Reads the map service's variables; throws naming the bad one. */
export function loadMapConfig(env: Record<string, string | undefined> = process.env): MapConfig {
  const parsed = MapEnv.safeParse(env);
  if (!parsed.success) {
    throw new Error(
      `Invalid map configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const e = parsed.data;
  return {
    radarSource: e.RADAR_SOURCE,
    mapStyleUrl: e.MAP_STYLE_URL,
    mapApiKey: e.MAP_API_KEY,
    satelliteTilesUrl: e.SATELLITE_TILES_URL,
    imageCacheBytes: e.MAP_IMAGE_CACHE_MB * 1024 * 1024,
    iemTimeoutMs: e.IEM_TIMEOUT_MS,
  };
}

/** A configured URL with `{key}` replaced by the API key (URL-encoded). */
export function withApiKey(url: string, key: string | undefined): string {
  return key === undefined ? url : url.replaceAll('{key}', encodeURIComponent(key));
}
