// The user-info endpoint (OpenID Connect Core §5.3) at `${issuer}/me`, served here in front of
// oidc-provider's own. oidc-provider's answers only opaque access tokens without an audience, and
// every token we issue is a JWT for the API (a resource indicator), so the web could not load
// user info (spec 01 §4, spec 03 §2.14). Our access tokens name two audiences, the API and this
// service (provider.ts `accessTokenAudience`); this endpoint accepts a token only when it is ours
// (RS256 with our key, our issuer, typ at+jwt, unexpired), names the identity service in its
// audience, carries the openid scope and belongs to a user who may still sign in. It releases the
// claims of the token's scopes (SCOPE_CLAIMS), read fresh from the database.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, type JWTPayload } from 'jose';
import type { DatabaseHandle } from '../../db/client.ts';
import { CLOCK_TOLERANCE_SECONDS } from '../../platform/auth.ts';
import { createAccountCheck, findSignInAccount, userClaims } from './account.ts';
import { identityIssuer, SCOPE_CLAIMS, WEB_CLIENT_ID, webOrigins, type IdentityConfig } from './provider.ts';
import { createIdentityKeyLoader } from './signing-keys.ts';

/** The user-info path under the issuer (oidc-provider's default, advertised as `userinfo_endpoint`). */
export const USERINFO_PATH = '/me';

export interface UserInfoOptions {
  config: IdentityConfig;
  db: DatabaseHandle;
}

/** An OAuth bearer-token error (RFC 6750 §3.1): its status, code and description. */
class BearerError extends Error {
  constructor(
    readonly status: 400 | 401 | 403,
    readonly code: 'invalid_request' | 'invalid_token' | 'insufficient_scope',
    description: string,
  ) {
    super(description);
  }
}

type ScopeName = keyof typeof SCOPE_CLAIMS;
const isScopeName = (s: string): s is ScopeName => Object.hasOwn(SCOPE_CLAIMS, s);

/** The claims the granted scopes release, from all the claims of the account. */
export function releasedClaims(all: Record<string, unknown>, scopes: readonly string[]) {
  const names = new Set<string>(scopes.filter(isScopeName).flatMap((s) => SCOPE_CLAIMS[s]));
  return Object.fromEntries(Object.entries(all).filter(([k, v]) => names.has(k) && v !== undefined));
}

export const userInfoRoutes: FastifyPluginAsync<UserInfoOptions> = async (app, { config, db }) => {
  const issuer = identityIssuer(config.publicUrl);
  const origins = webOrigins(config);
  const keys = createIdentityKeyLoader(db);

  // A form body may carry the token (RFC 6750 §2.2); any other body is read and ignored.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16_384 }, (request, body, done) => {
    const form = /^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? '');
    done(null, form ? new URLSearchParams(String(body)) : undefined);
  });

  async function verify(token: string): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(token, keys, {
        algorithms: ['RS256'],
        issuer,
        audience: issuer,
        typ: 'at+jwt',
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp', 'client_id'],
      });
      return payload;
    } catch {
      throw new BearerError(401, 'invalid_token', 'invalid token provided');
    }
  }

  function cors(request: FastifyRequest, reply: FastifyReply) {
    reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (origin && origins.includes(origin)) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-expose-headers', 'WWW-Authenticate');
    }
  }

  const sessionAlive = createAccountCheck(db);

  async function userInfo(request: FastifyRequest, reply: FastifyReply) {
    cors(request, reply);
    reply.header('cache-control', 'no-store');
    try {
      const token = bearerToken(request);
      const payload = await verify(token);
      if (payload.client_id !== WEB_CLIENT_ID) {
        throw new BearerError(401, 'invalid_token', 'the token was issued to an unknown client');
      }
      const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
      if (!scopes.includes('openid')) {
        throw new BearerError(403, 'insufficient_scope', 'access token missing openid scope');
      }
      const account = await findSignInAccount(db, payload.sub!);
      if (!account) throw new BearerError(401, 'invalid_token', 'the user of the token cannot sign in');
      // a token of a session that has ended (signed out, or by a password change of another session: issue 15)
      if (!(await sessionAlive(payload.sub!, payload)))
        throw new BearerError(401, 'invalid_token', 'the session of the token has ended');
      return reply.send(releasedClaims(userClaims(account), scopes));
    } catch (err) {
      if (!(err instanceof BearerError)) throw err;
      const challenge = [`realm="${issuer}"`];
      // A request without any token gets the bare challenge (RFC 6750 §3.1).
      if (err.status !== 401 || err.code !== 'invalid_request') {
        challenge.push(`error="${err.code}"`, `error_description="${err.message}"`);
      }
      if (err.code === 'insufficient_scope') challenge.push('scope="openid"');
      return reply
        .code(err.status)
        .header('www-authenticate', `Bearer ${challenge.join(', ')}`)
        .send({ error: err.code, error_description: err.message });
    }
  }

  app.get(USERINFO_PATH, { schema: { hide: true } }, userInfo);
  app.post(USERINFO_PATH, { schema: { hide: true } }, userInfo);
  app.options(USERINFO_PATH, { schema: { hide: true } }, async (request, reply) => {
    cors(request, reply);
    if (reply.hasHeader('access-control-allow-origin')) {
      reply.header('access-control-allow-methods', 'GET,POST');
      reply.header('access-control-allow-headers', 'Authorization, Content-Type, Accept');
      reply.header('access-control-max-age', '3600');
    }
    return reply.code(204).send();
  });
};

/** The access token of the Authorization header, or of a form body's access_token; never both. */
function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const fromHeader = header ? /^Bearer\s+([A-Za-z0-9\-_.~+/]+=*)\s*$/i.exec(header)?.[1] : undefined;
  if (header && !fromHeader) throw new BearerError(400, 'invalid_request', 'invalid authorization header');
  const form = request.body instanceof URLSearchParams ? request.body.get('access_token') : null;
  if (fromHeader && form) throw new BearerError(400, 'invalid_request', 'access token provided twice');
  const token = fromHeader ?? form;
  if (!token) throw new BearerError(401, 'invalid_request', 'no access token provided');
  return token;
}
