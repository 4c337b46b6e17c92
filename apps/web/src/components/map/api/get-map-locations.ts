// GET /api/location: the user's saved locations, for the master-map markers and the Live Radar / Broadcast
// location pickers. Same endpoint and query key as the dashboard's list, so both read one cache entry.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TLocation } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

/** Fetches the user's locations. */
export function getMapLocations(signal?: AbortSignal): Promise<TLocation[]> {
  return call('locationList', {}, { signal });
}

/** Query options for the user's locations (key ['locations'], shared with the dashboard). */
export function getMapLocationsQueryOptions() {
  return queryOptions({ queryKey: ['locations'], queryFn: ({ signal }) => getMapLocations(signal) });
}

/** The user's saved locations. */
export function useMapLocations() {
  return useQuery(getMapLocationsQueryOptions());
}
