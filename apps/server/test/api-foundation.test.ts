// Issue 2 acceptance on the API: 401 without or with a bad token, cross-customer isolation, and
// bad input refused by name with nothing written. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers.ts';
import { sites } from '../src/db/schema/index.ts';
import { buildLocation } from '../src/db/factories.ts';

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
});
afterAll(async () => {
  await t.close();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

describe('authentication', () => {
  it('answers 401 with the responseException shape when no token is sent', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/user/current' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ responseException: { message: expect.any(String), errors: {} } });
  });

  it('answers 401 for a tampered token', async () => {
    const token = await t.tokenFor(t.a.admin.id);
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    payload.customer_id = t.b.customer.id;
    const forged = [h, Buffer.from(JSON.stringify(payload)).toString('base64url'), s].join('.');
    const res = await app.inject({ method: 'GET', url: '/api/user/current', headers: auth(forged) });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 for an expired token', async () => {
    const token = await t.tokenFor(t.a.admin.id, { expiresInSeconds: -60 });
    const res = await app.inject({ method: 'GET', url: '/api/user/current', headers: auth(token) });
    expect(res.statusCode).toBe(401);
  });

  it('serves the current user for a valid token, without secrets', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/user/current',
      headers: auth(await t.tokenFor(t.a.admin.id)),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    expect(body.id).toBe(t.a.admin.id);
    expect(body.customerId).toBe(t.a.customer.id);
    expect(body.roleName).toBe('Admin');
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|argon2/);
  });

  it('matches paths case-insensitively', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/API/User/Current',
      headers: auth(await t.tokenFor(t.a.admin.id)),
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('customer isolation', () => {
  const reads = (id: () => { customer: number; site: number; user: string }) =>
    [
      ['Customer/{id}', () => `/api/Customer/${id().customer}`],
      ['site/{id}', () => `/api/site/${id().site}`],
      ['location/user/{userId}', () => `/api/location/user/${id().user}`],
    ] as const;

  for (const [name, url] of reads(() => ({
    customer: t.a.customer.id,
    site: t.a.site.id,
    user: t.a.customerUser.id,
  }))) {
    it(`answers customer B reading customer A's ${name} with 404 and no data (its existence is not revealed)`, async () => {
      const res = await app.inject({
        method: 'GET',
        url: url(),
        headers: auth(await t.tokenFor(t.b.admin.id)),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().data).toBeUndefined();
      expect(res.json().responseException).toBeDefined();
    });
  }

  it('lets customer A read its own group', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/site/${t.a.site.id}`,
      headers: auth(await t.tokenFor(t.a.admin.id)),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(t.a.site.id);
  });

  it('lists only the caller customer’s locations', async () => {
    // each customer has a shared location (no owner) and one of its admin's; A also has its customer user's
    const [aShared, aOwn, bShared, bOwn] = await Promise.all([
      buildLocation(t.db.db, { customerId: t.a.customer.id, userId: null, label: 'A shared' }),
      buildLocation(t.db.db, { customerId: t.a.customer.id, userId: t.a.admin.id, label: 'A admin' }),
      buildLocation(t.db.db, { customerId: t.b.customer.id, userId: null, label: 'B shared' }),
      buildLocation(t.db.db, { customerId: t.b.customer.id, userId: t.b.admin.id, label: 'B admin' }),
    ]);
    const res = await app.inject({
      method: 'GET',
      url: '/api/location',
      headers: auth(await t.tokenFor(t.b.admin.id)),
    });
    expect(res.statusCode).toBe(200);
    const ids: number[] = res.json().data.map((l: { id: number }) => l.id);
    expect(ids).toHaveLength(2);
    expect(new Set(ids)).toEqual(new Set([bShared.id, bOwn.id]));
    for (const id of [aShared.id, aOwn.id, t.a.location.id]) expect(ids).not.toContain(id);
  });

  it('answers customer B deleting customer A’s group with 404, and the group survives', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/site/delete/${t.a.site.id}`,
      headers: auth(await t.tokenFor(t.b.admin.id)),
    });
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.db.select({ n: count() }).from(sites).where(eq(sites.id, t.a.site.id));
    expect(row!.n).toBe(1);
  });
});

describe('bad input', () => {
  const countSites = async () => (await t.db.db.select({ n: count() }).from(sites))[0]!.n;

  async function postAdd(payload: string, contentType = 'application/json') {
    return app.inject({
      method: 'POST',
      url: '/api/site/add',
      headers: { ...auth(await t.tokenFor(t.a.admin.id)), 'content-type': contentType },
      payload,
    });
  }

  it('refuses malformed JSON with 400 naming the body, and writes nothing', async () => {
    const before = await countSites();
    const res = await postAdd('{"name": "Broken",');
    expect(res.statusCode).toBe(400);
    expect(res.json().responseException.errors).toHaveProperty('Body');
    expect(await countSites()).toBe(before);
  });

  it('refuses a wrong type with 400 naming the field, and writes nothing', async () => {
    const before = await countSites();
    const res = await postAdd(JSON.stringify({ name: 42 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().responseException.errors).toHaveProperty('Name');
    expect(await countSites()).toBe(before);
  });

  it('refuses an unknown field with 400 naming it, and writes nothing', async () => {
    const before = await countSites();
    const res = await postAdd(JSON.stringify({ name: 'Coaches', isAdmin: true }));
    expect(res.statusCode).toBe(400);
    expect(res.json().responseException.errors).toHaveProperty('IsAdmin');
    expect(await countSites()).toBe(before);
  });

  it('refuses a nested bad value naming its path (AlertTimes[0].StartTime)', async () => {
    const before = await countSites();
    const res = await postAdd(
      JSON.stringify({
        name: 'Coaches',
        alertTimes: [{ day: 1, startTime: '25:00:00', endTime: '23:00:00', allDay: false, enabled: true }],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().responseException.errors).toHaveProperty(['AlertTimes[0].StartTime']);
    expect(await countSites()).toBe(before);
  });

  it('refuses an over-long field with 400 naming it', async () => {
    const before = await countSites();
    const res = await postAdd(JSON.stringify({ name: 'x'.repeat(101) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().responseException.errors).toHaveProperty('Name');
    expect(await countSites()).toBe(before);
  });

  it('refuses an oversized body with the responseException shape naming the body, and writes nothing', async () => {
    const before = await countSites();
    const res = await postAdd(JSON.stringify({ name: 'Big', pad: 'x'.repeat(2 * 1024 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().responseException.errors).toHaveProperty('Body');
    expect(await countSites()).toBe(before);
  });

  it('creates a group from good input (the same route works)', async () => {
    const before = await countSites();
    const res = await postAdd(
      JSON.stringify({
        name: 'Coaches',
        alertTimes: [{ day: 1, startTime: '05:00:00', endTime: '23:00:00', allDay: false, enabled: true }],
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Coaches', customerId: t.a.customer.id });
    expect(await countSites()).toBe(before + 1);
  });

  it('refuses a Customer-role user creating a group (403) and writes nothing', async () => {
    const before = await countSites();
    const res = await app.inject({
      method: 'POST',
      url: '/api/site/add',
      headers: { ...auth(await t.tokenFor(t.a.customerUser.id)), 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Nope' }),
    });
    expect(res.statusCode).toBe(403);
    expect(await countSites()).toBe(before);
  });
});

describe('security headers on the whole app (each route sets its own at registration)', () => {
  const API_CSP = "default-src 'none'; frame-ancestors 'none'";

  it("gives the API's headers to a refused request (checked after them), a data answer and its HEAD", async () => {
    const token = await t.tokenFor(t.a.admin.id);
    const answers = [
      await app.inject({ method: 'GET', url: '/api/user/current' }),
      await app.inject({ method: 'GET', url: '/api/user/current', headers: auth(token) }),
      await app.inject({ method: 'HEAD', url: '/api/user/current', headers: auth(token) }),
      await app.inject({ method: 'GET', url: '/healthz' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([401, 200, 200, 200]);
    for (const a of answers) {
      expect(a.headers['content-security-policy']).toBe(API_CSP);
      expect(a.headers['x-frame-options']).toBe('DENY');
      // a document's header, not an API answer's
      expect(a.headers).not.toHaveProperty('cross-origin-opener-policy');
    }
  });

  it("gives a document's headers to an answer no route gave, and a HEAD without a token is refused too", async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cross-origin-opener-policy']).toBeDefined();
    expect(missing.headers['content-security-policy']).not.toBe(API_CSP);
    expect((await app.inject({ method: 'HEAD', url: '/api/user/current' })).statusCode).toBe(401);
  });
});

describe('service endpoints', () => {
  it('serves health and readiness', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ status: 'ready' });
  });

  it('serves an OpenAPI 3.1 document generated from the contracts', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/user/current', '/api/site/add']));
  });

  it('answers unknown API paths with 404 in the error shape', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: auth(await t.tokenFor(t.a.admin.id)),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().responseException.message).toBeTruthy();
  });
});
