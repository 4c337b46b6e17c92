// GET /map/TropicalForecast: active tropical systems with cone and forecast points (spec 01 §7), every 60 s.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTropicalForecastItem } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

/** Tropical forecast refetch interval, ms (spec 01 §9 'tropical forecast 60 s'). */
export const TROPICAL_REFETCH_MS = 60_000;

/** Fetches the active tropical systems. */
export function getTropicalForecast(signal?: AbortSignal): Promise<TTropicalForecastItem[]> {
  return call('mapTropicalForecast', {}, { signal });
}

/** Query options for the tropical forecast. */
export function getTropicalForecastQueryOptions() {
  return queryOptions({
    queryKey: ['map', 'tropical-forecast'],
    queryFn: ({ signal }) => getTropicalForecast(signal),
    refetchInterval: TROPICAL_REFETCH_MS,
    refetchIntervalInBackground: true,
  });
}

/** Tropical systems while the overlay is on. */
export function useTropicalForecast(enabled: boolean) {
  return useQuery({ ...getTropicalForecastQueryOptions(), enabled });
}
