// GET /map/Alerts: every NWS alert in force, for the NWS Alerts overlay (map service README), every 60 s
// (spec 01 §9 'NWS alerts 60 s').
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TNwsAlertsResponse } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

/** NWS alerts refetch interval, ms (spec 01 §9). */
export const NWS_ALERTS_REFETCH_MS = 60_000;

/** Fetches the alerts in force. */
export function getNwsAlerts(signal?: AbortSignal): Promise<TNwsAlertsResponse> {
  return call('mapAlerts', {}, { signal });
}

/** Query options for the NWS alert polygons. */
export function getNwsAlertsQueryOptions() {
  return queryOptions({
    queryKey: ['map', 'nws-alerts'],
    queryFn: ({ signal }) => getNwsAlerts(signal),
    refetchInterval: NWS_ALERTS_REFETCH_MS,
    refetchIntervalInBackground: true,
  });
}

/** NWS alert polygons while the overlay is on. */
export function useNwsAlerts(enabled: boolean) {
  return useQuery({ ...getNwsAlertsQueryOptions(), enabled });
}
