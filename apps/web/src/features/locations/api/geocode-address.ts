// GET /api/Geocode/Search?q and GET /api/Geocode/Reverse?latitude&longitude: the address pick and its
// fallback (spec 01 §8: when an address pick fails, the current coordinates are reverse-geocoded).
import type { TGeocodeSuggestion } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

/** The best place for a typed address; undefined when none. */
export async function searchAddress(text: string): Promise<TGeocodeSuggestion | undefined> {
  const hits = await call('geocodeSearch', { query: { q: text } });
  return hits[0];
}

/** The readable place at a point ('Dallas, TX'); null when none. */
export function reverseGeocode(latitude: number, longitude: number): Promise<TGeocodeSuggestion | null> {
  return call('geocodeReverse', { query: { latitude, longitude } });
}

/**
 * Resolves a typed address to a place; when that fails or finds nothing, the address becomes the
 * reverse-geocoded current coordinates (spec 01 §8). Undefined when both fail (silently).
 */
export async function pickAddress(
  text: string,
  current: { latitude: number; longitude: number },
): Promise<TGeocodeSuggestion | undefined> {
  try {
    const hit = await searchAddress(text);
    if (hit) return hit;
  } catch {
    // fall through to the reverse lookup
  }
  try {
    return (await reverseGeocode(current.latitude, current.longitude)) ?? undefined;
  } catch {
    return undefined;
  }
}
