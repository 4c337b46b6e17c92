// GET PolicyWarnings/Location/{id}: active policy warnings of a location (spec 01 §3 'Policy warning (active)').
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPolicyWarnings } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';
import { ALERTS_POLL_MS } from './polling.ts';

/** Fetches the active policy warnings. */
export function getPolicyWarnings(locationId: number, signal?: AbortSignal): Promise<TPolicyWarnings> {
  return call('policyWarnings', { params: { id: locationId } }, { signal });
}

/** Query options: polled every 60 s. */
export function getPolicyWarningsQueryOptions(locationId: number) {
  return queryOptions({
    queryKey: ['policy-warnings', locationId],
    queryFn: ({ signal }) => getPolicyWarnings(locationId, signal),
    refetchInterval: ALERTS_POLL_MS,
    refetchIntervalInBackground: true,
  });
}

/** The location's active policy warnings. */
export function usePolicyWarnings(locationId: number) {
  return useQuery(getPolicyWarningsQueryOptions(locationId));
}
