// The geocoder the location form uses: forward search, address autocomplete and reverse lookup
// (spec 01 §7 'Geocoding by address or coordinates and address autocomplete'), in degrees.
import type { TGeocodeSuggestion } from '@allclear/contracts';

export type GeocodeResult = TGeocodeSuggestion;

export interface Geocoder {
  /** Up to `limit` places whose names start with the text, best first. */
  autocomplete(text: string, limit?: number): Promise<GeocodeResult[]>;
  /** Places matching a city, place or address text, best first. */
  search(text: string, limit?: number): Promise<GeocodeResult[]>;
  /** The readable place nearest to a point ('Dallas, TX'); null when nothing is near. */
  reverse(latitude: number, longitude: number): Promise<GeocodeResult | null>;
}

/** A coordinate pair typed as text ('32.78, -96.80'), or undefined. */
export function parseCoordinateText(text: string): { latitude: number; longitude: number } | undefined {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*[,\s]\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!m) return undefined;
  const latitude = Number(m[1]);
  const longitude = Number(m[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return { latitude, longitude };
}
