// GET observations/ForLocation/{id}: current conditions of a location (spec 01 §3 'Observation for a location').
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TObservationForLocation } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';
import { ALERTS_POLL_MS } from './polling.ts';

/** Fetches the location's current conditions. */
export function getObservation(locationId: number, signal?: AbortSignal): Promise<TObservationForLocation> {
  return call('observationForLocation', { params: { id: locationId } }, { signal });
}

/** Query options: polled every 60 s, also in background tabs. */
export function getObservationQueryOptions(locationId: number) {
  return queryOptions({
    queryKey: ['observations', 'for-location', locationId],
    queryFn: ({ signal }) => getObservation(locationId, signal),
    refetchInterval: ALERTS_POLL_MS,
    refetchIntervalInBackground: true,
  });
}

/** The location's current conditions. */
export function useObservation(locationId: number) {
  return useQuery(getObservationQueryOptions(locationId));
}
