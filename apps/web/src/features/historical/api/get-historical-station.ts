// GET Historical/Station/{id}: the station page's station, current conditions and the caller's export (spec 03 §2.4,
// §7 'current station by id (polled every 60 s)').
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THistoricalStation } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

/** The station is polled every 60 s (spec 03 §9). */
export const STATION_POLL_MS = 60_000;

export function getHistoricalStation(id: number, signal?: AbortSignal): Promise<THistoricalStation> {
  return call('historicalStation', { params: { id } }, { signal });
}

export function getHistoricalStationQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['historical', 'station', id],
    queryFn: ({ signal }) => getHistoricalStation(id, signal),
    refetchInterval: STATION_POLL_MS,
    retry: false,
  });
}

export function useHistoricalStation(id: number) {
  return useQuery(getHistoricalStationQueryOptions(id));
}
