// POST /api/location/Add: saves a new location; the answer carries the server's message and the
// location (spec 01 §7 'Locations', §8 'Success banners').
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLocationAddResult, TLocationInput } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

import { getLocationsQueryOptions } from '../../dashboard/api/get-locations.ts';

/** Saves a new location. */
export function addLocation(input: TLocationInput): Promise<TLocationAddResult> {
  return call('locationAdd', { body: input });
}

/** Adds a location, then refreshes the locations list. */
export function useAddLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getLocationsQueryOptions().queryKey }),
  });
}
