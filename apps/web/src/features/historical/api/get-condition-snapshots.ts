// GET Observations/ConditionSnapshots/{id}?startDate&endDate: the station's readings one an hour with the strikes
// within 10 miles (the page's lightning / condition snapshots section, spec 03 §2.4), every 5 minutes.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TConditionSnapshot } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';
import { HISTORY_POLL_MS } from './get-station-history.ts';

export function getConditionSnapshots(
  id: number,
  startDate: string,
  endDate: string,
  signal?: AbortSignal,
): Promise<TConditionSnapshot[]> {
  return call('observationConditionSnapshots', { params: { id }, query: { startDate, endDate } }, { signal });
}

export function getConditionSnapshotsQueryOptions(id: number, startDate: string, endDate: string) {
  return queryOptions({
    queryKey: ['historical', 'snapshots', id, startDate, endDate],
    queryFn: ({ signal }) => getConditionSnapshots(id, startDate, endDate, signal),
    refetchInterval: HISTORY_POLL_MS,
  });
}

export function useConditionSnapshots(id: number, startDate: string, endDate: string, enabled = true) {
  return useQuery({ ...getConditionSnapshotsQueryOptions(id, startDate, endDate), enabled });
}
