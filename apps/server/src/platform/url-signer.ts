// Signed, expiring URLs for resources a browser loads without our bearer header (an <img> of a
// station's sky image). The signature is HMAC-SHA256 over the path and expiry with a key generated
// once and kept in app_secrets, so every process of the product verifies what another signed.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/client.ts';
import { ensureAppSecret } from './app-secrets.repository.ts';

const SECRET_NAME = 'url-signing-key';
/** How long a signed URL stays valid, seconds (the dashboard refetches station data every 5 minutes). */
export const SIGNED_URL_TTL_SECONDS = 3600;

export interface UrlSigner {
  /** The path with `exp` and `sig` query values appended. */
  sign(path: string, nowMs: number, ttlSeconds?: number): string;
  /** True when `sig` is the signature of the path and `exp`, and `exp` has not passed. */
  verify(path: string, exp: unknown, sig: unknown, nowMs: number): boolean;
}

export function createUrlSigner(key: Buffer): UrlSigner {
  const mac = (path: string, exp: number) =>
    createHmac('sha256', key).update(`${path.toLowerCase()}\n${exp}`).digest('base64url');
  return {
    sign(path, nowMs, ttlSeconds = SIGNED_URL_TTL_SECONDS) {
      const exp = Math.floor(nowMs / 1000) + ttlSeconds;
      return `${path}${path.includes('?') ? '&' : '?'}exp=${exp}&sig=${mac(path, exp)}`;
    },
    verify(path, exp, sig, nowMs) {
      const expNum = typeof exp === 'string' && /^\d{1,12}$/.test(exp) ? Number(exp) : NaN;
      if (!Number.isFinite(expNum) || typeof sig !== 'string' || expNum * 1000 < nowMs) return false;
      const want = Buffer.from(mac(path, expNum));
      const got = Buffer.from(sig);
      return want.length === got.length && timingSafeEqual(want, got);
    },
  };
}

const signers = new WeakMap<Database, Promise<UrlSigner>>();

/** The signer of this database's product (its key is created on first use and kept). */
export function urlSignerFor(db: Database): Promise<UrlSigner> {
  let signer = signers.get(db);
  if (!signer) {
    signer = (async () => {
      const key = await ensureAppSecret(db, SECRET_NAME, randomBytes(32).toString('base64url'));
      return createUrlSigner(Buffer.from(key, 'base64url'));
    })();
    signers.set(db, signer);
    signer.catch(() => signers.delete(db));
  }
  return signer;
}
