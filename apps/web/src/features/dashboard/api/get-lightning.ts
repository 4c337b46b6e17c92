// GET location/Delay/{id} (cards) and GET Lightning/Location/{id} (the Lightning Status panel) (spec 01 §3, §9).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TLightningDelay, TLightningLocationStatus } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';
import { DELAY_POLL_MS } from './polling.ts';

/** Fetches the zones' remaining delay as 'hh:mm:ss'. */
export function getLocationDelay(locationId: number, signal?: AbortSignal): Promise<TLightningDelay> {
  return call('lightningDelay', { params: { id: locationId } }, { signal });
}

/** Fetches the panel's per-zone status, nearest and last strike. */
export function getLightningStatus(
  locationId: number,
  signal?: AbortSignal,
): Promise<TLightningLocationStatus> {
  return call('lightningStatus', { params: { id: locationId } }, { signal });
}

/** Query options of the delay: every 10 s (spec 01 §9); the lightning stream refetches it on a change. */
export function getLocationDelayQueryOptions(locationId: number) {
  return queryOptions({
    queryKey: ['location-delay', locationId],
    queryFn: ({ signal }) => getLocationDelay(locationId, signal),
    refetchInterval: DELAY_POLL_MS,
    refetchIntervalInBackground: true,
  });
}

/** Query options of the panel's status: every 10 s (spec 01 §9); the lightning stream refetches it on a change. */
export function getLightningStatusQueryOptions(locationId: number) {
  return queryOptions({
    queryKey: ['lightning-status', locationId],
    queryFn: ({ signal }) => getLightningStatus(locationId, signal),
    refetchInterval: DELAY_POLL_MS,
    refetchIntervalInBackground: true,
  });
}

/** Keys of every location's delay and status queries (for a refetch of all after the stream reconnects). */
export const LIGHTNING_QUERY_ROOTS = [
  getLocationDelayQueryOptions(0).queryKey[0],
  getLightningStatusQueryOptions(0).queryKey[0],
] as const;

/** The zones' delay. */
export function useLocationDelay(locationId: number) {
  return useQuery(getLocationDelayQueryOptions(locationId));
}

/** The panel's lightning status. */
export function useLightningStatus(locationId: number) {
  return useQuery(getLightningStatusQueryOptions(locationId));
}
