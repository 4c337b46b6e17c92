// GET /api/organizationLocation: the organisation's locations offered by the location form's selector
// (spec 01 §3 'Organization location', §7 'Organisation locations and sites').
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrganizationLocation } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

/** Fetches the organisation's locations. */
export function getOrganizationLocations(signal?: AbortSignal): Promise<TOrganizationLocation[]> {
  return call('organizationLocationList', undefined, { signal });
}

/** Query options for the organisation's locations. */
export function getOrganizationLocationsQueryOptions() {
  return queryOptions({
    queryKey: ['organization-locations'],
    queryFn: ({ signal }) => getOrganizationLocations(signal),
  });
}

/** The organisation's locations, fetched while `enabled`. */
export function useOrganizationLocations(enabled = true) {
  return useQuery({ ...getOrganizationLocationsQueryOptions(), enabled });
}

/**
 * The selector's options: organisation locations not used by another saved location, plus the one
 * `inUseId` (the location being edited keeps its own) (spec 01 §5 'Location fields').
 */
export function selectableOrganizationLocations(
  all: readonly TOrganizationLocation[],
  usedIds: readonly (number | null | undefined)[],
  inUseId: number | null | undefined,
): TOrganizationLocation[] {
  const used = new Set(usedIds.filter((id): id is number => id != null && id !== inUseId));
  return all.filter((o) => !used.has(o.id));
}
