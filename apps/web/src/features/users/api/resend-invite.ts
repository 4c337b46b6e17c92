// GET /identity/account/sendactivateemail?id={id}: the 'resend?' link of an inactive user (spec 02 §4 'User
// invite link', §7). The link keeps its own state, so the lists are not refetched.
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

export function resendInvite(userId: string): Promise<string> {
  return call('accountSendActivateEmail', { query: { id: userId } });
}

export function useResendInvite() {
  return useMutation({ mutationFn: resendInvite });
}
