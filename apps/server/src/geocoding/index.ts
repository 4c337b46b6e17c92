// Chooses the geocoder by configuration: a Nominatim-compatible service when GEOCODER_URL is set
// (falling back to the offline gazetteer when it fails or times out), else the offline gazetteer.
import { z } from 'zod';
import type { Geocoder } from './geocoder.ts';
import { createNominatimGeocoder, GEOCODER_TIMEOUT_MS } from './nominatim-geocoder.ts';
import { createOfflineGeocoder } from './offline-geocoder.ts';

export type { Geocoder, GeocodeResult } from './geocoder.ts';
export { createOfflineGeocoder } from './offline-geocoder.ts';
export { createNominatimGeocoder, GeocoderError } from './nominatim-geocoder.ts';

const GeocoderEnv = z.object({
  GEOCODER_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  GEOCODER_KEY: z.string().optional(),
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().positive().default(GEOCODER_TIMEOUT_MS),
});

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

/** The geocoder configured by GEOCODER_URL / GEOCODER_KEY / GEOCODER_TIMEOUT_MS (offline when unset). */
export function createConfiguredGeocoder(
  env: Record<string, string | undefined> = process.env,
  onError?: (err: unknown) => void,
): Geocoder {
  const e = GeocoderEnv.parse(env);
  const offline = createOfflineGeocoder();
  if (!e.GEOCODER_URL) return offline;
  const remote = createNominatimGeocoder({
    url: e.GEOCODER_URL,
    key: e.GEOCODER_KEY,
    timeoutMs: e.GEOCODER_TIMEOUT_MS,
  });
  return withFallback(remote, offline, onError);
}
