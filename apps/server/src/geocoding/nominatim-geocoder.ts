// Adapter for a Nominatim-compatible geocoding service (OpenStreetMap Nominatim, LocationIQ, ...),
// selected by GEOCODER_URL (and GEOCODER_KEY when the service needs one). Answers use the
// documented `format=jsonv2` shape: `lat`/`lon` as text, `display_name`, and `address` parts.
import { AUTOCOMPLETE_SUGGESTIONS } from '@allclear/contracts';
import { GEOCODER_TIMEOUT_MS } from '../platform/config.ts';
import type { GeocodeResult, Geocoder } from './geocoder.ts';
import { usStateCode } from './us-states.ts';

export interface NominatimAddress {
  city?: string;
  town?: string;
  village?: string;
  hamlet?: string;
  municipality?: string;
  county?: string;
  state?: string;
  country?: string;
  country_code?: string;
}

export interface NominatimPlace {
  lat: string;
  lon: string;
  display_name: string;
  address?: NominatimAddress;
}

export class GeocoderError extends Error {}

export interface NominatimOptions {
  url: string;
  key?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** 'Dallas, TX' for a US place with a known state, else the service's display name. */
export function nominatimLabel(place: NominatimPlace): string {
  const a = place.address;
  const town = a?.city ?? a?.town ?? a?.village ?? a?.hamlet ?? a?.municipality;
  const state = usStateCode(a?.state);
  if (a?.country_code?.toLowerCase() === 'us' && town && state) return `${town}, ${state}`;
  return place.display_name;
}

function toResult(place: NominatimPlace): GeocodeResult | null {
  const latitude = Number(place.lat);
  const longitude = Number(place.lon);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  return { label: nominatimLabel(place), latitude, longitude };
}

/** A geocoder calling a Nominatim-compatible service; throws GeocoderError on timeout or a bad answer. */
export function createNominatimGeocoder(opts: NominatimOptions): Geocoder {
  const base = opts.url.replace(/\/$/, '');
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? GEOCODER_TIMEOUT_MS;

  async function call(path: string, params: Record<string, string>): Promise<unknown> {
    const search = new URLSearchParams({ ...params, format: 'jsonv2', addressdetails: '1' });
    if (opts.key) search.set('key', opts.key);
    let res: Response;
    try {
      res = await doFetch(`${base}/${path}?${search}`, {
        headers: { accept: 'application/json', 'user-agent': 'AllClear geocoder' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new GeocoderError(
        timedOut ? `geocoder timed out after ${timeoutMs} ms` : `geocoder unreachable: ${String(err)}`,
      );
    }
    if (!res.ok) throw new GeocoderError(`geocoder answered ${res.status}`);
    return res.json();
  }

  const searchPlaces = async (text: string, limit: number) => {
    const body = await call('search', { q: text, limit: String(limit) });
    if (!Array.isArray(body)) throw new GeocoderError('geocoder answer is not a list');
    return (body as NominatimPlace[]).map(toResult).filter((r): r is GeocodeResult => r !== null);
  };

  return {
    autocomplete: (text, limit = AUTOCOMPLETE_SUGGESTIONS) => searchPlaces(text, limit),
    search: (text, limit = 5) => searchPlaces(text, limit),
    async reverse(latitude, longitude) {
      const body = (await call('reverse', { lat: String(latitude), lon: String(longitude) })) as
        NominatimPlace | { error: string };
      if ('error' in body) return null;
      const result = toResult(body);
      return result ? { ...result, latitude, longitude } : null;
    },
  };
}
