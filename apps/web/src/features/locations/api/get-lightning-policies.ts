// GET /api/location/LightningPolicies: the organisation's LR1..LR4 policies that lock a location's zones and
// all-clear timer (spec 01 §4 'Policy lock').
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TLightningPolicy } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

/** Fetches the organisation's lightning policies. */
export function getLightningPolicies(signal?: AbortSignal): Promise<TLightningPolicy[]> {
  return call('locationLightningPolicies', undefined, { signal });
}

/** Query options for the organisation's lightning policies. */
export function getLightningPoliciesQueryOptions() {
  return queryOptions({
    queryKey: ['lightning-policies'],
    queryFn: ({ signal }) => getLightningPolicies(signal),
  });
}

/** The organisation's lightning policies, fetched while `enabled`. */
export function useLightningPolicies(enabled = true) {
  return useQuery({ ...getLightningPoliciesQueryOptions(), enabled });
}
