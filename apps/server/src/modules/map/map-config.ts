// Configuration of the map service: the map section of the configuration (platform/config.ts; its
// variables RADAR_SOURCE, MAP_STYLE_URL, MAP_API_KEY, SATELLITE_TILES_URL, MAP_IMAGE_CACHE_MB and
// IEM_TIMEOUT_MS are in the README).
import type { MapSettings } from '../../platform/config.ts';

export interface MapConfig extends MapSettings {
  /** Base of the IEM WMS-T (tests point it at a fake). */
  iemBaseUrl?: string;
}

/** A configured URL with `{key}` replaced by the API key (URL-encoded). */
export function withApiKey(url: string, key: string | undefined): string {
  return key === undefined ? url : url.replaceAll('{key}', encodeURIComponent(key));
}
