// GET /api/user/customer and GET /api/notificationuser: everyone the Users page lists (spec 02 §2.8, §7), read in
// pages of USER_PAGE_MAX until a short page, so no single answer grows with the customer (5,000 users are five
// requests); then searched, filtered and paged in the browser, where it costs a millisecond.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { USER_PAGE_MAX, type TNotificationUser, type TUser } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

/** Reads every page of a list. */
async function allPages<T>(read: (offset: number) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let offset = 0; ; offset += USER_PAGE_MAX) {
    const page = await read(offset);
    out.push(...page);
    if (page.length < USER_PAGE_MAX) return out;
  }
}

/** Fetches the customer's users the caller may see (an Assistant Admin: their group's). */
export function getUsers(signal?: AbortSignal): Promise<TUser[]> {
  return allPages((offset) =>
    call('userListForCustomer', { query: { offset, limit: USER_PAGE_MAX } }, { signal }),
  );
}

/** Fetches the customer's notification-only contacts the caller may see. */
export function getNotificationUsers(signal?: AbortSignal): Promise<TNotificationUser[]> {
  return allPages((offset) =>
    call('notificationUserList', { query: { offset, limit: USER_PAGE_MAX } }, { signal }),
  );
}

export function getUsersQueryOptions() {
  return queryOptions({ queryKey: ['users', 'customer'], queryFn: ({ signal }) => getUsers(signal) });
}

export function getNotificationUsersQueryOptions() {
  return queryOptions({
    queryKey: ['users', 'notification'],
    queryFn: ({ signal }) => getNotificationUsers(signal),
  });
}

export function useUsers() {
  return useQuery(getUsersQueryOptions());
}

export function useNotificationUsers() {
  return useQuery(getNotificationUsersQueryOptions());
}
