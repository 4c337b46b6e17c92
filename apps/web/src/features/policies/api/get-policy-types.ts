// GET /api/policy/types: the policy types with unit, precision, direction and minimum all-clear (spec 02 §3, §5).
// Reference data: read once per session.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPolicyType } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

/** Fetches the policy types. */
export function getPolicyTypes(signal?: AbortSignal): Promise<TPolicyType[]> {
  return call('policyTypes', undefined, { signal });
}

/** Query options for the policy types (never stale within a session). */
export function getPolicyTypesQueryOptions() {
  return queryOptions({
    queryKey: ['policy-types'],
    queryFn: ({ signal }) => getPolicyTypes(signal),
    staleTime: Infinity,
  });
}

/** The policy types. */
export function usePolicyTypes() {
  return useQuery(getPolicyTypesQueryOptions());
}
