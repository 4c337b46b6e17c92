// The links the product puts in its e-mails (issue 14), shared by the notifier that writes them and the modules
// that answer them: an invite's activation link (a random token whose SHA-256 alone is kept) and a
// notification-only contact's unsubscribe link (RFC 8058 one-click: an HMAC over the contact and its address
// with a key kept in app_secrets, so the link needs no stored token and dies when the address changes).
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/client.ts';
import { ensureAppSecret } from './app-secrets.repository.ts';

/** How long an invite's link works after it was sent (issue 14: 72 h). */
export const INVITE_TTL_MS = 72 * 3600 * 1000;

/** 32 random bytes, base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new invite token and the hash kept of it. */
export function newInviteToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: inviteTokenHash(token)! };
}

/** The hex SHA-256 kept of a token; null for anything that is not a token of ours (refused before any lookup). */
export function inviteTokenHash(token: unknown): string | null {
  if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return null;
  return createHash('sha256').update(token).digest('hex');
}

/** The identity service's page where an invited user sets their password. */
export function activationUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/identity/account/activate?token=${token}`;
}

export interface UnsubscribeSigner {
  /** The signature of a contact's unsubscribe link for its current e-mail address. */
  sign(notificationUserId: number, email: string): string;
  /** True when `signature` is the contact's for this address. */
  verify(notificationUserId: number, email: string, signature: string): boolean;
}

export function createUnsubscribeSigner(key: Buffer): UnsubscribeSigner {
  const mac = (id: number, email: string) =>
    createHmac('sha256', key).update(`unsubscribe\n${id}\n${email.trim().toLowerCase()}`).digest('base64url');
  return {
    sign: mac,
    verify(id, email, signature) {
      const want = Buffer.from(mac(id, email));
      const got = Buffer.from(signature);
      return want.length === got.length && timingSafeEqual(want, got);
    },
  };
}

const signers = new WeakMap<Database, Promise<UnsubscribeSigner>>();

/** The unsubscribe signer of this database's product (its key is made on first use and kept). */
export function unsubscribeSignerFor(db: Database): Promise<UnsubscribeSigner> {
  let signer = signers.get(db);
  if (!signer) {
    signer = (async () => {
      const key = await ensureAppSecret(db, 'unsubscribe-key', randomBytes(32).toString('base64url'));
      return createUnsubscribeSigner(Buffer.from(key, 'base64url'));
    })();
    signers.set(db, signer);
    signer.catch(() => signers.delete(db));
  }
  return signer;
}

/** The unsubscribe link of a contact (the List-Unsubscribe URL and the link in the e-mail's text). */
export function unsubscribeUrl(publicUrl: string, notificationUserId: number, signature: string): string {
  return `${publicUrl.replace(/\/$/, '')}/api/notificationuser/unsubscribe?u=${notificationUserId}&s=${signature}`;
}
