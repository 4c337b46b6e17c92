// GET Observations/Historical/{id}?hours: the conditions timeline's points (spec 01 §3 'Observation history point').
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TObservationHistoryPoint } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';
import { FIVE_MINUTES_MS } from './polling.ts';

/** Hours the dashboard's timeline shows (spec 02 §2.2). */
export const DASHBOARD_TIMELINE_HOURS = 3;

/** Fetches the last `hours` of observations of a location. */
export function getObservationHistory(
  locationId: number,
  hours: number,
  signal?: AbortSignal,
): Promise<TObservationHistoryPoint[]> {
  return call('observationHistory', { params: { id: locationId }, query: { hours } }, { signal });
}

/** Query options: polled every 5 min. */
export function getObservationHistoryQueryOptions(locationId: number, hours: number) {
  return queryOptions({
    queryKey: ['observations', 'historical', locationId, hours],
    queryFn: ({ signal }) => getObservationHistory(locationId, hours, signal),
    refetchInterval: FIVE_MINUTES_MS,
    refetchIntervalInBackground: true,
  });
}

/** The timeline's points. */
export function useObservationHistory(locationId: number, hours: number, enabled = true) {
  return useQuery({ ...getObservationHistoryQueryOptions(locationId, hours), enabled });
}
