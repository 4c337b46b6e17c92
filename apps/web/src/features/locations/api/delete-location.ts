// DELETE /api/location/{id}: the answer is the server's text; a failure's banner is responseException.message
// (spec 01 §7, §8 'Delete failure').
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

import { getLocationsQueryOptions } from '../../dashboard/api/get-locations.ts';

/** Deletes a location. */
export function deleteLocation(id: number): Promise<string> {
  return call('locationDelete', { params: { id } });
}

/** Deletes a location, then refreshes the locations list. */
export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getLocationsQueryOptions().queryKey }),
  });
}
