// GET /map/StormVectors/All: storm cells with movement (spec 01 §7), every 5 minutes (spec 01 §9).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TStormVectorsResponse } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

/** Storm vectors refetch interval, ms (spec 01 §9 'Storm vectors every 5 min'). */
export const STORM_VECTORS_REFETCH_MS = 5 * 60_000;

/** Fetches every storm cell. */
export function getStormVectors(signal?: AbortSignal): Promise<TStormVectorsResponse> {
  return call('mapStormVectors', {}, { signal });
}

/** Query options for the storm cells. */
export function getStormVectorsQueryOptions() {
  return queryOptions({
    queryKey: ['map', 'storm-vectors'],
    queryFn: ({ signal }) => getStormVectors(signal),
    refetchInterval: STORM_VECTORS_REFETCH_MS,
    refetchIntervalInBackground: true,
  });
}

/** Storm cells while the overlay is on. */
export function useStormVectors(enabled: boolean) {
  return useQuery({ ...getStormVectorsQueryOptions(), enabled });
}
