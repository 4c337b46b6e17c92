// GET ThreatForecast/Location/{id}: each policy against today's forecast ('Today's Policy Risks', spec 01 §2).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TThreatForecast } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';
import { THREAT_FORECAST_POLL_MS } from './polling.ts';

/** Fetches the threat forecast. */
export function getThreatForecast(locationId: number, signal?: AbortSignal): Promise<TThreatForecast> {
  return call('threatForecast', { params: { id: locationId } }, { signal });
}

/** Query options: polled every 180 s. */
export function getThreatForecastQueryOptions(locationId: number) {
  return queryOptions({
    queryKey: ['threat-forecast', locationId],
    queryFn: ({ signal }) => getThreatForecast(locationId, signal),
    refetchInterval: THREAT_FORECAST_POLL_MS,
    refetchIntervalInBackground: true,
  });
}

/** Today's policy risks. */
export function useThreatForecast(locationId: number) {
  return useQuery(getThreatForecastQueryOptions(locationId));
}
