// Geocoding calls: address autocomplete, forward search and reverse lookup (spec 01 §7 'Radar frames and viewport data').
import { z } from 'zod';

/** How many suggestions the address autocomplete returns (spec 01 §2 'address autocomplete (3 matches)'). */
export const AUTOCOMPLETE_SUGGESTIONS = 3;

/** A place the geocoder found (degrees). */
export const ZGeocodeSuggestion = z.object({
  label: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type TGeocodeSuggestion = z.infer<typeof ZGeocodeSuggestion>;

/** `GET Geocode/Autocomplete?q` and `GET Geocode/Search?q`. */
export const ZGeocodeQuery = z.object({ q: z.string().trim().min(1).max(200) });

/** `GET Geocode/Reverse?latitude&longitude` (degrees). */
export const ZReverseGeocodeQuery = z.object({
  latitude: z.coerce.number().min(-90).max(90),
  longitude: z.coerce.number().min(-180).max(180),
});
