// The local outbox of the embedded default: e-mail and SMS 'sent' to a table shown at /dev/outbox.
import type { DatabaseHandle } from '../../../db/client.ts';
import type { Clock } from '../../../platform/clock.ts';
import { ChannelRepository } from './channel.repository.ts';
import type { ChannelSender, OutgoingMessage } from './types.ts';

/** A sender that writes the message to dev_outbox_messages under a channel name. */
export function localOutboxSender(db: DatabaseHandle, clock: Clock, channel: 'email' | 'sms'): ChannelSender {
  const repo = new ChannelRepository(db.db);
  return async (message) => {
    await repo.addOutboxMessage({
      channel,
      recipient: message.address,
      subject: channel === 'email' ? message.subject : '',
      body: message.body,
      headers: channel === 'email' ? emailHeaders(message) : {},
      attachments: (message.attachments ?? []).map((a) => ({
        fileName: a.fileName,
        contentType: a.contentType,
        sizeBytes: a.content.length,
        contentBase64: a.content.toString('base64'),
      })),
      created: clock.now(),
    });
  };
}

/** The headers an e-mail carries as the outbox shows them: its extra headers, and Cc and Reply-To when it has them. */
function emailHeaders(message: OutgoingMessage): Record<string, string> {
  return {
    ...message.headers,
    ...(message.cc?.length ? { Cc: message.cc.join(', ') } : {}),
    ...(message.replyTo ? { 'Reply-To': message.replyTo } : {}),
  };
}
