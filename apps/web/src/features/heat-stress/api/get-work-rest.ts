// GET WorkRest/ForLocation/{organizationLocationId}: the venue's work/rest profile, null without one (spec 02 §7).
import type { TWorkRestProfile } from '@allclear/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** Fetches the work/rest profile. */
export function getWorkRestProfile(
  organizationLocationId: number,
  signal?: AbortSignal,
): Promise<TWorkRestProfile | null> {
  return call('workRestForOrganizationLocation', { params: { organizationLocationId } }, { signal });
}

/** Query options: profiles change rarely, so no polling; the 60 s stale rule refreshes them on mount. */
export function getWorkRestProfileQueryOptions(organizationLocationId: number) {
  return queryOptions({
    queryKey: ['work-rest', organizationLocationId],
    queryFn: ({ signal }) => getWorkRestProfile(organizationLocationId, signal),
  });
}

/** The work/rest profile of an organisation location (idle without one). */
export function useWorkRestProfile(organizationLocationId: number | null) {
  return useQuery({
    ...getWorkRestProfileQueryOptions(organizationLocationId ?? 0),
    enabled: organizationLocationId !== null,
  });
}
