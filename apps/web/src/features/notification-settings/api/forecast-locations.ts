// The daily forecast e-mails' location pick (spec 02 §2.9): the caller's locations (GET location) and the flag each
// carries (POST location/Update/ForecastLocation/{id}).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

export function getMyLocationsQueryOptions() {
  return queryOptions({
    queryKey: ['settings', 'forecast-locations'],
    queryFn: ({ signal }) => call('locationList', undefined, { signal }),
  });
}

export const useMyLocations = () => useQuery(getMyLocationsQueryOptions());

/** Sets the forecast flag of each location whose choice changed. */
export async function saveForecastLocations(
  locations: readonly { id: number; forecastLocation: boolean }[],
  chosen: ReadonlySet<number>,
): Promise<void> {
  for (const l of locations) {
    if (l.forecastLocation === chosen.has(l.id)) continue;
    await call('locationSetForecastLocation', {
      params: { id: l.id },
      body: { forecastLocation: chosen.has(l.id) },
    });
  }
}
