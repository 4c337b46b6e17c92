// /impersonation (spec 03 §2.14), handled before sign-in: exchange the code from the query string (with its
// optional code_verifier) for tokens, read user info, merge the claims, store the user, then go to '/'.
import { MetadataService, User, type UserManager, type UserProfile } from 'oidc-client-ts';

/** The impersonation entry path (matched case-insensitively). */
export const IMPERSONATION_PATH = '/impersonation';
/** Session key of the page that started the impersonation, for 'End Impersonation'. */
export const IMPERSONATION_REFERRER_KEY = 'allclear.impersonation.referrer';

/** True when the browser is on the impersonation entry. */
export function isImpersonationPath(pathname: string): boolean {
  return pathname.replace(/\/+$/, '').toLowerCase() === IMPERSONATION_PATH;
}

/**
 * The acting user of an impersonated session: the RFC 8693 'act' claim ({ sub, name?, email? }), or null for a
 * normal session. This is our reading of the spec's 'acting-user claim'.
 */
export function actingUserOf(profile: UserProfile | undefined): { sub: string; name?: string } | null {
  const act = (profile as Record<string, unknown> | undefined)?.act;
  if (!act || typeof act !== 'object') return null;
  const { sub, name, email } = act as { sub?: unknown; name?: unknown; email?: unknown };
  if (typeof sub !== 'string' || sub === '') return null;
  const label = typeof name === 'string' ? name : typeof email === 'string' ? email : undefined;
  return label ? { sub, name: label } : { sub };
}

/**
 * Where 'End Impersonation' goes: the referring site's details page of the impersonated user
 * (`{referrer origin}/Users/{sub}`), or '/' when the referrer is unknown or not http(s).
 */
export function endImpersonationUrl(referrer: string | null, impersonatedSub: string): string {
  if (!referrer) return '/';
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return '/';
    return `${url.origin}/Users/${encodeURIComponent(impersonatedSub)}`;
  } catch {
    return '/';
  }
}

interface TokenResponse {
  access_token: string;
  token_type: string;
  id_token?: string;
  refresh_token?: string;
  scope?: string;
  expires_in?: number;
}

/** Claims of a JWT's payload (no signature check: the token came straight from our token endpoint over TLS). */
export function decodeJwtClaims(jwt: string | undefined): Record<string, unknown> {
  const payload = jwt?.split('.')[1];
  if (!payload) return {};
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const text = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const claims: unknown = JSON.parse(text);
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Completes an impersonation entry: exchanges `code` at the token endpoint, loads user info, stores the merged
 * user in the UserManager's store and records the referrer. `nowSeconds` is the clock (epoch seconds).
 */
export async function completeImpersonation(
  userManager: UserManager,
  location: { origin: string; search: string },
  referrer: string,
  nowSeconds: number,
): Promise<User> {
  const params = new URLSearchParams(location.search);
  const code = params.get('code');
  if (!code) throw new Error('Impersonation link has no code.');
  const metadata = new MetadataService(userManager.settings);

  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    client_id: userManager.settings.client_id,
    redirect_uri: `${location.origin}${IMPERSONATION_PATH}`,
  });
  const verifier = params.get('code_verifier');
  if (verifier) form.set('code_verifier', verifier);
  const tokenResponse = await fetch(await metadata.getTokenEndpoint(false), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: form,
  });
  if (!tokenResponse.ok) throw new Error(`Impersonation token exchange failed (${tokenResponse.status}).`);
  const tokens = (await tokenResponse.json()) as TokenResponse;

  const infoResponse = await fetch(await metadata.getUserInfoEndpoint(), {
    headers: { Authorization: `Bearer ${tokens.access_token}`, Accept: 'application/json' },
  });
  if (!infoResponse.ok) throw new Error(`Impersonation user info failed (${infoResponse.status}).`);
  const userInfo = (await infoResponse.json()) as Record<string, unknown>;

  // User info wins over the ID token for the same claim, as oidc-client-ts merges on sign-in.
  const profile = { ...decodeJwtClaims(tokens.id_token), ...userInfo } as UserProfile;
  const user = new User({
    access_token: tokens.access_token,
    token_type: tokens.token_type,
    id_token: tokens.id_token,
    refresh_token: tokens.refresh_token,
    scope: tokens.scope,
    profile,
    expires_at: tokens.expires_in !== undefined ? nowSeconds + tokens.expires_in : undefined,
  });
  await userManager.storeUser(user);
  if (referrer) sessionStorage.setItem(IMPERSONATION_REFERRER_KEY, referrer);
  else sessionStorage.removeItem(IMPERSONATION_REFERRER_KEY);
  return user;
}
