// POST /api/site/add and POST /api/site/update: a group's name and alert times; the answer is the saved group
// (spec 02 §7 'Users and groups').
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSite, TSiteAdd, TSiteUpdate } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';
import { getSitesQueryOptions } from './get-sites.ts';

/** Creates a group. */
export function addSite(body: TSiteAdd): Promise<TSite> {
  return call('siteAdd', { body });
}

/** Renames a group and replaces its alert times. */
export function updateSite(body: TSiteUpdate): Promise<TSite> {
  return call('siteUpdate', { body });
}

/** Creates a group, then refreshes the groups. */
export function useAddSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSitesQueryOptions().queryKey }),
  });
}

/** Updates a group, then refreshes the groups. */
export function useUpdateSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSitesQueryOptions().queryKey }),
  });
}
