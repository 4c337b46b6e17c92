// Bearer-token verification and the authenticate hook, with tokens signed by the identity
// service's stored key on a real migrated database.
import { ALL_CUSTOMER_FEATURES } from '@allclear/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { buildCustomer, buildUser } from '../db/factories.ts';
import { createTestDatabase } from '../db/test-db.ts';
import { createIdentityKeyLoader, loadPublicJwks } from '../modules/identity/signing-keys.ts';
import { issueTestToken } from '../modules/identity/test-tokens.ts';
import { createAccountCheck } from '../modules/identity/account.ts';
import { createLocalBus } from './bus.ts';
import { installErrorHandling } from './errors.ts';
import {
  authPlugin,
  createCachedVerifier,
  createTokenVerifier,
  principalFromClaims,
  UNAUTHORIZED_BODY,
  type TokenVerifier,
} from './auth.ts';

const ISSUER = 'http://localhost:8080/identity';
const AUDIENCE = 'http://localhost:8080/api';
const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);

let db: DatabaseHandle;
let userId: string;
let customerId: number;
let superAdminId: string;
let jwks: JSONWebKeySet;

const verifierAt = (ms: number): TokenVerifier =>
  createTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, jwks, currentDate: () => new Date(ms) });

const tamper = (token: string, claims: Record<string, unknown>): string => {
  const [header, payload, signature] = token.split('.');
  const body = { ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), ...claims };
  return `${header}.${Buffer.from(JSON.stringify(body)).toString('base64url')}.${signature}`;
};

beforeAll(async () => {
  db = await createTestDatabase();
  const customer = await buildCustomer(db, { features: [...ALL_CUSTOMER_FEATURES] });
  customerId = customer.id;
  userId = (await buildUser(db, { customerId, role: 'Customer', password: 'pw-customer-1' })).id;
  superAdminId = (
    await buildUser(db, { customerId, role: 'Super Admin', password: 'pw-super-1', widgetAdmin: 'ALL' })
  ).id;
  jwks = await loadPublicJwks(db);
});

afterAll(async () => {
  await db?.close();
});

describe('createTokenVerifier', () => {
  it('returns the principal of a valid token', async () => {
    const token = await issueTestToken(db, { userId, issuedAtMs: T0 });
    const principal = await verifierAt(T0).verify(token);
    expect(principal).toMatchObject({ userId, customerId, role: 'Customer', roleHierarchy: 4, siteId: null });
    expect(principal.features).toEqual([...ALL_CUSTOMER_FEATURES].sort((a, b) => a - b));
    expect(principal.permissions).toContain('widget.access');
  });

  it('accepts a token up to 4 s past its expiry and refuses it at 5 s (5 s clock tolerance)', async () => {
    const token = await issueTestToken(db, { userId, issuedAtMs: T0, expiresInSeconds: 600 });
    await expect(verifierAt(T0 + 604_000).verify(token)).resolves.toMatchObject({ userId });
    await expect(verifierAt(T0 + 605_000).verify(token)).rejects.toThrow(/exp/);
  });

  it('refuses a token whose claims were changed after signing', async () => {
    const token = await issueTestToken(db, { userId, issuedAtMs: T0 });
    await expect(verifierAt(T0).verify(tamper(token, { role: 'Super Admin' }))).rejects.toThrow(/signature/);
    await expect(verifierAt(T0).verify(tamper(token, { customer_id: customerId + 1 }))).rejects.toThrow();
  });

  it('refuses another issuer, another audience and another key', async () => {
    const wrongIssuer = await issueTestToken(db, {
      userId,
      issuedAtMs: T0,
      issuer: 'http://evil.example/identity',
    });
    await expect(verifierAt(T0).verify(wrongIssuer)).rejects.toThrow(/iss/);
    const wrongAudience = await issueTestToken(db, {
      userId,
      issuedAtMs: T0,
      audience: 'http://localhost:8080/map',
    });
    await expect(verifierAt(T0).verify(wrongAudience)).rejects.toThrow(/aud/);
    const { privateKey } = await generateKeyPair('RS256');
    const foreign = await new SignJWT({ customer_id: customerId, role: 'Super Admin' })
      .setProtectedHeader({ alg: 'RS256', kid: jwks.keys[0]!.kid })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(userId)
      .setIssuedAt(T0 / 1000)
      .setExpirationTime(T0 / 1000 + 600)
      .sign(privateKey);
    await expect(verifierAt(T0).verify(foreign)).rejects.toThrow(/signature/);
  });

  it('refuses algorithms other than RS256, including HS256 keyed with the public key', async () => {
    const publicJwk = jwks.keys[0]!;
    const secret = new TextEncoder().encode(JSON.stringify(publicJwk));
    const hs = await new SignJWT({ customer_id: customerId, role: 'Super Admin' })
      .setProtectedHeader({ alg: 'HS256', kid: publicJwk.kid })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(userId)
      .setIssuedAt(T0 / 1000)
      .setExpirationTime(T0 / 1000 + 600)
      .sign(secret);
    await expect(verifierAt(T0).verify(hs)).rejects.toThrow();
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${hs.split('.')[1]}.`;
    await expect(verifierAt(T0).verify(unsigned)).rejects.toThrow();
  });

  it('resolves our keys in process from the database', async () => {
    const token = await issueTestToken(db, { userId: superAdminId, issuedAtMs: T0 });
    const verifier = createTokenVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      keyLoader: createIdentityKeyLoader(db),
      currentDate: () => new Date(T0),
    });
    await expect(verifier.verify(token)).resolves.toMatchObject({
      userId: superAdminId,
      role: 'Super Admin',
      roleHierarchy: 1,
    });
  });

  it("fetches an external issuer's keys from its published JWKS", async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'external-1', alg: 'RS256', use: 'sig' };
    const external = Fastify({ logger: false });
    let issuer = '';
    external.get('/.well-known/openid-configuration', async () => ({ issuer, jwks_uri: `${issuer}/jwks` }));
    external.get('/jwks', async () => ({ keys: [jwk] }));
    const address = await external.listen({ port: 0, host: '127.0.0.1' });
    issuer = address;
    try {
      const token = await new SignJWT({
        customer_id: 7,
        role: 'Admin',
        permissions: ['gps.tracking'],
        features: [1],
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'external-1' })
        .setIssuer(issuer)
        .setAudience(AUDIENCE)
        .setSubject('external-user')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      const verifier = createTokenVerifier({ issuer, audience: AUDIENCE });
      await expect(verifier.verify(token)).resolves.toEqual({
        userId: 'external-user',
        customerId: 7,
        role: 'Admin',
        roleHierarchy: 2,
        siteId: null,
        permissions: ['gps.tracking'],
        features: [1],
      });
    } finally {
      await external.close();
    }
  });
});

describe('createCachedVerifier', () => {
  const setActive = (id: string, active: boolean) =>
    db.query('update users set is_active = $2 where id = $1', [id, active]);

  it('keeps a verified token until its expiry and refuses it after, as the verifier does', async () => {
    let now = T0;
    const inner = createTokenVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      jwks,
      currentDate: () => new Date(now),
    });
    const cached = createCachedVerifier(inner, { now: () => now });
    const token = await issueTestToken(db, { userId, issuedAtMs: T0, expiresInSeconds: 600 });
    await expect(cached.verify(token)).resolves.toMatchObject({ userId });
    now = T0 + 599_000;
    await expect(cached.verify(token)).resolves.toMatchObject({ userId });
    now = T0 + 606_000;
    await expect(cached.verify(token)).rejects.toThrow(/exp/);
  });

  it('refuses a kept token once its user can no longer sign in and the bus says the user changed', async () => {
    const other = (await buildUser(db, { customerId, role: 'Customer', password: 'pw-other-1' })).id;
    const cached = createCachedVerifier(verifierAt(Date.now()), { accountActive: createAccountCheck(db) });
    const token = await issueTestToken(db, { userId: other });
    const mine = await issueTestToken(db, { userId });
    await expect(cached.verify(token)).resolves.toMatchObject({ userId: other });
    await expect(cached.verify(mine)).resolves.toMatchObject({ userId });
    await setActive(other, false);
    // the token was verified before the change; the change is what makes it be checked again
    cached.forgetUser(other);
    await expect(cached.verify(token)).rejects.toThrow(/can no longer use it/);
    // nobody else's token is touched
    await expect(cached.verify(mine)).resolves.toMatchObject({ userId });
  });

  it('refuses the token of a user who cannot sign in from its first request', async () => {
    const gone = (await buildUser(db, { customerId, role: 'Customer', password: 'pw-gone-1' })).id;
    const token = await issueTestToken(db, { userId: gone });
    await setActive(gone, false);
    const cached = createCachedVerifier(verifierAt(Date.now()), { accountActive: createAccountCheck(db) });
    await expect(cached.verify(token)).rejects.toThrow(/can no longer use it/);
  });

  it("never answers a kept token's principal for a different token that ends with the same signature", async () => {
    const cached = createCachedVerifier(verifierAt(Date.now()));
    const token = await issueTestToken(db, { userId });
    await expect(cached.verify(token)).resolves.toMatchObject({ userId });
    expect(cached.cached(token)).toMatchObject({ userId });
    // the same signature under another payload (another user's id): not the kept token, so it is verified and refused
    const [header, , signature] = token.split('.');
    const forged = [
      header,
      Buffer.from(JSON.stringify({ sub: 'someone-else' })).toString('base64url'),
      signature,
    ].join('.');
    expect(cached.cached(forged)).toBeUndefined();
    await expect(cached.verify(forged)).rejects.toThrow();
    // and the kept token still answers
    expect(cached.cached(token)).toMatchObject({ userId });
  });
});

describe('principalFromClaims', () => {
  it('requires a customer and a known role', () => {
    expect(() => principalFromClaims({ sub: 'u', role: 'Admin' })).toThrow(/customer_id/);
    expect(() => principalFromClaims({ sub: 'u', customer_id: 1, role: 'Owner' })).toThrow(/role/);
    expect(principalFromClaims({ sub: 'u', customer_id: '12', role: 'Customer', site_id: 3 })).toMatchObject({
      customerId: 12,
      siteId: 3,
      roleHierarchy: 4,
    });
  });
});

describe('authenticate hook', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(authPlugin, {
      config: {
        server: { publicUrl: 'http://localhost:8080' },
        identity: { oidcIssuer: undefined, oidcAudience: AUDIENCE },
      },
      identityKeys: createIdentityKeyLoader(db),
    });
    app.get('/api/me', { onRequest: app.authenticate }, async (request) => ({ data: request.principal }));
    app.get('/api/open', async () => ({ data: 'open' }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lets a valid bearer token through and sets request.principal', async () => {
    const token = await issueTestToken(db, { userId });
    const res = await app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { userId, customerId, role: 'Customer' } });
  });

  it.each([
    ['no Authorization header', undefined],
    ['a non-bearer scheme', 'Basic dXNlcjpwYXNz'],
    ['an empty bearer token', 'Bearer '],
    ['garbage', 'Bearer not-a-jwt'],
  ])('answers 401 with the responseException body for %s', async (_label, authorization) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/me',
      headers: authorization === undefined ? {} : { authorization },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED_BODY);
    expect(res.json()).toEqual({ responseException: { message: 'Unauthorized', errors: {} } });
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('answers 401 for an expired token and for a tampered token', async () => {
    const expired = await issueTestToken(db, { userId, issuedAtMs: Date.now() - 20 * 60_000 });
    const expiredRes = await app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(expiredRes.statusCode).toBe(401);
    expect(expiredRes.json()).toEqual(UNAUTHORIZED_BODY);
    const tampered = tamper(await issueTestToken(db, { userId }), { role: 'Super Admin' });
    const tamperedRes = await app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${tampered}` },
    });
    expect(tamperedRes.statusCode).toBe(401);
    expect(tamperedRes.json()).toEqual(UNAUTHORIZED_BODY);
  });

  it('answers 503 with Retry-After, never a 401 that signs the user out, while the database is away', async () => {
    const away = Fastify({ logger: false });
    installErrorHandling(away);
    await away.register(authPlugin, {
      config: {
        server: { publicUrl: 'http://localhost:8080' },
        identity: { oidcIssuer: undefined, oidcAudience: AUDIENCE },
      },
      // the identity service's keys are read from the database, which does not answer
      identityKeys: async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      },
    });
    away.get('/api/me', { onRequest: away.authenticate }, async (request) => ({ data: request.principal }));
    await away.ready();
    try {
      const res = await away.inject({
        method: 'GET',
        url: '/api/me',
        headers: { authorization: `Bearer ${await issueTestToken(db, { userId })}` },
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      const message = 'The database is unavailable for a moment; try again in a few seconds.';
      expect(res.json()).toEqual({ responseException: { message, errors: { ServerErrors: [message] } } });
    } finally {
      await away.close();
    }
  });

  it('leaves routes without the hook alone', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/open' });
    expect(res.statusCode).toBe(200);
  });

  it("answers 401 to a token used before once 'user-changed' says its user was deactivated", async () => {
    const bus = createLocalBus();
    const guarded = Fastify({ logger: false });
    await guarded.register(authPlugin, {
      config: {
        server: { publicUrl: 'http://localhost:8080' },
        identity: { oidcIssuer: undefined, oidcAudience: AUDIENCE },
      },
      identityKeys: createIdentityKeyLoader(db),
      bus,
      accountActive: createAccountCheck(db),
    });
    guarded.get('/api/me', { onRequest: guarded.authenticate }, async (request) => ({
      data: request.principal,
    }));
    const leaving = (await buildUser(db, { customerId, role: 'Admin', password: 'pw-leaving-1' })).id;
    const headers = { authorization: `Bearer ${await issueTestToken(db, { userId: leaving })}` };
    expect((await guarded.inject({ method: 'GET', url: '/api/me', headers })).statusCode).toBe(200);
    await db.query('update users set is_active = false where id = $1', [leaving]);
    bus.publish('user-changed', { userId: leaving, customerId, deleted: false });
    const res = await guarded.inject({ method: 'GET', url: '/api/me', headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED_BODY);
    await guarded.close();
  });
});
