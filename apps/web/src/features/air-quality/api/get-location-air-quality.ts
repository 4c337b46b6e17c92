// GET AirQuality/Location/{id}: pollutants near a location, main pollutant first (spec 01 §3 'Pollutant').
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TLocationAirQuality } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

/** Air quality is polled with the observations, every 60 s (spec 02 §7 'weather observations every 60 seconds'). */
export const AIR_QUALITY_POLL_MS = 60_000;

/** Fetches the location's pollutants. */
export function getLocationAirQuality(
  locationId: number,
  signal?: AbortSignal,
): Promise<TLocationAirQuality> {
  return call('airQualityForLocation', { params: { id: locationId } }, { signal });
}

/** Query options: polled every 60 s, also in background tabs. */
export function getLocationAirQualityQueryOptions(locationId: number) {
  return queryOptions({
    queryKey: ['air-quality', 'location', locationId],
    queryFn: ({ signal }) => getLocationAirQuality(locationId, signal),
    refetchInterval: AIR_QUALITY_POLL_MS,
    refetchIntervalInBackground: true,
  });
}

/** The location's pollutants. */
export function useLocationAirQuality(locationId: number) {
  return useQuery(getLocationAirQualityQueryOptions(locationId));
}
