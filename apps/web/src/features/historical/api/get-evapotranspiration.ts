// GET Observations/Evapotranspiration/{id}?days=3|7 (every 5 minutes) or ?startDate&endDate (YYYY-MM-DD): the ET section
// (spec 03 §2.4, §7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TEvapotranspiration } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';
import { HISTORY_POLL_MS } from './get-station-history.ts';

export type EtRange = { days: '3' | '7' } | { startDate: string; endDate: string };

export function getEvapotranspiration(
  id: number,
  range: EtRange,
  signal?: AbortSignal,
): Promise<TEvapotranspiration> {
  return call('observationEvapotranspiration', { params: { id }, query: range }, { signal });
}

export function getEvapotranspirationQueryOptions(id: number, range: EtRange) {
  return queryOptions({
    queryKey: ['historical', 'evapotranspiration', id, range],
    queryFn: ({ signal }) => getEvapotranspiration(id, range, signal),
    refetchInterval: HISTORY_POLL_MS,
  });
}

export function useEvapotranspiration(id: number, range: EtRange, enabled = true) {
  return useQuery({ ...getEvapotranspirationQueryOptions(id, range), enabled });
}
