// GET /api/Geocode/Autocomplete?q: three address suggestions for the location form, asked once the
// user pauses typing (spec 01 §2 'address (locationName) with autocomplete'; geocoding failures are silent, §8).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TGeocodeSuggestion } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

/** Pause in typing before suggestions are asked for, ms. */
export const AUTOCOMPLETE_DEBOUNCE_MS = 250;
/** Shortest text that asks for suggestions, characters. */
export const AUTOCOMPLETE_MIN_CHARS = 2;

/** Fetches up to three suggestions for the typed text. */
export function getAddressSuggestions(text: string, signal?: AbortSignal): Promise<TGeocodeSuggestion[]> {
  return call('geocodeAutocomplete', { query: { q: text } }, { signal });
}

/** Query options for the suggestions of one text. */
export function getAddressSuggestionsQueryOptions(text: string) {
  return queryOptions({
    queryKey: ['geocode', 'autocomplete', text],
    queryFn: ({ signal }) => getAddressSuggestions(text, signal),
    staleTime: Infinity,
    retry: false,
  });
}

/** The value after it stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** Suggestions for the typed text, asked after a pause; none for fewer than two characters or on failure. */
export function useAddressSuggestions(text: string, enabled: boolean) {
  const debounced = useDebouncedValue(text.trim(), AUTOCOMPLETE_DEBOUNCE_MS);
  const query = useQuery({
    ...getAddressSuggestionsQueryOptions(debounced),
    enabled: enabled && debounced.length >= AUTOCOMPLETE_MIN_CHARS,
    placeholderData: keepPreviousData,
  });
  return query.isError ? [] : (query.data ?? []);
}
