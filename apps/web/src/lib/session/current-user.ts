// The session's user: GET /api/user/current, the signed-in user with permissions and features (spec 02 §3
// 'User'), and the access subject the shell and the features decide what to show from.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROLE_NAMES, effectivePermissions, type AccessSubject, type RoleName } from '@allclear/domain';
import type { TCurrentUser } from '@allclear/contracts';
import { call } from '../api-client.ts';

/** Fetches the signed-in user. */
export function getCurrentUser(signal?: AbortSignal): Promise<TCurrentUser> {
  return call('userCurrent', undefined, { signal });
}

/** Query options for the signed-in user; cached per the app default (refetch on mount after 60 s). */
export function getCurrentUserQueryOptions() {
  return queryOptions({ queryKey: ['user', 'current'], queryFn: ({ signal }) => getCurrentUser(signal) });
}

/** The signed-in user. */
export function useCurrentUser() {
  return useQuery(getCurrentUserQueryOptions());
}

/** The access subject for a user: their role and the permissions their features and grants give. */
export function accessSubjectOf(
  user: Pick<TCurrentUser, 'roleName' | 'permissions' | 'features'>,
): AccessSubject {
  const role: RoleName = (ROLE_NAMES as readonly string[]).includes(user.roleName)
    ? (user.roleName as RoleName)
    : 'Customer';
  return { role, permissions: effectivePermissions(user.features, user.permissions) };
}
