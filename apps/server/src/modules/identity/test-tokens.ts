// Access tokens for API tests without the browser flow: signed with the identity service's stored
// key and carrying exactly the claims the provider puts in a real access token.
import { randomUUID } from 'node:crypto';
import { importJWK, SignJWT } from 'jose';
import type { DatabaseHandle } from '../../db/client.ts';
import { accessTokenClaims, findSignInAccount } from './account.ts';
import {
  ACCESS_TOKEN_SCOPES,
  accessTokenAudience,
  identityIssuer,
  IDENTITY_TTL,
  WEB_CLIENT_ID,
} from './provider.ts';
import { ensureSigningKeys } from './signing-keys.ts';

export interface TestTokenOptions {
  /** The user (OIDC subject) to sign for; must be able to sign in (active, with a password). */
  userId: string;
  /** Base URL the issuer and audience derive from (default http://localhost:8080). */
  publicUrl?: string;
  /** Override the issuer (default `${publicUrl}/identity`). */
  issuer?: string;
  /** Override the audience (default the API and the identity service, `accessTokenAudience`). */
  audience?: string | string[];
  /** Issue time, ms since epoch (default now). */
  issuedAtMs?: number;
  /** Lifetime in seconds (default 600, the real access-token TTL). */
  expiresInSeconds?: number;
  /** Claims to add or replace (e.g. to forge a role in a negative test). */
  claims?: Record<string, unknown>;
}

/** Signs an access token for a stored user with the identity service's current key (tests only). */
export async function issueTestToken(handle: DatabaseHandle, opts: TestTokenOptions): Promise<string> {
  const account = await findSignInAccount(handle, opts.userId);
  if (!account)
    throw new Error(`issueTestToken: user ${opts.userId} cannot sign in (missing, inactive or no password)`);
  const publicUrl = opts.publicUrl ?? 'http://localhost:8080';
  const [key] = await ensureSigningKeys(handle);
  if (!key) throw new Error('issueTestToken: no signing key');
  const iat = Math.floor((opts.issuedAtMs ?? Date.now()) / 1000);
  return new SignJWT({
    client_id: WEB_CLIENT_ID,
    scope: ACCESS_TOKEN_SCOPES.join(' '),
    ...accessTokenClaims(account),
    ...opts.claims,
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: key.kid })
    .setIssuer(opts.issuer ?? identityIssuer(publicUrl))
    .setAudience(opts.audience ?? accessTokenAudience(publicUrl))
    .setSubject(account.userId)
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + (opts.expiresInSeconds ?? IDENTITY_TTL.accessToken))
    .sign(await importJWK(key, 'RS256'));
}
