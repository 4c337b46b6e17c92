// GET Observations/Historical/{Day|Week|Month}/{id} and Custom/{id}?startDate&endDate: the charts' rows (spec 03 §2.4,
// §7 'historical daily 7-day, 30-day, hourly, and custom range ... skipped if over 90 days'), every 5 minutes.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TStationHistory } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

/** Everything but the station is polled every 5 minutes (spec 03 §9). */
export const HISTORY_POLL_MS = 5 * 60_000;

/** A range of the page: a fixed one, or a custom start and end (ISO 8601). */
export type HistoryRange =
  { kind: 'Day' | 'Week' | 'Month' } | { kind: 'Custom'; start: string; end: string };

export function getStationHistory(
  id: number,
  range: HistoryRange,
  signal?: AbortSignal,
): Promise<TStationHistory> {
  if (range.kind === 'Custom')
    return call(
      'observationStationHistoryCustom',
      { params: { id }, query: { startDate: new Date(range.start), endDate: new Date(range.end) } },
      { signal },
    );
  return call('observationStationHistory', { params: { range: range.kind, id } }, { signal });
}

export function getStationHistoryQueryOptions(id: number, range: HistoryRange) {
  return queryOptions({
    queryKey: ['historical', 'history', id, range],
    queryFn: ({ signal }) => getStationHistory(id, range, signal),
    refetchInterval: HISTORY_POLL_MS,
    placeholderData: keepPreviousData,
  });
}

/** The rows of a range; idle while `enabled` is false (a custom range the page refuses is never asked for). */
export function useStationHistory(id: number, range: HistoryRange, enabled = true) {
  return useQuery({ ...getStationHistoryQueryOptions(id, range), enabled });
}
