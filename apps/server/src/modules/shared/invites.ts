// Invites (issue 14): a full user is made without a password and e-mailed a link to set one, through the notifier
// (the local outbox by default), in the transaction that writes the user. The event names the invite, never its
// token: the notifier makes the token as it sends the e-mail and keeps only its hash (engine/notifications/
// compose.ts); the identity service's set-password page checks it (modules/identity/activation.routes.ts). Sent
// when a user is added or promoted, when an inactive user's address changes, and again on 'resend?'.
import { randomUUID } from 'node:crypto';
import { NotificationType, userPolicy } from '@allclear/domain';
import type { Database } from '../../db/client.ts';
import {
  ACTIVATION_LINK_PLACEHOLDER,
  type AlertEvent,
  type DirectRecipient,
  type EnqueueAlert,
  type Tx,
} from '../../platform/alerts.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Principal } from '../../platform/auth.ts';
import { ruleViolation } from '../../platform/errors.ts';
import { authorize } from './authorize.ts';
import { InviteRepository } from './invite.repository.ts';

/** The answer to a resend (spec 02 §8 'Invite'). */
export const INVITE_EMAIL_SENT = 'Invite email sent!';
export const INVITE_SUBJECT = 'Set your AllClear password';
export const ALREADY_ACTIVE = 'This user has already set their password.';

/** Who an invite goes to. */
export interface Invitee {
  id: string;
  customerId: number;
  email: string;
  firstName: string;
  lastName: string;
}

/** The invite's e-mail as an event (its link is made when it is sent). */
export function inviteEvent(invitee: Invitee, inviteId: string, now: Date): AlertEvent {
  const name = `${invitee.firstName} ${invitee.lastName}`.trim();
  const recipient: DirectRecipient = {
    key: `user:${invitee.id}`,
    email: invitee.email,
    name,
    userId: invitee.id,
    notificationUserId: null,
  };
  return {
    id: randomUUID(),
    kind: 'account-invite',
    notificationType: NotificationType.Other,
    customerId: invitee.customerId,
    locationId: null,
    correlationId: `invite:${inviteId}`,
    occurredAt: now,
    subject: INVITE_SUBJECT,
    body: [
      `Hello ${invitee.firstName},`,
      '',
      'An AllClear account was made for you. Set your password to sign in:',
      '',
      ACTIVATION_LINK_PLACEHOLDER,
      '',
      'The link works once and expires 72 hours after this e-mail was sent. If you did not expect it, ignore it.',
    ].join('\n'),
    details: { inviteId, recipient },
  };
}

/** Writes a new invite for the user (revoking their older ones) and hands its e-mail to the notifier, in `tx`. */
export async function sendInvite(
  tx: Tx,
  enqueueAlert: EnqueueAlert,
  invitee: Invitee,
  now: Date,
): Promise<void> {
  const inviteId = await new InviteRepository(tx).replaceOpenInvites(invitee.id, invitee.customerId, now);
  await enqueueAlert(tx, inviteEvent(invitee, inviteId, now));
}

/** 'resend?' (GET account/sendactivateemail, spec 02 §4 'User invite link'), under the user policy's resendInvite. */
export class InviteService {
  private readonly repo: InviteRepository;
  constructor(
    private readonly db: Database,
    private readonly enqueueAlert: EnqueueAlert,
    private readonly clock: Clock,
  ) {
    this.repo = new InviteRepository(db);
  }

  async resend(p: Principal, userId: string): Promise<string> {
    const row = authorize(p, userPolicy, 'resendInvite', await this.repo.findInvitee(userId), 'User');
    if (row.isActive) throw ruleViolation(ALREADY_ACTIVE);
    const email = row.email;
    if (!email) throw ruleViolation('This user has no e-mail address to send the invite to.');
    const now = this.clock.now();
    await this.db.transaction((tx) => sendInvite(tx, this.enqueueAlert, { ...row, email }, now));
    return INVITE_EMAIL_SENT;
  }
}
