// GET /api/site: the user groups the caller may see, each with its member counts, alert times and what the
// caller may do to it (spec 02 §7 'Users and groups', §2.8 Manage User Groups).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSite } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

/** Fetches the caller's visible user groups. */
export function getSites(signal?: AbortSignal): Promise<TSite[]> {
  return call('siteList', undefined, { signal });
}

/** Query options for the user groups. */
export function getSitesQueryOptions() {
  return queryOptions({ queryKey: ['sites'], queryFn: ({ signal }) => getSites(signal) });
}

/** The user groups, fetched while `enabled`. */
export function useSites(enabled = true) {
  return useQuery({ ...getSitesQueryOptions(), enabled });
}
