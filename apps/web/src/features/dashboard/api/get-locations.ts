// GET /api/location: the signed-in user's locations (spec 01 §3 'Location', §7 'Locations').
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TLocation } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

/**
 * A location as the dashboard reads it. policyWarningCount is optional: the policy engine adds it, and until
 * then a location counts as not in warning.
 */
export type DashboardLocation = TLocation & { policyWarningCount?: number };

/** Fetches the user's locations. */
export function getLocations(signal?: AbortSignal): Promise<DashboardLocation[]> {
  return call('locationList', {}, { signal });
}

/** Query options for the user's locations. */
export function getLocationsQueryOptions() {
  return queryOptions({ queryKey: ['locations'], queryFn: ({ signal }) => getLocations(signal) });
}

/** The user's locations. */
export function useLocations() {
  return useQuery(getLocationsQueryOptions());
}

/** Number of locations with at least one active policy warning (spec 02 §2.2 header). */
export function countLocationsInWarning(locations: readonly DashboardLocation[]): number {
  return locations.filter((l) => (l.policyWarningCount ?? 0) > 0).length;
}
