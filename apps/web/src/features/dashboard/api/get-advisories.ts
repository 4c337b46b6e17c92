// GET Advisory/{id} and Advisory/Detail/{id}: NWS alerts in force at a location (spec 01 §3 'NWS advisory').
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TNwsAdvisories, TNwsAdvisoryDetails } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';
import { ALERTS_POLL_MS } from './polling.ts';

/** Fetches the NWS alerts' events. */
export function getAdvisories(locationId: number, signal?: AbortSignal): Promise<TNwsAdvisories> {
  return call('advisoryList', { params: { id: locationId } }, { signal });
}

/** Fetches the NWS alerts in full. */
export function getAdvisoryDetails(locationId: number, signal?: AbortSignal): Promise<TNwsAdvisoryDetails> {
  return call('advisoryDetails', { params: { id: locationId } }, { signal });
}

/** Query options of the events: polled every 60 s. */
export function getAdvisoriesQueryOptions(locationId: number) {
  return queryOptions({
    queryKey: ['advisories', locationId],
    queryFn: ({ signal }) => getAdvisories(locationId, signal),
    refetchInterval: ALERTS_POLL_MS,
    refetchIntervalInBackground: true,
  });
}

/** Query options of the details: polled every 60 s. */
export function getAdvisoryDetailsQueryOptions(locationId: number) {
  return queryOptions({
    queryKey: ['advisories', locationId, 'detail'],
    queryFn: ({ signal }) => getAdvisoryDetails(locationId, signal),
    refetchInterval: ALERTS_POLL_MS,
    refetchIntervalInBackground: true,
  });
}

/** The NWS alerts' events. */
export function useAdvisories(locationId: number) {
  return useQuery(getAdvisoriesQueryOptions(locationId));
}

/** The NWS alerts in full. */
export function useAdvisoryDetails(locationId: number) {
  return useQuery(getAdvisoryDetailsQueryOptions(locationId));
}
