// GET /api/user/roles: the roles with their hierarchy and description (spec 02 §3 'Role'): the Permission Level
// options of the modal and the filter, and the column's tooltip.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRole } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

export function getRoles(signal?: AbortSignal): Promise<TRole[]> {
  return call('userRoles', undefined, { signal });
}

export function getRolesQueryOptions() {
  return queryOptions({
    queryKey: ['users', 'roles'],
    queryFn: ({ signal }) => getRoles(signal),
    staleTime: Infinity,
  });
}

export function useRoles() {
  return useQuery(getRolesQueryOptions());
}
