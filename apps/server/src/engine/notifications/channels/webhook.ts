// Outgoing webhooks signed per Standard Webhooks (standardwebhooks.com): headers webhook-id,
// webhook-timestamp and webhook-signature 'v1,<base64 HMAC-SHA256 of id.timestamp.body>'. A lightning
// DELAY and its ALL_CLEAR carry the same data.eventId (the correlation id).
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkedAddress } from './url-guard.ts';
import {
  isRetryableStatus,
  PermanentDeliveryError,
  type ChannelSender,
  type OutgoingMessage,
} from './types.ts';

/** Webhook event type names per alert kind. */
export const WEBHOOK_TYPES: Record<string, string> = {
  'lightning-delay': 'DELAY',
  'lightning-all-clear': 'ALL_CLEAR',
  'policy-warning': 'POLICY_WARNING',
  'policy-realert': 'POLICY_REALERT',
  'policy-all-clear': 'POLICY_ALL_CLEAR',
  'nws-alert': 'NWS_ALERT',
  'proactive-forecast': 'PROACTIVE_FORECAST',
  'siren-fault': 'SIREN_FAULT',
};

/** The signing key: the base64 after 'whsec_' (Standard Webhooks), else the secret's UTF-8 bytes. */
export function signingKey(secret: string): Buffer {
  return secret.startsWith('whsec_') ? Buffer.from(secret.slice(6), 'base64') : Buffer.from(secret, 'utf8');
}

/** 'v1,<base64 HMAC-SHA256(key, `${id}.${timestamp}.${body}`)>' (Standard Webhooks signature). */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', signingKey(secret))
    .update(`${id}.${timestampSeconds}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}

/** The JSON body of a webhook delivery. */
export function webhookPayload(m: OutgoingMessage): string {
  return JSON.stringify({
    type: WEBHOOK_TYPES[m.kind] ?? m.kind.toUpperCase(),
    timestamp: m.occurredAt.toISOString(),
    data: {
      eventId: m.correlationId,
      alertEventId: m.eventId,
      customerId: m.customerId,
      locationId: m.locationId,
      policyId: m.policyId,
      notificationType: m.notificationType,
      subject: m.subject,
      body: m.body,
      details: m.details,
    },
  });
}

export interface WebhookOptions {
  /** Secret of the webhook by delivery (read at send time, so a rotated secret applies). */
  secretOf(message: OutgoingMessage): Promise<string | null>;
  allowLoopback: boolean;
  timeoutMs: number;
  /** Wall-clock seconds for webhook-timestamp (receivers compare it to their own clock). */
  nowSeconds?: () => number;
}

/** A sender that POSTs the signed payload to the checked address; 2xx accepts, 408/429/5xx and timeouts retry. */
export function webhookSender(opts: WebhookOptions): ChannelSender {
  const nowSeconds = opts.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  return async (message) => {
    const secret = await opts.secretOf(message);
    if (secret == null) throw new PermanentDeliveryError('webhook deleted');
    const url = new URL(message.address);
    const target = await checkedAddress(url, opts.allowLoopback);
    const body = webhookPayload(message);
    const id = `msg_${message.deliveryId}`;
    const timestamp = nowSeconds();
    const status = await post(url, target, body, opts.timeoutMs, {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(secret, id, timestamp, body),
      'user-agent': 'AllClear-Webhooks/1.0',
    });
    if (status >= 200 && status < 300) return;
    if (isRetryableStatus(status)) throw new Error(`webhook answered ${status}`);
    throw new PermanentDeliveryError(`webhook answered ${status}`);
  };
}

function post(
  url: URL,
  target: { address: string; family: 4 | 6 },
  body: string,
  timeoutMs: number,
  headers: Record<string, string>,
): Promise<number> {
  // connect to the address that was checked, never to a second DNS answer (rebinding)
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    } else {
      callback(null, target.address, target.family);
    }
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinned,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.setTimeout(timeoutMs, () =>
      request.destroy(new Error(`webhook timed out after ${timeoutMs} ms`)),
    );
    request.on('error', reject);
    request.end(body);
  });
}
