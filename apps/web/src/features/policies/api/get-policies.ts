// GET /api/policy: the caller's customer's policies they may see (an Assistant Admin: their group's), each with
// what the caller may do to it (spec 02 §7 'Policies and settings', §2.10).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPolicy } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

/** Fetches the policies. */
export function getPolicies(signal?: AbortSignal): Promise<TPolicy[]> {
  return call('policyList', undefined, { signal });
}

/** Query options for the policies. */
export function getPoliciesQueryOptions() {
  return queryOptions({ queryKey: ['policies'], queryFn: ({ signal }) => getPolicies(signal) });
}

/** The policies. */
export function usePolicies() {
  return useQuery(getPoliciesQueryOptions());
}
