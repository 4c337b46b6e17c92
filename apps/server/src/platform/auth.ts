// Bearer-token authentication for the API: verifies an access token (JWT, RS256 only, issuer and
// audience checked) and turns it into the caller's Principal. Keys come from our identity service
// in process (a key loader the composition root hands in), from a given JWKS, or, for an external
// OIDC_ISSUER, from its published JWKS.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeJwt,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { ROLE_HIERARCHY, ROLE_NAMES, type RoleName } from '@allclear/domain';
import type { Bus } from './bus.ts';
import type { IdentityConfig, ServerConfig } from './config.ts';
import { isLostDatabase } from './lost-database.ts';

/** The authenticated caller, from the access token's claims. */
export interface Principal {
  /** The user's id (token `sub`). */
  userId: string;
  customerId: number;
  role: RoleName;
  /** Lower is more powerful (spec 02 §6). */
  roleHierarchy: number;
  /** The user's group (site); null when none. */
  siteId: number | null;
  /** Effective permissions (spec 02 §6). */
  permissions: string[];
  /** The customer's feature ids (spec 01 §3). */
  features: number[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by `app.authenticate`; null on routes that do not run that hook. */
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** preHandler/onRequest hook: 401 unless the request carries a valid bearer token. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | void>;
    /**
     * The same check as a callback hook (`(request, reply, done)`): a token already verified is answered without a
     * promise, which is most requests (issue 18 profile).
     */
    authenticateHook: (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => void;
    /**
     * The principal of an Authorization header whose bearer token is already verified and kept, without waiting; else
     * undefined (keptPrincipal). The read lane (platform/read-lane.ts) answers only such callers.
     */
    keptPrincipal: (authorization: string | undefined) => Principal | undefined;
  }
}

/** Why a token was refused (never shown to the caller). */
export class TokenRejectedError extends Error {
  override name = 'TokenRejectedError';
}

export interface TokenVerifier {
  /** Verifies a compact JWS access token and returns its principal; throws when it is not acceptable. */
  verify(token: string): Promise<Principal>;
}

export interface TokenVerifierOptions {
  /** Expected `iss`, e.g. http://localhost:8080/identity. */
  issuer: string;
  /** Expected `aud`, e.g. http://localhost:8080/api. */
  audience: string;
  /** A fixed public JWKS. */
  jwks?: JSONWebKeySet;
  /** A key resolver (e.g. `createIdentityKeyLoader(db)` of modules/identity for our own provider, in process). */
  keyLoader?: JWTVerifyGetKey;
  /** The JWKS URL of an external provider; when no key source is given it is discovered from the issuer. */
  jwksUri?: string;
  /** Clock for expiry checks (default now). */
  currentDate?: () => Date;
}

/** Allowed clock skew between issuer and API, seconds. */
export const CLOCK_TOLERANCE_SECONDS = 5;

/** Builds a verifier: RS256 only, issuer and audience checked, 5 s clock tolerance. */
export function createTokenVerifier(opts: TokenVerifierOptions): TokenVerifier {
  const keys = keySource(opts);
  return {
    async verify(token) {
      const { payload } = await jwtVerify(token, await keys(), {
        algorithms: ['RS256'],
        issuer: opts.issuer,
        audience: opts.audience,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp'],
        currentDate: opts.currentDate?.(),
      });
      return principalFromClaims(payload);
    },
  };
}

function keySource(opts: TokenVerifierOptions): () => Promise<JWTVerifyGetKey> {
  if (opts.keyLoader) {
    const loader = opts.keyLoader;
    return async () => loader;
  }
  if (opts.jwks) {
    const local = createLocalJWKSet(opts.jwks);
    return async () => local;
  }
  if (opts.jwksUri) {
    const remote = createRemoteJWKSet(new URL(opts.jwksUri));
    return async () => remote;
  }
  // External issuer without a configured JWKS URL: read it from the issuer's discovery document once.
  let discovered: Promise<JWTVerifyGetKey> | undefined;
  return () => {
    discovered ??= discoverRemoteJwks(opts.issuer).catch((err: unknown) => {
      discovered = undefined;
      throw err;
    });
    return discovered;
  };
}

async function discoverRemoteJwks(issuer: string): Promise<JWTVerifyGetKey> {
  const res = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
    signal: AbortSignal.timeout(5000),
  });
  if (!res.ok) throw new TokenRejectedError(`issuer discovery failed: ${res.status}`);
  const doc = (await res.json()) as { jwks_uri?: unknown };
  if (typeof doc.jwks_uri !== 'string') throw new TokenRejectedError('issuer discovery has no jwks_uri');
  return createRemoteJWKSet(new URL(doc.jwks_uri));
}

const isRoleName = (v: unknown): v is RoleName =>
  typeof v === 'string' && (ROLE_NAMES as readonly string[]).includes(v);
const toInt = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) ? n : undefined;
};

/** Reads the Principal from verified access-token claims; throws when a required claim is missing. */
export function principalFromClaims(payload: JWTPayload): Principal {
  const customerId = toInt(payload.customer_id);
  if (!payload.sub || customerId === undefined)
    throw new TokenRejectedError('token lacks sub or customer_id');
  if (!isRoleName(payload.role)) throw new TokenRejectedError('token lacks a known role');
  const siteId = payload.site_id === null || payload.site_id === undefined ? null : toInt(payload.site_id);
  const strings = (v: unknown) =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  const ints = (v: unknown) =>
    Array.isArray(v) ? v.map(toInt).filter((x): x is number => x !== undefined) : [];
  return {
    userId: payload.sub,
    customerId,
    role: payload.role,
    roleHierarchy: toInt(payload.role_hierarchy) ?? ROLE_HIERARCHY[payload.role],
    siteId: siteId ?? null,
    permissions: strings(payload.permissions),
    features: ints(payload.features),
  };
}

/** The verified-token cache's key: a token's last characters (a JWS ends with its signature). */
const tokenKey = (token: string) => token.slice(-32);

/** Most verified tokens kept; past it the oldest is dropped (verified again if it comes back). */
export const VERIFIED_TOKENS_MAX = 10_000;

export interface CachedVerifierOptions {
  /**
   * Whether the user of a verified token may still use it (an active user of an active customer, and a token of a
   * session still alive: one signed out or ended by a password change takes its tokens with it): checked once per
   * token, with its claims, and again once the bus says the user changed. Without it only the signature and claims
   * count.
   */
  accountActive?: (userId: string, claims: JWTPayload) => Promise<boolean>;
  /** Now, ms since epoch (default Date.now): a token is kept until its `exp`. */
  now?: () => number;
  maxEntries?: number;
}

export interface CachedVerifier extends TokenVerifier {
  /** The principal of a token verified before and not expired, without waiting; undefined otherwise. */
  cached(token: string): Principal | undefined;
  /** Forgets the user's verified tokens (their account changed): the next request verifies again. */
  forgetUser(userId: string): void;
}

/**
 * Verified tokens kept until they expire, so a token is verified (RS256, and its account checked) once rather than on
 * every request. A change of the user (deactivated, deleted, their role or group changed: 'user-changed' on the bus,
 * which every API process receives) forgets their tokens, so the next request is checked again and a revoked
 * account is refused at once.
 */
export function createCachedVerifier(inner: TokenVerifier, opts: CachedVerifierOptions = {}): CachedVerifier {
  const now = opts.now ?? Date.now;
  const maxEntries = opts.maxEntries ?? VERIFIED_TOKENS_MAX;
  // Keyed by the token's last characters (part of its signature), the whole token compared on a hit: a Map keyed by the
  // whole token hashed its ~900 characters again on every request, as each request brings its own copy of the string
  // (issue 18 profile: a twentieth of a cached read).
  const verified = new Map<string, { token: string; principal: Principal; expiresAtMs: number }>();
  // One verification per token at a time: a new token's first requests (a dashboard opens ~50) share it.
  const verifying = new Map<string, Promise<Principal>>();
  // Bumped by forgetUser: a verification that straddles a change of its user is done again.
  const changes = new Map<string, number>();

  async function verifyNow(token: string): Promise<Principal> {
    for (;;) {
      const principal = await inner.verify(token);
      const seen = changes.get(principal.userId) ?? 0;
      const claims = decodeJwt(token);
      if (opts.accountActive && !(await opts.accountActive(principal.userId, claims)))
        throw new TokenRejectedError('the user of the token can no longer use it');
      if ((changes.get(principal.userId) ?? 0) !== seen) continue;
      const { exp } = claims;
      const expiresAtMs = (exp ?? 0) * 1000;
      if (expiresAtMs > now()) {
        if (verified.size >= maxEntries) verified.delete(verified.keys().next().value!);
        verified.set(tokenKey(token), { token, principal, expiresAtMs });
      }
      return principal;
    }
  }

  const cached = (token: string): Principal | undefined => {
    const key = tokenKey(token);
    const hit = verified.get(key);
    if (!hit || hit.token !== token) return undefined;
    if (now() < hit.expiresAtMs) return hit.principal;
    verified.delete(key);
    return undefined;
  };

  return {
    cached,
    async verify(token) {
      const hit = cached(token);
      if (hit) return hit;
      let pending = verifying.get(token);
      if (!pending) {
        pending = verifyNow(token).finally(() => verifying.delete(token));
        verifying.set(token, pending);
      }
      return pending;
    },
    forgetUser(userId) {
      changes.set(userId, (changes.get(userId) ?? 0) + 1);
      for (const [key, entry] of verified) if (entry.principal.userId === userId) verified.delete(key);
    },
  };
}

/** The body of every 401 (ARCHITECTURE.md 'API conventions'). */
export const UNAUTHORIZED_BODY = { responseException: { message: 'Unauthorized', errors: {} } } as const;

const BEARER = /^Bearer\s+([A-Za-z0-9\-_.]+)\s*$/i;

const refuseMissing = (reply: FastifyReply) =>
  reply.code(401).header('www-authenticate', 'Bearer').send(UNAUTHORIZED_BODY);

function refuseInvalid(request: FastifyRequest, reply: FastifyReply, err: unknown) {
  request.log.debug({ err }, 'bearer token refused');
  return reply.code(401).header('www-authenticate', 'Bearer error="invalid_token"').send(UNAUTHORIZED_BODY);
}

/** A Fastify hook that requires `Authorization: Bearer <token>` and sets `request.principal`, else answers 401. */
export function createAuthenticate(verifier: TokenVerifier) {
  return async function authenticate(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply | void> {
    const header = request.headers.authorization;
    const match = header ? BEARER.exec(header) : null;
    if (!match) return refuseMissing(reply);
    try {
      request.principal = await verifier.verify(match[1]!);
    } catch (err) {
      if (isLostDatabase(err)) throw err;
      return refuseInvalid(request, reply, err);
    }
  };
}

/**
 * The principal of `Authorization: Bearer <token>` when the verifier has kept that token. The usual form only: a kept
 * token equals a verified one character for character, so it needs no parsing (the pattern's scan of ~900 characters
 * cost as much as the lookup); any other form is verified the slow way.
 */
export function keptPrincipal(
  verifier: CachedVerifier,
  authorization: string | undefined,
): Principal | undefined {
  return authorization?.startsWith('Bearer ') ? verifier.cached(authorization.slice(7)) : undefined;
}

/** createAuthenticate's check as a callback hook: a token the verifier has kept is answered at once. */
export function createAuthenticateHook(verifier: CachedVerifier) {
  return function authenticateHook(
    request: FastifyRequest,
    reply: FastifyReply,
    done: (err?: Error) => void,
  ): void {
    const header = request.headers.authorization;
    const known = keptPrincipal(verifier, header);
    if (known) {
      request.principal = known;
      return done();
    }
    const match = header ? BEARER.exec(header) : null;
    // a hook that answers does not call done
    if (!match) return void refuseMissing(reply);
    verifier.verify(match[1]!).then(
      (principal) => {
        request.principal = principal;
        done();
      },
      // a database away while the token's key or account is read: 503 from the error handler, never a 401 that
      // would sign the user out, though only the database is away
      (err: unknown) => (isLostDatabase(err) ? done(err as Error) : void refuseInvalid(request, reply, err)),
    );
  };
}

/** What the auth plugin needs of the configuration (platform/config.ts): the public URL and the identity section. */
export interface AuthConfig {
  server: Pick<ServerConfig, 'publicUrl'>;
  /** An external OpenID provider replacing ours (OIDC_ISSUER), and the audience the API accepts. */
  identity: Pick<IdentityConfig, 'oidcIssuer' | 'oidcAudience'>;
}

/**
 * The verifier for the configured issuer: an external issuer's JWKS, or our identity service's keys in
 * process through `identityKeys` (the composition root passes `createIdentityKeyLoader(db)`).
 */
export function createConfiguredVerifier(config: AuthConfig, identityKeys: JWTVerifyGetKey): TokenVerifier {
  const { oidcIssuer, oidcAudience } = config.identity;
  if (oidcIssuer) return createTokenVerifier({ issuer: oidcIssuer, audience: oidcAudience });
  return createTokenVerifier({
    issuer: `${config.server.publicUrl.replace(/\/$/, '')}/identity`,
    audience: oidcAudience,
    keyLoader: identityKeys,
  });
}

export type AuthPluginOptions = (
  { verifier: TokenVerifier } | { config: AuthConfig; identityKeys: JWTVerifyGetKey }
) & {
  /** Where 'user-changed' arrives: the user's verified tokens are forgotten (and checked again). */
  bus?: Bus;
  /** Whether a token's user may still use it (see CachedVerifierOptions). */
  accountActive?: (userId: string, claims: JWTPayload) => Promise<boolean>;
};

/**
 * Decorates the app (not encapsulated) with `authenticate` and `request.principal`. Use on a
 * route or a scope: `{ onRequest: app.authenticate }` or `scope.addHook('onRequest', app.authenticate)`.
 * Verified tokens are kept until they expire (createCachedVerifier).
 */
export const authPlugin = fp<AuthPluginOptions>(
  async (app, opts) => {
    const verifier = createCachedVerifier(
      'verifier' in opts ? opts.verifier : createConfiguredVerifier(opts.config, opts.identityKeys),
      { accountActive: opts.accountActive },
    );
    const unsubscribe = opts.bus?.subscribe('user-changed', (e) => verifier.forgetUser(e.userId));
    if (unsubscribe) app.addHook('onClose', async () => unsubscribe());
    app.decorateRequest('principal', null);
    app.decorate('authenticate', createAuthenticate(verifier));
    app.decorate('authenticateHook', createAuthenticateHook(verifier));
    app.decorate('keptPrincipal', (authorization: string | undefined) =>
      keptPrincipal(verifier, authorization),
    );
  },
  { name: 'allclear-auth', fastify: '5.x' },
);
