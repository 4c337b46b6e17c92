// The cookie that signs in the browser which just set its password (issue 14 'the link sets a password and that
// user signs in'): it names the used invite and its expiry, HMAC-signed with a key kept in app_secrets. It only
// lets that browser's next sign-in interaction skip the password once (the invite's signInUsedAt), within
// ACTIVATION_SIGN_IN_MS of the password being set.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { ensureAppSecret } from '../../platform/app-secrets.repository.ts';

export const ACTIVATION_COOKIE = 'allclear_activated';
/** How long after the password is set the browser may be signed in by it. */
export const ACTIVATION_SIGN_IN_MS = 10 * 60 * 1000;

export interface ActivationCookieSigner {
  /** The cookie's value for an invite, valid until `expiresAt` (ms). */
  sign(inviteId: string, expiresAt: number): string;
  /** The invite id of a valid, unexpired value; undefined otherwise. */
  verify(value: string | undefined, now: number): string | undefined;
}

export async function activationCookieSigner(db: Database): Promise<ActivationCookieSigner> {
  const key = Buffer.from(
    await ensureAppSecret(db, 'activation-cookie-key', randomBytes(32).toString('base64url')),
    'base64url',
  );
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    sign(inviteId, expiresAt) {
      const payload = `${inviteId}.${expiresAt}`;
      return `${payload}.${mac(payload)}`;
    },
    verify(value, now) {
      const match = value ? /^([0-9a-f-]{36})\.(\d{1,15})\.([A-Za-z0-9_-]+)$/.exec(value) : null;
      if (!match) return undefined;
      const [, inviteId, exp, sig] = match;
      const want = Buffer.from(mac(`${inviteId}.${exp}`));
      const got = Buffer.from(sig!);
      if (want.length !== got.length || !timingSafeEqual(want, got) || Number(exp) < now) return undefined;
      return inviteId;
    },
  };
}

/** Reads one cookie from a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
