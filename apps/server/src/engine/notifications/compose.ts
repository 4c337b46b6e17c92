// The last step before a message is sent (issue 14): what only the moment of sending may decide.
// - An invite gets its activation link: the token is made now and only its SHA-256 is kept, so it is never
//   stored in clear (not in the event, not in the delivery); an invite used or replaced since is not sent.
// - Every e-mail to a notification-only contact carries a one-click unsubscribe (RFC 8058): List-Unsubscribe with
//   our HTTPS link and List-Unsubscribe-Post, and the same link at the end of the text; a contact who unsubscribed
//   (or was deleted, or whose address changed) after the message was planned is not sent it.
// - A direct message's copies (Cc) and reply address (issue 15: a consultation request to the meteorologists' desk).
// - An e-mailed report's files as attachments (issue 17).
import { ACTIVATION_LINK_PLACEHOLDER, type DirectRecipient } from '../../platform/alerts.ts';
import type { Clock } from '../../platform/clock.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import {
  INVITE_TTL_MS,
  activationUrl,
  newInviteToken,
  unsubscribeSignerFor,
  unsubscribeUrl,
} from '../../platform/message-links.ts';
import { reportAttachments } from '../reports/report-files.ts';
import type { OutgoingMessage } from './channels/types.ts';
import { MessageLinkRepository } from './message-link.repository.ts';
import type { Channel } from './recipient-rules.ts';

/** The message to send, or why it is not sent (kept on the delivery as skipped). */
export type Composed = { message: OutgoingMessage } | { skip: string };
export type Composer = (message: OutgoingMessage, channel: Channel) => Promise<Composed>;

/** The text that ends every e-mail to a notification-only contact. */
export const UNSUBSCRIBE_FOOTER = 'To stop receiving these e-mails, unsubscribe:';

export function createComposer(deps: { db: DatabaseHandle; clock: Clock; publicUrl: string }): Composer {
  const repo = new MessageLinkRepository(deps.db.db);
  return async (message, channel) => {
    let out = message;
    if (message.kind === 'account-invite') {
      const invite = await repo.findInvite(String(message.details.inviteId));
      if (!invite || invite.usedAt || invite.revokedAt)
        return { skip: 'invite used or replaced before it was sent' };
      const { token, hash } = newInviteToken();
      const now = deps.clock.now();
      await repo.markInviteSent(invite.id, hash, now, new Date(now.getTime() + INVITE_TTL_MS));
      out = {
        ...out,
        body: out.body.replace(ACTIVATION_LINK_PLACEHOLDER, activationUrl(deps.publicUrl, token)),
      };
    }
    // a direct message's copies and reply address (a consultation request: the asker and the admins; issue 15)
    const recipient = message.details.recipient as DirectRecipient | undefined;
    if (channel === 'email' && recipient && (recipient.cc?.length || recipient.replyTo)) {
      out = { ...out, cc: recipient.cc, replyTo: recipient.replyTo };
    }
    // an e-mailed report's files, read now so they never sit in the event or the delivery (issue 17)
    if (channel === 'email' && message.kind === 'report-ready' && message.details.delivery === 'attachment') {
      out = { ...out, attachments: await reportAttachments(deps.db.db, String(message.details.reportId)) };
    }
    if (channel === 'email' && message.recipientKey.startsWith('notification-user:')) {
      const id = Number(message.recipientKey.slice('notification-user:'.length));
      const contact = await repo.contactSubscription(id);
      if (!contact) return { skip: 'the notification-only contact was deleted' };
      if (contact.emailUnsubscribed) return { skip: 'the contact unsubscribed from e-mail' };
      if (contact.email?.toLowerCase() !== message.address.toLowerCase())
        return { skip: "the contact's e-mail address changed" };
      const signer = await unsubscribeSignerFor(deps.db.db);
      const link = unsubscribeUrl(deps.publicUrl, id, signer.sign(id, contact.email));
      out = {
        ...out,
        body: `${out.body}\n\n${UNSUBSCRIBE_FOOTER} ${link}`,
        headers: {
          ...out.headers,
          'List-Unsubscribe': `<${link}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      };
    }
    return { message: out };
  };
}
