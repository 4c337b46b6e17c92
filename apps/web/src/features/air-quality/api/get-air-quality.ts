// GET /api/AirQuality: the customer's air quality sensors (spec 03 §3 'Air quality row').
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../lib/api-client.ts';

/** One air quality sensor row (spec 03 §3); PM values are NowCast AQI. */
export interface AirQualitySensor {
  id: number | string;
  name: string;
  customerName?: string;
  status?: string;
  lastActivity?: string;
  pM2_5?: { nowcast: number | null } | null;
  pM10?: { nowcast: number | null } | null;
}

/** Fetches the air quality sensors; a 404 means the customer has none. */
export async function getAirQualitySensors(signal?: AbortSignal): Promise<AirQualitySensor[]> {
  try {
    const rows = await apiGet<AirQualitySensor[] | null>('/AirQuality', { signal });
    return Array.isArray(rows) ? rows : [];
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
