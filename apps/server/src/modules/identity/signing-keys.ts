// Key material of the identity service, generated once and kept in the database so that tokens
// and cookies survive restarts and are shared by every process: RS256 signing keys in
// `signing_keys` (private JWKs) and cookie-signing keys in `app_secrets` (DB contract).
import { randomBytes } from 'node:crypto';
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  errors as joseErrors,
  exportJWK,
  generateKeyPair,
  type JSONWebKeySet,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';
import type { DatabaseHandle } from '../../db/client.ts';

/** A private RS256 signing key as stored (kid = RFC 7638 thumbprint). */
export interface SigningJwk extends JWK {
  kid: string;
  alg: 'RS256';
  use: 'sig';
}

const COOKIE_KEYS_SECRET = 'oidc_cookie_keys';
// Members of an RSA JWK that are private (RFC 7518 §6.3.2).
const PRIVATE_RSA_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth'] as const;

async function readSigningKeys(handle: DatabaseHandle): Promise<SigningJwk[]> {
  // Newest first: the provider signs with the first key, so a rotation only has to add a row.
  const rows = await handle.query<{ id: string; jwk: unknown }>(
    'select id, jwk from signing_keys order by created desc, id asc',
  );
  return rows.map((r) => {
    const jwk = (typeof r.jwk === 'string' ? JSON.parse(r.jwk) : r.jwk) as JWK;
    return { ...jwk, kid: r.id, alg: 'RS256', use: 'sig' };
  });
}

/** The stored private signing keys, newest first; generates and stores one RS256 key when there is none. */
export async function ensureSigningKeys(handle: DatabaseHandle): Promise<SigningJwk[]> {
  const existing = await readSigningKeys(handle);
  if (existing.length > 0) return existing;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  // Two processes starting together may both insert; both then read the same set back.
  await handle.query(
    'insert into signing_keys (id, jwk) values ($1, $2::jsonb) on conflict (id) do nothing',
    [kid, JSON.stringify({ ...jwk, kid, alg: 'RS256', use: 'sig' })],
  );
  return readSigningKeys(handle);
}

/** The public half of a private JWK. */
export function publicJwk(jwk: SigningJwk): JWK {
  const out: JWK = { ...jwk };
  for (const member of PRIVATE_RSA_MEMBERS) delete (out as Record<string, unknown>)[member];
  return out;
}

/** The identity service's public JWKS, read from the database (creating the key on first use). */
export async function loadPublicJwks(handle: DatabaseHandle): Promise<JSONWebKeySet> {
  const keys = await ensureSigningKeys(handle);
  return { keys: keys.map(publicJwk) };
}

/**
 * A key resolver for `jwtVerify` backed by the identity service's keys in the database: the
 * in-process path from the identity service to the token verifier (no HTTP round trip). An
 * unknown kid reloads the keys, at most once per `reloadAfterMs` (default 60 000 ms).
 */
export function createIdentityKeyLoader(
  handle: DatabaseHandle,
  opts: { reloadAfterMs?: number; now?: () => number } = {},
): JWTVerifyGetKey {
  const reloadAfterMs = opts.reloadAfterMs ?? 60_000;
  const now = opts.now ?? Date.now;
  let keySet: ReturnType<typeof createLocalJWKSet> | undefined;
  let loadedAt = 0;
  const load = async () => {
    keySet = createLocalJWKSet(await loadPublicJwks(handle));
    loadedAt = now();
    return keySet;
  };
  return async (header, token) => {
    const current = keySet ?? (await load());
    try {
      return await current(header, token);
    } catch (err) {
      if (err instanceof joseErrors.JWKSNoMatchingKey && now() - loadedAt >= reloadAfterMs) {
        return (await load())(header, token);
      }
      throw err;
    }
  };
}

/** The cookie-signing keys (base64url, 32 random bytes each), generated once and kept in `app_secrets`. */
export async function ensureCookieKeys(handle: DatabaseHandle): Promise<string[]> {
  const fresh = JSON.stringify([randomBytes(32).toString('base64url')]);
  await handle.query('insert into app_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [
    COOKIE_KEYS_SECRET,
    fresh,
  ]);
  const rows = await handle.query<{ value: string }>('select value from app_secrets where name = $1', [
    COOKIE_KEYS_SECRET,
  ]);
  const keys = JSON.parse(rows[0]?.value ?? '[]') as unknown;
  if (!Array.isArray(keys) || keys.length === 0 || !keys.every((k) => typeof k === 'string')) {
    throw new Error(`app_secrets.${COOKIE_KEYS_SECRET} is not a non-empty JSON array of strings`);
  }
  return keys as string[];
}
