// GET /map/ClusterStrikes?top&right&left&bottom&zoom&nonClusterLevel=8: lightning clusters and strikes of the
// viewport (spec 01 §7), refetched every 60 s, on reconnect and on focus (spec 01 §9 'lightning strikes 60 s').
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { STRIKE_CLUSTER_MAX_ZOOM, type TClusterStrikesResponse } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';
import type { LngLatBounds } from '../map-geometry.ts';

/** Lightning refetch interval, ms (spec 01 §9). */
export const STRIKES_REFETCH_MS = 60_000;

/** The query of one fetch: bounds already expanded and rounded, and the zoom floored. */
export interface StrikeViewport {
  bounds: LngLatBounds;
  zoom: number;
}

/** Fetches clustered strikes for a viewport. */
export function getClusterStrikes(
  view: StrikeViewport,
  signal?: AbortSignal,
): Promise<TClusterStrikesResponse> {
  const { north, east, west, south } = view.bounds;
  const query = {
    top: north,
    right: east,
    left: west,
    bottom: south,
    zoom: view.zoom,
    nonClusterLevel: STRIKE_CLUSTER_MAX_ZOOM,
  };
  return call('mapClusterStrikes', { query }, { signal });
}

/** Query options for the viewport's strikes. */
export function getClusterStrikesQueryOptions(view: StrikeViewport) {
  return queryOptions({
    queryKey: ['map', 'cluster-strikes', view],
    queryFn: ({ signal }) => getClusterStrikes(view, signal),
    refetchInterval: STRIKES_REFETCH_MS,
    refetchIntervalInBackground: true,
    refetchOnReconnect: 'always',
    refetchOnWindowFocus: 'always',
    placeholderData: keepPreviousData,
  });
}

/** Clustered strikes for the (debounced) viewport; idle until a viewport is known or while lightning is off. */
export function useClusterStrikes(view: StrikeViewport | null, enabled: boolean) {
  return useQuery({
    ...getClusterStrikesQueryOptions(view ?? { bounds: { west: 0, south: 0, east: 0, north: 0 }, zoom: 0 }),
    enabled: enabled && view !== null,
  });
}
