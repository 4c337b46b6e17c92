// GET /api/observations?latitude&longitude&preferred: conditions at a clicked point, from the preferred station
// (preferred=true) or the nearest METAR (preferred=false); asked in observation mode when a click hits no feature
// (spec 01 §7 'Observations'). Answers TPointObservation: the observation with its station or METAR name.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPointObservation } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

/** A clicked point and which station to read. */
export interface ObservationPoint {
  latitude: number;
  longitude: number;
  preferred: boolean;
}

/** Fetches the conditions at a point. */
export function getObservationAtPoint(
  point: ObservationPoint,
  signal?: AbortSignal,
): Promise<TPointObservation> {
  const { latitude, longitude } = point;
  const preferred = point.preferred ? 'true' : 'false';
  return call('observationAtPoint', { query: { latitude, longitude, preferred } }, { signal });
}

/** Query options for the conditions at a point (cached 5 min, spec 01 §9 'current observations by station 5 min'). */
export function getObservationAtPointQueryOptions(point: ObservationPoint) {
  return queryOptions({
    queryKey: ['observations', 'at-point', point],
    queryFn: ({ signal }) => getObservationAtPoint(point, signal),
    staleTime: 5 * 60_000,
  });
}

/** The conditions at the clicked point, idle while nothing is clicked. */
export function useObservationAtPoint(point: ObservationPoint | null) {
  return useQuery({
    ...getObservationAtPointQueryOptions(point ?? { latitude: 0, longitude: 0, preferred: true }),
    enabled: point !== null,
  });
}
