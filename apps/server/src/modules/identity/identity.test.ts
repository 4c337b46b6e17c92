// The identity service end to end on a real migrated database: discovery, the authorization code +
// PKCE journey through our sign-in page, refresh rotation, key persistence, logout.
import { ALL_CUSTOMER_FEATURES, effectivePermissions } from '@allclear/domain';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { providerStorage } from './provider-context.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { buildCustomer, buildSite, buildUser } from '../../db/factories.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../../db/seed/demo.ts';
import { createTestDatabase } from '../../db/test-db.ts';
import { createTokenVerifier } from '../../platform/auth.ts';
import identityModule, { createIdentityKeyLoader, type IdentityConfig } from './index.ts';
import { INVALID_CREDENTIALS_MESSAGE } from './pages.ts';
import { createSlidingWindowLimiter } from './sign-in-rate-limit.ts';
import { CookieJar, exchangeCode, pathOf, postLogin, signIn, startAuthorization } from './test-support.ts';

const PASSWORD = 'Correct-horse-7';
const CONFIG: IdentityConfig = {
  publicUrl: 'http://localhost:8080',
  webRedirectOrigins: ['http://localhost:5173'],
  cookieSecure: false,
  productName: 'AllClear',
};
const ISSUER = 'http://localhost:8080/identity';
const AUDIENCE = 'http://localhost:8080/api';

let db: DatabaseHandle;
let app: FastifyInstance;
let admin: { id: string; email: string; customerId: number; siteId: number };

async function buildIdentityApp(opts: { maxFailures?: number } = {}): Promise<FastifyInstance> {
  const instance = Fastify({
    logger: false,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
  });
  await instance.register(identityModule, {
    prefix: '/identity',
    config: CONFIG,
    db,
    limiter: createSlidingWindowLimiter({ maxFailures: opts.maxFailures ?? 10, windowMs: 15 * 60_000 }),
  });
  await instance.ready();
  return instance;
}

beforeAll(async () => {
  db = await createTestDatabase();
  const customer = await buildCustomer(db, { features: [...ALL_CUSTOMER_FEATURES] });
  const site = await buildSite(db, { customerId: customer.id });
  const user = await buildUser(db, {
    customerId: customer.id,
    role: 'Assistant Admin',
    email: 'assistant@example.allclear.test',
    firstName: 'Ada',
    lastName: 'Assistant',
    siteId: site.id,
    password: PASSWORD,
    permissions: ['mesonet.access'],
  });
  admin = { id: user.id, email: user.email!, customerId: customer.id, siteId: site.id };
  app = await buildIdentityApp();
});

afterAll(async () => {
  await app?.close();
  await db?.close();
});

describe('discovery', () => {
  it("switches the provider's request storage off once its request is answered (issue 18: promise hooks)", async () => {
    const disable = vi.spyOn(providerStorage, 'disable');
    try {
      const res = await app.inject({ method: 'GET', url: '/identity/.well-known/openid-configuration' });
      expect(res.statusCode).toBe(200);
      expect(disable).toHaveBeenCalledTimes(1);
    } finally {
      disable.mockRestore();
    }
  });

  it('serves the discovery document with our issuer and every endpoint under /identity', async () => {
    const res = await app.inject({ method: 'GET', url: '/identity/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as Record<string, unknown>;
    expect(doc.issuer).toBe(ISSUER);
    const endpoints = Object.entries(doc).filter(([k]) => k.endsWith('_endpoint') || k === 'jwks_uri');
    expect(endpoints.length).toBeGreaterThanOrEqual(5);
    for (const [, url] of endpoints) expect(String(url).startsWith(`${ISSUER}/`)).toBe(true);
    expect(doc.authorization_endpoint).toBe(`${ISSUER}/auth`);
    expect(doc.token_endpoint).toBe(`${ISSUER}/token`);
    expect(doc.end_session_endpoint).toBe(`${ISSUER}/session/end`);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email', 'allclear']));
  });

  it('publishes only public RS256 keys', async () => {
    const res = await app.inject({ method: 'GET', url: '/identity/jwks' });
    const { keys } = res.json() as { keys: Record<string, unknown>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');
  });
});

describe('sign-in page', () => {
  it('sends an authorization request to our accessible sign-in page', async () => {
    const { jar, auth } = await startAuthorization(app);
    expect(auth.statusCode).toBe(303);
    const path = pathOf(auth.headers.location as string);
    expect(path).toMatch(/^\/identity\/interaction\/[\w-]+$/);
    const page = await app.inject({ method: 'GET', url: path, headers: { cookie: jar.header() } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('AllClear');
    expect(page.body).toMatch(/<label for="email">/);
    expect(page.body).toMatch(/<input id="email"[^>]*autofocus/);
    expect(page.body).toMatch(/<label for="password">/);
    expect(page.body).toContain('id="password"');
    expect(page.body).toContain('role="alert"');
    expect(page.body).toContain('>Sign in</button>');
    expect(page.headers['content-security-policy']).toContain("script-src 'none'");
  });

  it('refuses the sign-in page without the interaction cookie', async () => {
    const { auth } = await startAuthorization(app);
    const page = await app.inject({ method: 'GET', url: pathOf(auth.headers.location as string) });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('expired');
  });

  it('shows the error and gives no code for a wrong password', async () => {
    const { jar, auth } = await startAuthorization(app);
    const path = pathOf(auth.headers.location as string);
    const res = await postLogin(app, jar, path, admin.email, 'wrong-password');
    expect(res.statusCode).toBe(401);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toMatch(
      new RegExp(`role="alert"[^>]*>${INVALID_CREDENTIALS_MESSAGE.replace('.', '\\.')}<`),
    );
    // the e-mail is kept and the password field gets the focus
    expect(res.body).toContain(`value="${admin.email}"`);
    expect(res.body).toMatch(/<input id="password"[^>]*autofocus/);
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const { jar, auth } = await startAuthorization(app);
    const res = await postLogin(
      app,
      jar,
      pathOf(auth.headers.location as string),
      'nobody@example.test',
      PASSWORD,
    );
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain(INVALID_CREDENTIALS_MESSAGE);
  });

  it('refuses a login POST from another origin, or with no origin at all', async () => {
    const { jar, auth } = await startAuthorization(app);
    const path = pathOf(auth.headers.location as string);
    const cross = await postLogin(app, jar, path, admin.email, PASSWORD, { origin: 'http://evil.example' });
    expect(cross.statusCode).toBe(403);
    const none = await postLogin(app, jar, path, admin.email, PASSWORD, {});
    expect(none.statusCode).toBe(403);
    const referer = await postLogin(app, jar, path, admin.email, PASSWORD, {
      referer: `http://localhost:8080${path}`,
    });
    expect(referer.statusCode).toBe(303);
  });

  it('blocks an e-mail after the limit of failures with 429, even with the right password', async () => {
    const limited = await buildIdentityApp({ maxFailures: 2 });
    try {
      const { jar, auth } = await startAuthorization(limited);
      const path = pathOf(auth.headers.location as string);
      expect((await postLogin(limited, jar, path, admin.email, 'bad-1')).statusCode).toBe(401);
      expect((await postLogin(limited, jar, path, admin.email, 'bad-2')).statusCode).toBe(401);
      const blocked = await postLogin(limited, jar, path, admin.email, PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.body).toContain(
        'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
      );
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(890);
    } finally {
      await limited.close();
    }
  });

  it('counts failures per IP across e-mails, and per e-mail across IPs', async () => {
    const limited = await buildIdentityApp({ maxFailures: 2 });
    try {
      const { jar, auth } = await startAuthorization(limited);
      const path = pathOf(auth.headers.location as string);
      const attempt = (email: string, remoteAddress: string) =>
        limited.inject({
          method: 'POST',
          url: `${path}/login`,
          remoteAddress,
          headers: {
            cookie: jar.header(),
            origin: 'http://localhost:8080',
            'content-type': 'application/x-www-form-urlencoded',
          },
          payload: new URLSearchParams({ email, password: 'wrong' }).toString(),
        });
      // one IP trying two e-mails: the third attempt, with a third e-mail, is refused
      expect((await attempt('a@example.test', '10.0.0.1')).statusCode).toBe(401);
      expect((await attempt('b@example.test', '10.0.0.1')).statusCode).toBe(401);
      expect((await attempt('c@example.test', '10.0.0.1')).statusCode).toBe(429);
      // one e-mail tried from two IPs: a third IP is refused for that e-mail only
      expect((await attempt('d@example.test', '10.0.0.2')).statusCode).toBe(401);
      expect((await attempt('d@example.test', '10.0.0.3')).statusCode).toBe(401);
      expect((await attempt('d@example.test', '10.0.0.4')).statusCode).toBe(429);
      expect((await attempt('e@example.test', '10.0.0.4')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('matches the e-mail case-insensitively', async () => {
    const journey = await signIn(app, admin.email.toUpperCase(), PASSWORD);
    expect(journey.callback.searchParams.get('code')).toBeTruthy();
  });
});

describe('authorization code + PKCE', () => {
  it('yields an RS256 JWT access token for the API with role, customer and permissions', async () => {
    const journey = await signIn(app, admin.email, PASSWORD);
    expect(journey.callback.origin + journey.callback.pathname).toBe('http://localhost:5173/callback');
    expect(journey.callback.searchParams.get('iss')).toBe(ISSUER);
    const res = await exchangeCode(app, journey);
    expect(res.statusCode).toBe(200);
    const tokens = res.json() as Record<string, string | number>;
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.expires_in).toBe(600);
    expect(typeof tokens.refresh_token).toBe('string');
    expect(decodeProtectedHeader(String(tokens.access_token)).alg).toBe('RS256');

    const verifier = createTokenVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      keyLoader: createIdentityKeyLoader(db),
    });
    const principal = await verifier.verify(String(tokens.access_token));
    expect(principal).toEqual({
      userId: admin.id,
      customerId: admin.customerId,
      role: 'Assistant Admin',
      roleHierarchy: 3,
      siteId: admin.siteId,
      permissions: effectivePermissions(ALL_CUSTOMER_FEATURES, ['mesonet.access']),
      features: [...ALL_CUSTOMER_FEATURES].sort((a, b) => a - b),
    });
    expect(principal.permissions).toContain('mesonet.access');
    expect(principal.permissions).toContain('widget.access');
  });

  it('puts the profile and our claims in the ID token for the web app', async () => {
    const journey = await signIn(app, admin.email, PASSWORD);
    const tokens = (await exchangeCode(app, journey)).json() as { id_token: string };
    const claims = JSON.parse(Buffer.from(tokens.id_token.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({
      iss: ISSUER,
      aud: 'allclear-web',
      sub: admin.id,
      name: 'Ada Assistant',
      given_name: 'Ada',
      family_name: 'Assistant',
      email: admin.email,
      role: 'Assistant Admin',
      role_hierarchy: 3,
      customer_id: admin.customerId,
      site_id: admin.siteId,
      WIDGET_ADMIN: null,
    });
    expect(claims.permissions).toContain('mesonet.access');
    expect(Number(claims.exp) - Number(claims.iat)).toBe(600);
  });

  it('refuses an authorization request without PKCE', async () => {
    const { auth } = await startAuthorization(app, { pkce: false });
    expect(auth.statusCode).toBe(303);
    const location = new URL(auth.headers.location as string);
    expect(location.origin).toBe('http://localhost:5173');
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/);
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('refuses the plain PKCE method', async () => {
    const query = new URLSearchParams({
      client_id: 'allclear-web',
      response_type: 'code',
      redirect_uri: 'http://localhost:5173/callback',
      scope: 'openid',
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'plain',
    });
    const res = await app.inject({ method: 'GET', url: `/identity/auth?${query}` });
    const location = new URL(res.headers.location as string);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('completes a consent prompt by itself (prompt=consent) for our own web app', async () => {
    const journey = await signIn(app, admin.email, PASSWORD, {
      extra: { scope: 'openid allclear', prompt: 'consent' },
    });
    // login, then the consent prompt our page completes by itself, then the code
    expect(journey.hops.filter((h) => h.startsWith('/identity/interaction/'))).toHaveLength(1);
    expect(journey.callback.searchParams.get('code')).toBeTruthy();
    const tokens = (await exchangeCode(app, journey)).json() as { id_token: string };
    const claims = JSON.parse(Buffer.from(tokens.id_token.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    // only the scopes asked for: allclear's claims, not the profile or the e-mail
    expect(claims.role).toBe('Assistant Admin');
    expect(claims.customer_id).toBe(admin.customerId);
    expect(claims.email).toBeUndefined();
    expect(claims.name).toBeUndefined();
  });

  it('refuses a code exchanged without, or with the wrong, code_verifier', async () => {
    const journey = await signIn(app, admin.email, PASSWORD);
    const missing = await exchangeCode(app, journey, { code_verifier: undefined });
    expect(missing.statusCode).toBe(400);
    expect((missing.json() as { error: string }).error).toBe('invalid_grant');
    const other = await signIn(app, admin.email, PASSWORD);
    const wrong = await exchangeCode(app, other, { code_verifier: 'x'.repeat(43) });
    expect(wrong.statusCode).toBe(400);
    expect((wrong.json() as { error: string }).error).toBe('invalid_grant');
  });

  it('refuses a redirect URI that is not registered', async () => {
    const { auth } = await startAuthorization(app, { redirectUri: 'http://evil.example/callback' });
    expect(auth.statusCode).toBe(400);
    expect(auth.headers.location).toBeUndefined();
  });

  it('accepts the silent-renew redirect URI with prompt=none on a live session', async () => {
    const journey = await signIn(app, admin.email, PASSWORD);
    const query = new URLSearchParams({
      client_id: 'allclear-web',
      response_type: 'code',
      redirect_uri: 'http://localhost:5173/silentrenew',
      scope: 'openid profile email allclear',
      prompt: 'none',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const res = await app.inject({
      method: 'GET',
      url: `/identity/auth?${query}`,
      headers: { cookie: journey.jar.header() },
    });
    expect(res.statusCode).toBe(303);
    const location = new URL(res.headers.location as string);
    expect(location.pathname).toBe('/silentrenew');
    expect(location.searchParams.get('code')).toBeTruthy();
  });
});

describe('refresh tokens', () => {
  const refresh = (token: string) =>
    app.inject({
      method: 'POST',
      url: '/identity/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: token,
        client_id: 'allclear-web',
      }).toString(),
    });

  it('rotates the refresh token and, once the new one is used, refuses the old one and ends the grant', async () => {
    const journey = await signIn(app, admin.email, PASSWORD);
    const first = (await exchangeCode(app, journey)).json() as { refresh_token: string };
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    const rotated = second.json() as { refresh_token: string; access_token: string };
    expect(rotated.refresh_token).not.toBe(first.refresh_token);
    const verifier = createTokenVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      keyLoader: createIdentityKeyLoader(db),
    });
    expect((await verifier.verify(rotated.access_token)).userId).toBe(admin.id);

    const third = await refresh(rotated.refresh_token);
    expect(third.statusCode).toBe(200);
    const reused = await refresh(first.refresh_token);
    expect(reused.statusCode).toBe(400);
    expect((reused.json() as { error: string }).error).toBe('invalid_grant');
    // a replay ends the grant: the newest refresh token goes with it
    const newest = (third.json() as { refresh_token: string }).refresh_token;
    expect((await refresh(newest)).statusCode).toBe(400);
  });

  it('renews again with a just-rotated token whose answer was lost (a reload during a renewal)', async () => {
    const journey = await signIn(app, admin.email, PASSWORD);
    const first = (await exchangeCode(app, journey)).json() as { refresh_token: string };
    const lost = await refresh(first.refresh_token);
    expect(lost.statusCode).toBe(200);
    // the reloaded page still holds the first token
    const again = await refresh(first.refresh_token);
    expect(again.statusCode).toBe(200);
    const kept = (again.json() as { refresh_token: string }).refresh_token;
    expect(kept).not.toBe(first.refresh_token);
    // and goes on renewing with what it got
    const next = await refresh(kept);
    expect(next.statusCode).toBe(200);
    // now that a later token is used, the first one is a replay
    expect((await refresh(first.refresh_token)).statusCode).toBe(400);
  });
});

describe('keys', () => {
  it('keeps the same signing key and cookie keys across a provider restart on the same database', async () => {
    const before = (await app.inject({ method: 'GET', url: '/identity/jwks' })).json() as {
      keys: { kid: string }[];
    };
    const journey = await signIn(app, admin.email, PASSWORD);
    const restarted = await buildIdentityApp();
    try {
      const after = (await restarted.inject({ method: 'GET', url: '/identity/jwks' })).json() as {
        keys: { kid: string }[];
      };
      expect(after.keys.map((k) => k.kid)).toEqual(before.keys.map((k) => k.kid));
      // the code issued before the restart is redeemed by the restarted provider
      const tokens = await exchangeCode(restarted, journey);
      expect(tokens.statusCode).toBe(200);
      expect(decodeProtectedHeader((tokens.json() as { access_token: string }).access_token).kid).toBe(
        before.keys[0]!.kid,
      );
    } finally {
      await restarted.close();
    }
    const rows = await db.query<{ n: number }>('select count(*)::int as n from signing_keys');
    expect(rows[0]!.n).toBe(1);
  });
});

describe('logout', () => {
  it('confirms logout with a self-submitting form and returns to the web app', async () => {
    const journey = await signIn(app, admin.email, PASSWORD);
    const tokens = (await exchangeCode(app, journey)).json() as { id_token: string };
    const query = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: 'http://localhost:5173/',
      client_id: 'allclear-web',
    });
    const page = await app.inject({
      method: 'GET',
      url: `/identity/session/end?${query}`,
      headers: { cookie: journey.jar.header() },
    });
    expect(page.statusCode).toBe(200);
    journey.jar.store(page);
    const nonce = /<script nonce="([^"]+)">/.exec(page.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(page.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
    expect(page.body).toContain('name="logout" value="yes"');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1];
    const confirm = await app.inject({
      method: 'POST',
      url: '/identity/session/end/confirm',
      headers: { cookie: journey.jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ xsrf: xsrf ?? '', logout: 'yes' }).toString(),
    });
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe('http://localhost:5173/');
    journey.jar.store(confirm);

    // the session is gone: a silent renew now needs a sign-in
    const renew = await app.inject({
      method: 'GET',
      url: `/identity/auth?${new URLSearchParams({
        client_id: 'allclear-web',
        response_type: 'code',
        redirect_uri: 'http://localhost:5173/silentrenew',
        scope: 'openid',
        prompt: 'none',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      })}`,
      headers: { cookie: journey.jar.header() },
    });
    expect(new URL(renew.headers.location as string).searchParams.get('error')).toBe('login_required');
  });
});

describe('demo accounts', () => {
  it('signs in every seeded demo account with the demo password and carries its role and customer', async () => {
    await seedDemo(db);
    const verifier = createTokenVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      keyLoader: createIdentityKeyLoader(db),
    });
    const customers = await db.query<{ id: number; name: string }>('select id, name from customers');
    const customerIdByName = new Map(customers.map((c) => [c.name, c.id]));
    for (const account of DEMO_ACCOUNTS) {
      const journey = await signIn(app, account.email, DEMO_PASSWORD);
      const tokens = (await exchangeCode(app, journey)).json() as { access_token: string; id_token: string };
      const principal = await verifier.verify(tokens.access_token);
      expect({ email: account.email, role: principal.role, customerId: principal.customerId }).toEqual({
        email: account.email,
        role: account.role,
        customerId: customerIdByName.get(account.customer),
      });
      const idClaims = JSON.parse(Buffer.from(tokens.id_token.split('.')[1]!, 'base64url').toString()) as {
        WIDGET_ADMIN: string | null;
      };
      expect(idClaims.WIDGET_ADMIN).toBe(account.role === 'Super Admin' ? 'ALL' : null);
    }
  });
});

describe('mounted like the server mounts it', () => {
  it('works under helmet and a root form-body parser, and over a real socket', async () => {
    const server = Fastify({
      logger: false,
      routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    });
    await server.register(helmet);
    await server.register(formbody);
    await server.register(identityModule, { prefix: '/identity', config: CONFIG, db });
    const address = await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      // our pages keep their own CSP over helmet's
      const started = await startAuthorization(server);
      const page = await server.inject({
        method: 'GET',
        url: pathOf(started.auth.headers.location as string),
        headers: { cookie: started.jar.header() },
      });
      expect(page.headers['content-security-policy']).toContain("script-src 'none'");
      expect(page.headers['content-security-policy']).toContain(
        "form-action 'self' http://localhost:8080 http://localhost:5173",
      );
      const journey = await signIn(server, admin.email, PASSWORD);
      const res = await fetch(`${address}/identity/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:5173' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: journey.callback.searchParams.get('code')!,
          redirect_uri: journey.redirectUri,
          client_id: 'allclear-web',
          code_verifier: journey.verifier,
        }),
      });
      expect(res.status).toBe(200);
      // the SPA on another origin may call the token endpoint (CORS for our client's origins only)
      expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      const { access_token: accessToken } = (await res.json()) as { access_token: string };
      const verifier = createTokenVerifier({
        issuer: ISSUER,
        audience: AUDIENCE,
        keyLoader: createIdentityKeyLoader(db),
      });
      expect((await verifier.verify(accessToken)).role).toBe('Assistant Admin');
      const discovery = await fetch(`${address}/Identity/.well-known/openid-configuration`);
      expect(((await discovery.json()) as { issuer: string }).issuer).toBe(ISSUER);
    } finally {
      await server.close();
    }
  });

  it('refuses to be mounted under any prefix but the issuer path', async () => {
    const wrong = Fastify({ logger: false });
    await expect(
      wrong.register(identityModule, { prefix: '/auth', config: CONFIG, db }).ready(),
    ).rejects.toThrow(/prefix '\/identity'/);
    await wrong.close();
  });
});

describe('cookie jar', () => {
  it('drops cookies set to expire', () => {
    const jar = new CookieJar();
    jar.store({ headers: { 'set-cookie': ['a=1; path=/', 'b=2; path=/'] } } as never);
    jar.store({ headers: { 'set-cookie': ['a=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT'] } } as never);
    expect(jar.header()).toBe('b=2');
  });
});
