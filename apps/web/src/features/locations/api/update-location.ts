// POST /api/location/Update: saves an edited location; the answer is the server's text (spec 01 §7, §8).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLocationInput } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

import { getLocationsQueryOptions } from '../../dashboard/api/get-locations.ts';

/** Saves an edited location (the body carries its id). */
export function updateLocation(input: TLocationInput & { id: number }): Promise<string> {
  return call('locationUpdate', { body: input });
}

/** Updates a location, then refreshes the locations list. */
export function useUpdateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getLocationsQueryOptions().queryKey }),
  });
}
