// POST /api/user/profile (spec 02 §7 'Users and groups'; issue 15): the caller's own name and phone number; the
// answer is the caller as GET user/current gives it, so the shell shows the new name at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCurrentUser, TProfileUpdate } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';
import { getCurrentUserQueryOptions } from '../../../lib/session/current-user.ts';

export function saveProfile(body: TProfileUpdate): Promise<TCurrentUser> {
  return call('userProfileSave', { body });
}

/** Saves the profile, then puts the answer where GET user/current's is kept. */
export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: (user) => client.setQueryData(getCurrentUserQueryOptions().queryKey, user),
  });
}
