// GET /api/Notification/History (spec 02 §2.6, §7 'Notifications', §9; spec 03 §2.3): the caller's notifications of
// the last 7 days, newest first; My Notifications asks for 20, the bell for 3. Every history query shares the root
// key, so a notification heard on the stream refreshes both.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TNotification } from '@allclear/contracts';
import { notificationWindow } from '@allclear/domain';
import { call } from '../../../lib/api-client.ts';

/** The root of every history query's key. */
export const NOTIFICATION_HISTORY_ROOT = ['notifications', 'history'] as const;

/** Fetches the caller's newest `count` notifications of the 7 days up to now. */
export function getNotificationHistory(count: number, signal?: AbortSignal): Promise<TNotification[]> {
  const { startDate, endDate } = notificationWindow(Date.now());
  return call('notificationHistory', { query: { count, startDate, endDate } }, { signal });
}

/** Query options for the newest `count` notifications. */
export function getNotificationHistoryQueryOptions(count: number) {
  return queryOptions({
    queryKey: [...NOTIFICATION_HISTORY_ROOT, count],
    queryFn: ({ signal }) => getNotificationHistory(count, signal),
  });
}

/** The newest `count` notifications of the last 7 days. */
export function useNotificationHistory(count: number) {
  return useQuery(getNotificationHistoryQueryOptions(count));
}
