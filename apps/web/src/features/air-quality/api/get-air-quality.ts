// GET /api/AirQuality: the customer's air quality sensors (spec 03 §3 'Air quality row').
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAirQualitySensorRow } from '@allclear/contracts';
import { ApiError, call } from '../../../lib/api-client.ts';

/** Fetches the air quality sensors; a 404 means the customer has none. */
export async function getAirQualitySensors(signal?: AbortSignal): Promise<TAirQualitySensorRow[]> {
  try {
    return await call('airQualitySensors', undefined, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

/** Query options for the air quality sensor list. */
export function getAirQualitySensorsQueryOptions() {
  return queryOptions({
    queryKey: ['air-quality', 'sensors'],
    queryFn: ({ signal }) => getAirQualitySensors(signal),
  });
}

/** The air quality sensors; idle unless enabled (only admin roles may see the page). */
export function useAirQualitySensors(enabled: boolean) {
  return useQuery({ ...getAirQualitySensorsQueryOptions(), enabled });
}
