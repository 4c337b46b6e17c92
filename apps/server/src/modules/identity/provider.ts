// The OpenID Connect provider (oidc-provider 9) of the identity service: one public client, the
// AllClear SPA, with authorization code + PKCE (S256) only, refresh-token rotation, JWT access
// tokens for the API (resource indicator `${publicUrl}/api`) that also read user info (userinfo.ts),
// RP-initiated logout, and our claims.
import { randomBytes } from 'node:crypto';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { DatabaseHandle } from '../../db/client.ts';
import { SESSION_CLAIM, accessTokenClaims, findSignInAccount, userClaims } from './account.ts';
import { createOidcAdapter, purgeExpiredOidcPayloads } from './adapter.ts';
import { pageCsp, renderLogoutPage, renderMessagePage } from './pages.ts';
import { ensureCookieKeys, ensureSigningKeys } from './signing-keys.ts';

/** How the identity service is reached and named. */
export interface IdentityConfig {
  /** The product's public base URL, e.g. http://localhost:8080 (no trailing slash). */
  publicUrl: string;
  /** Extra SPA origins allowed in redirect URIs, e.g. http://localhost:5173. */
  webRedirectOrigins: string[];
  /** Marks the provider's cookies Secure (true when publicUrl is https). */
  cookieSecure: boolean;
  /** The name shown on our pages. */
  productName: string;
  /** Access- and ID-token lifetime in seconds (default IDENTITY_TTL.accessToken). */
  accessTokenTtlSeconds?: number;
}

/** The client id of the AllClear web app. */
export const WEB_CLIENT_ID = 'allclear-web';
/** Our scope: role, hierarchy, customer, group, permissions, features, WIDGET_ADMIN. */
export const ALLCLEAR_SCOPE = 'allclear';

/** The claims each scope releases, in the ID token and at the user-info endpoint. */
export const SCOPE_CLAIMS = {
  openid: ['sub'],
  profile: ['name', 'given_name', 'family_name'],
  email: ['email'],
  [ALLCLEAR_SCOPE]: [
    'role',
    'role_hierarchy',
    'customer_id',
    'site_id',
    'permissions',
    'features',
    'WIDGET_ADMIN',
  ],
} as const satisfies Record<string, readonly string[]>;

/**
 * The scopes an access token can carry: ours for the API, and the OpenID ones the user-info
 * endpoint releases claims by (offline_access is for the refresh token only).
 */
export const ACCESS_TOKEN_SCOPES: readonly string[] = Object.keys(SCOPE_CLAIMS);

/** Token and session lifetimes, in seconds. */
export const IDENTITY_TTL = {
  accessToken: 10 * 60,
  idToken: 10 * 60,
  refreshToken: 14 * 24 * 3600,
  session: 14 * 24 * 3600,
  interaction: 60 * 60,
  authorizationCode: 60,
} as const;

/** The issuer of our tokens: `${publicUrl}/identity`. */
export function identityIssuer(publicUrl: string): string {
  return `${publicUrl.replace(/\/$/, '')}/identity`;
}

/** The audience (resource indicator) of access tokens for the API: `${publicUrl}/api`. */
export function apiAudience(publicUrl: string): string {
  return `${publicUrl.replace(/\/$/, '')}/api`;
}

/**
 * The audience of every access token: the API, and the identity service itself (its issuer) for
 * the user-info endpoint. The API accepts a token only when its own audience is in it.
 */
export function accessTokenAudience(publicUrl: string): [string, string] {
  return [apiAudience(publicUrl), identityIssuer(publicUrl)];
}

/** The web origins the SPA may run on: publicUrl's and every webRedirectOrigin, deduplicated. */
export function webOrigins(config: IdentityConfig): string[] {
  return [...new Set([config.publicUrl, ...config.webRedirectOrigins].map((u) => new URL(u).origin))];
}

/** The path of our sign-in page for an interaction (under the issuer's path). */
export function interactionPath(issuer: string, uid: string): string {
  return `${new URL(issuer).pathname.replace(/\/$/, '')}/interaction/${uid}`;
}

/**
 * Builds the provider on the given database: keys and cookie secrets are created on first use
 * and reused afterwards; expired stored artefacts are purged.
 */
export async function createIdentityProvider(
  config: IdentityConfig,
  handle: DatabaseHandle,
): Promise<Provider> {
  const issuer = identityIssuer(config.publicUrl);
  const audience = apiAudience(config.publicUrl);
  const origins = webOrigins(config);
  const [signingKeys, cookieKeys] = await Promise.all([ensureSigningKeys(handle), ensureCookieKeys(handle)]);
  await purgeExpiredOidcPayloads(handle);

  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, secure: config.cookieSecure };

  const configuration: Configuration = {
    adapter: createOidcAdapter(handle),
    jwks: { keys: signingKeys },
    clients: [
      {
        client_id: WEB_CLIENT_ID,
        client_name: config.productName,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        // spec 01 §2 names /callback and /silentrenew; spec 03 §2.1 writes /Callback and /SilentRenew
        redirect_uris: origins.flatMap((o) => [
          `${o}/callback`,
          `${o}/silentrenew`,
          `${o}/Callback`,
          `${o}/SilentRenew`,
        ]),
        post_logout_redirect_uris: origins.map((o) => `${o}/`),
      },
    ],
    clientBasedCORS: (_ctx, origin, client) => client.clientId === WEB_CLIENT_ID && origins.includes(origin),
    async findAccount(_ctx, sub) {
      const account = await findSignInAccount(handle, sub);
      if (!account) return undefined;
      return { accountId: account.userId, claims: () => userClaims(account) };
    },
    claims: Object.fromEntries(Object.entries(SCOPE_CLAIMS).map(([scope, names]) => [scope, [...names]])),
    scopes: ['openid', 'offline_access', 'profile', 'email', ALLCLEAR_SCOPE],
    // Only what the client may use: the code flow (no implicit or hybrid response types).
    responseTypes: ['code'],
    // The ID token carries the profile as well: the web has it before user info is loaded.
    conformIdTokenClaims: false,
    async extraTokenClaims(_ctx, token) {
      if (!('accountId' in token) || !token.accountId) return undefined;
      const account = await findSignInAccount(handle, token.accountId);
      if (!account) return undefined;
      // the session the token was issued to: a password change keeps that session's tokens and ends the others'
      const sessionUid = 'sessionUid' in token ? token.sessionUid : undefined;
      return { ...accessTokenClaims(account), ...(sessionUid ? { [SESSION_CLAIM]: sessionUid } : {}) };
    },
    // Our own client gets a refresh token whether or not it asked for offline_access (silent
    // renew with prompt=none drops that scope); it ends with the 14-day session anyway.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    formats: {
      customizers: {
        // The user-info endpoint (userinfo.ts) is the token's second audience, beside the API.
        jwt(_ctx, _token, parts) {
          if (parts.payload.aud === audience) parts.payload.aud = accessTokenAudience(config.publicUrl);
        },
      },
    },
    pkce: { required: () => true },
    async loadExistingGrant(ctx) {
      return loadOrAutoGrant(ctx, audience);
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, resourceIndicator) {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: ACCESS_TOKEN_SCOPES.join(' '),
            audience,
            accessTokenTTL: config.accessTokenTtlSeconds ?? IDENTITY_TTL.accessToken,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          const nonce = randomBytes(16).toString('base64');
          ctx.set('Content-Security-Policy', pageCsp(origins, nonce));
          ctx.type = 'html';
          ctx.body = renderLogoutPage({ productName: config.productName, form, nonce });
        },
        postLogoutSuccessSource(ctx) {
          ctx.set('Content-Security-Policy', pageCsp(origins));
          ctx.type = 'html';
          ctx.body = renderMessagePage({
            productName: config.productName,
            title: 'Signed out',
            message: 'You have signed out.',
          });
        },
      },
    },
    interactions: { url: (_ctx, interaction) => interactionPath(issuer, interaction.uid) },
    cookies: { keys: cookieKeys, long: cookieOptions, short: cookieOptions },
    ttl: {
      AccessToken: config.accessTokenTtlSeconds ?? IDENTITY_TTL.accessToken,
      IdToken: config.accessTokenTtlSeconds ?? IDENTITY_TTL.idToken,
      AuthorizationCode: IDENTITY_TTL.authorizationCode,
      Interaction: IDENTITY_TTL.interaction,
      Session: IDENTITY_TTL.session,
      Grant: IDENTITY_TTL.session,
      // A rotated refresh token keeps its predecessor's end: 14 days from sign-in, not from last use.
      RefreshToken(ctx) {
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        return rotated ? rotated.remainingTTL : IDENTITY_TTL.refreshToken;
      },
    },
    enabledJWA: { idTokenSigningAlgValues: ['RS256'] },
    renderError(ctx, out) {
      ctx.set('Content-Security-Policy', pageCsp(origins));
      ctx.type = 'html';
      ctx.body = renderMessagePage({
        productName: config.productName,
        title: 'Sign-in problem',
        message: out.error_description ? `${out.error}: ${out.error_description}` : String(out.error),
      });
    },
  };

  const provider = new Provider(issuer, configuration);
  // URLs are built from the forwarded host and protocol, which index.ts sets from publicUrl.
  provider.proxy = true;
  return provider;
}

/**
 * The grant of this session for the client; for our own web app, created or extended to every
 * requested scope and our API's scope, so it never shows a consent screen (first-party client).
 */
async function loadOrAutoGrant(ctx: KoaContextWithOIDC, audience: string) {
  const { client, session, provider } = ctx.oidc;
  if (!client || !session?.accountId) return undefined;
  const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  const existing = grantId ? await provider.Grant.find(grantId) : undefined;
  if (client.clientId !== WEB_CLIENT_ID) return existing;
  const grant = existing ?? new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  const requested = String(ctx.oidc.params?.scope ?? 'openid');
  grant.addOIDCScope(requested);
  // The access token's scope: ours always, and the requested OpenID scopes for user info.
  const tokenScopes = requested.split(' ').filter((s) => ACCESS_TOKEN_SCOPES.includes(s));
  grant.addResourceScope(audience, [...new Set([ALLCLEAR_SCOPE, ...tokenScopes])].join(' '));
  await grant.save();
  return grant;
}
