// Web push through VAPID (RFC 8292) with web-push: keys generated on first start and kept in
// app_secrets; a subscription the push service reports gone (404, 410) is deleted.
import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { DatabaseHandle } from '../../../db/client.ts';
import { ChannelRepository } from './channel.repository.ts';
import type { ChannelSender } from './types.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const PUBLIC = 'vapid_public_key';
const PRIVATE = 'vapid_private_key';

/** The stored VAPID key pair, generated and stored on first call (concurrent starts agree on one). */
export async function ensureVapidKeys(db: DatabaseHandle): Promise<VapidKeys> {
  const repo = new ChannelRepository(db.db);
  const read = async () => {
    const rows = await repo.listAppSecrets();
    const pub = rows.find((r) => r.name === PUBLIC)?.value;
    const priv = rows.find((r) => r.name === PRIVATE)?.value;
    return pub && priv ? { publicKey: pub, privateKey: priv } : null;
  };
  const existing = await read();
  if (existing) return existing;
  const keys = webpush.generateVAPIDKeys();
  await repo.insertAppSecretsIfAbsent([
    { name: PUBLIC, value: keys.publicKey },
    { name: PRIVATE, value: keys.privateKey },
  ]);
  return (await read())!;
}

/** A sender to every push subscription of the delivery's user; succeeds when one accepts or none remain. */
export function webPushSender(
  db: DatabaseHandle,
  keys: VapidKeys,
  subject: string,
  agent?: Agent,
): ChannelSender {
  const repo = new ChannelRepository(db.db);
  return async (message) => {
    if (!message.userId) return;
    const subs = await repo.pushSubscriptionsOf(message.userId);
    const payload = JSON.stringify({
      title: message.subject,
      body: message.body,
      correlationId: message.correlationId,
      notificationType: message.notificationType,
    });
    let lastError: unknown = null;
    let accepted = 0;
    for (const sub of subs) {
      try {
        await webpush.sendNotification(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          payload,
          {
            vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
            TTL: 3600,
            timeout: 15_000,
            ...(agent ? { agent } : {}),
          },
        );
        accepted += 1;
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) {
          await repo.deletePushSubscription(sub.id);
        } else {
          lastError = error;
        }
      }
    }
    if (accepted === 0 && lastError) throw lastError;
  };
}
