// POST /identity/account/change (spec 02 §3 'Password change', §7; issue 15): the identity service changes the
// caller's password with our bearer token; every other session of theirs ends, this one goes on.
import { useMutation } from '@tanstack/react-query';
import type { TPasswordChange } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

export function changePassword(body: TPasswordChange): Promise<string> {
  return call('accountChangePassword', { body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
