// Chooses the geocoder by configuration: a Nominatim-compatible service when GEOCODER_URL is set
// (falling back to the offline gazetteer when it fails or times out), else the offline gazetteer.
import type { GeocodingSettings } from '../platform/config.ts';
import type { Geocoder } from './geocoder.ts';
import { createNominatimGeocoder } from './nominatim-geocoder.ts';
import { createOfflineGeocoder } from './offline-geocoder.ts';

export type { Geocoder, GeocodeResult } from './geocoder.ts';
export { createOfflineGeocoder } from './offline-geocoder.ts';
export { createNominatimGeocoder, GeocoderError } from './nominatim-geocoder.ts';

/** Tries `primary`; any failure answers from `fallback` (spec 01 §8: geocoding failures are silent). */
export function withFallback(
  primary: Geocoder,
  fallback: Geocoder,
  onError: (err: unknown) => void = () => {},
): Geocoder {
  const guard =
    <A extends unknown[], R>(f: (g: Geocoder) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await f(primary)(...args);
      } catch (err) {
        onError(err);
        return f(fallback)(...args);
      }
    };
  return {
    autocomplete: guard((g) => g.autocomplete.bind(g)),
    search: guard((g) => g.search.bind(g)),
    reverse: guard((g) => g.reverse.bind(g)),
  };
}

/** The geocoder of the geocoding section (GEOCODER_URL, GEOCODER_KEY, GEOCODER_TIMEOUT_MS; offline when unset). */
export function createConfiguredGeocoder(
  settings: GeocodingSettings,
  onError?: (err: unknown) => void,
): Geocoder {
  const offline = createOfflineGeocoder();
  if (!settings.url) return offline;
  const remote = createNominatimGeocoder({
    url: settings.url,
    key: settings.key,
    timeoutMs: settings.timeoutMs,
  });
  return withFallback(remote, offline, onError);
}
