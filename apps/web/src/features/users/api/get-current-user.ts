// GET /api/user/current: the signed-in user with permissions and features (spec 02 §3 'User').
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCurrentUser } from '@allclear/contracts';
import { apiGet } from '../../../lib/api-client.ts';

/** Fetches the signed-in user. */
export function getCurrentUser(signal?: AbortSignal): Promise<TCurrentUser> {
  return apiGet<TCurrentUser>('/user/current', { signal });
}

/** Query options for the signed-in user; cached per the app default (refetch on mount after 60 s). */
export function getCurrentUserQueryOptions() {
  return queryOptions({ queryKey: ['user', 'current'], queryFn: ({ signal }) => getCurrentUser(signal) });
}

/** The signed-in user. */
export function useCurrentUser() {
  return useQuery(getCurrentUserQueryOptions());
}
