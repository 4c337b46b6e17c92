// OpenID Connect client settings for our identity provider at /identity (ARCHITECTURE.md, spec 03 §2.14).
import { WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';

export const OIDC_CLIENT_ID = 'allclear-web';
export const OIDC_SCOPE = 'openid profile email allclear offline_access';
/** Sign-in that stays loading this long returns to the root (spec 03 §2.14), ms. */
export const SIGN_IN_TIMEOUT_MS = 120_000;

/** The oidc-client-ts settings for an app served at `origin` (authorization code; PKCE is automatic). */
export function buildOidcSettings(origin: string, storage: Storage): UserManagerSettings {
  return {
    authority: `${origin}/identity`,
    client_id: OIDC_CLIENT_ID,
    redirect_uri: `${origin}/callback`,
    silent_redirect_uri: `${origin}/silentrenew`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: OIDC_SCOPE,
    automaticSilentRenew: true,
    // User-info loading (spec 01 §4): after sign-in and each renewal the claims of the user-info
    // endpoint, read with the access token, replace the ID token's (arrays such as permissions too).
    loadUserInfo: true,
    mergeClaimsStrategy: { array: 'replace' },
    // Tokens stay in session storage: a recorded deviation from ASVS 10.1.1 (ARCHITECTURE.md).
    userStore: new WebStorageStateStore({ store: storage }),
  };
}

/** Where to return after sign-in, carried through the identity provider in the sign-in request's state. */
export interface SignInState {
  returnTo: string;
}

/** The in-app path to come back to, or '/' when the state is missing or points off-site. */
export function returnPathFrom(state: unknown): string {
  const returnTo = (state as Partial<SignInState> | null | undefined)?.returnTo;
  if (typeof returnTo !== 'string' || !returnTo.startsWith('/') || returnTo.startsWith('//')) return '/';
  const path = returnTo.split(/[?#]/)[0]!.toLowerCase();
  // Returning to the callback pages would loop.
  if (path === '/callback' || path === '/silentrenew') return '/';
  return returnTo;
}
