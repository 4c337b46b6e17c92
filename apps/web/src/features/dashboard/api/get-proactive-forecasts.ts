// GET ProactiveForecast/Location/{locationId}: meteorologists' forecasts in force (spec 01 §3 'Proactive forecast').
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProactiveForecasts } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';
import { ALERTS_POLL_MS } from './polling.ts';

/** Fetches the proactive forecasts. */
export function getProactiveForecasts(
  locationId: number,
  signal?: AbortSignal,
): Promise<TProactiveForecasts> {
  return call('proactiveForecastsForLocation', { params: { locationId } }, { signal });
}

/** Query options: polled every 60 s. */
export function getProactiveForecastsQueryOptions(locationId: number) {
  return queryOptions({
    queryKey: ['proactive-forecasts', locationId],
    queryFn: ({ signal }) => getProactiveForecasts(locationId, signal),
    refetchInterval: ALERTS_POLL_MS,
    refetchIntervalInBackground: true,
  });
}

/** The proactive forecasts in force. */
export function useProactiveForecasts(locationId: number) {
  return useQuery(getProactiveForecastsQueryOptions(locationId));
}
