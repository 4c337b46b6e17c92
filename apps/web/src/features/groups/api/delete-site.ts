// POST /api/site/delete/{id}: deletes a group no one uses; a group in use is refused with the server's text
// ('Cannot delete a group assigned to one or more locations', spec 02 §8 'Group').
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { getSitesQueryOptions } from './get-sites.ts';

/** Deletes a group. */
export function deleteSite(id: number): Promise<string> {
  return call('siteDelete', { params: { id } });
}

/** Deletes a group, then refreshes the groups. */
export function useDeleteSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSitesQueryOptions().queryKey }),
  });
}
