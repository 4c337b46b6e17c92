// GET TRiskProfile/{id}: the risk levels of a work/rest profile (spec 02 §7).
import type { TRiskProfile } from '@allclear/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** Fetches a risk profile. */
export function getRiskProfile(id: number, signal?: AbortSignal): Promise<TRiskProfile> {
  return call('riskProfile', { params: { id } }, { signal });
}

/** Query options: no polling. */
export function getRiskProfileQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['risk-profile', id],
    queryFn: ({ signal }) => getRiskProfile(id, signal),
  });
}

/** A risk profile (idle without an id). */
export function useRiskProfile(id: number | null) {
  return useQuery({ ...getRiskProfileQueryOptions(id ?? 0), enabled: id !== null });
}
