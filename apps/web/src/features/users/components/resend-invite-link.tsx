// The invite link of an inactive user (spec 02 §4 'User invite link'): 'resend?', then 'Sent! Send again?' or
// 'Failed to send. Try again?', with the toasts of §8 'Invite'.
import { useState } from 'react';
import Link from '@mui/material/Link';
import { useToastStore } from '../../../components/toast/toast-store.ts';
import { useResendInvite } from '../api/resend-invite.ts';
import { INVITE_FAILED, INVITE_SENT, RESEND, RESEND_FAILED, RESENT } from './user-texts.ts';

type LinkState = 'idle' | 'sent' | 'failed';
const TEXT: Record<LinkState, string> = { idle: RESEND, sent: RESENT, failed: RESEND_FAILED };

export function ResendInviteLink({ userId, name }: { userId: string; name: string }) {
  const [state, setState] = useState<LinkState>('idle');
  const resend = useResendInvite();
  const openToast = useToastStore((s) => s.open);
  const send = () =>
    resend.mutate(userId, {
      onSuccess: () => {
        setState('sent');
        openToast({ variant: 'success', header: INVITE_SENT });
      },
      onError: () => {
        setState('failed');
        openToast({ variant: 'error', header: INVITE_FAILED });
      },
    });
  return (
    <Link
      component="button"
      type="button"
      variant="body2"
      onClick={(e) => {
        // the grid would take the click (and Space) as a cell's
        e.stopPropagation();
        send();
      }}
      onKeyDown={(e) => e.stopPropagation()}
      disabled={resend.isPending}
      aria-label={`${TEXT[state]} (invite for ${name})`}
      sx={{ ml: 0.5, verticalAlign: 'baseline' }}
    >
      {TEXT[state]}
    </Link>
  );
}
