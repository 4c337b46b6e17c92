// The fault switch of /dev on the real app: a fault fails the matching /api request of its user before the handler
// runs, in the responseException shape; other paths and other users are untouched; clearing restores the call.
// Refused to non-loopback callers and outside APP_ENV 'test'/'development'; bad inputs are refused by field.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../platform/config.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { FAULT_MESSAGE } from './faults.ts';

let t: TestApp;
let adminA: string;
let adminB: string;
const conditionsPath = () => `/api/observations/ForLocation/${t.a.location.id}`;

beforeAll(async () => {
  t = await createTestApp();
  adminA = t.a.admin.email!;
  adminB = t.b.admin.email!;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.app.inject({ method: 'DELETE', url: '/dev/faults' });
});

async function get(url: string, userId: string) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${await t.tokenFor(userId)}` },
  });
}

function putFault(body: unknown, remoteAddress?: string) {
  return t.app.inject({ method: 'PUT', url: '/dev/faults', payload: body as object, remoteAddress });
}

describe('PUT /dev/faults', () => {
  it("fails the matching request of the fault's user only, until the faults are cleared", async () => {
    expect((await get(conditionsPath(), t.a.admin.id)).statusCode).toBe(200);
    const put = await putFault({
      pathPattern: '^/api/observations/ForLocation/\\d+$',
      status: 503,
      userEmail: adminA,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ status: 503, userEmail: adminA.toLowerCase() });

    const failed = await get(conditionsPath(), t.a.admin.id);
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ responseException: { message: FAULT_MESSAGE, errors: {} } });
    expect(failed.headers['cache-control']).toBe('no-store');
    // the route match is case-insensitive, like the routes
    expect((await get(conditionsPath().toLowerCase(), t.a.admin.id)).statusCode).toBe(503);
    // another path of the same user, the same path of another user of the customer, another customer's user
    expect((await get('/api/location', t.a.admin.id)).statusCode).toBe(200);
    expect((await get(conditionsPath(), t.a.customerUser.id)).statusCode).toBe(200);
    expect((await get(`/api/observations/ForLocation/${t.b.location.id}`, t.b.admin.id)).statusCode).toBe(
      200,
    );

    const cleared = await t.app.inject({ method: 'DELETE', url: '/dev/faults' });
    expect(cleared.json().data).toEqual({ removed: 1 });
    expect((await get(conditionsPath(), t.a.admin.id)).statusCode).toBe(200);
  });

  it('without a user fails every caller, and never reaches the identity service, /readyz or /dev itself', async () => {
    expect((await putFault({ pathPattern: '.*', status: 500 })).statusCode).toBe(200);
    expect((await get(conditionsPath(), t.a.admin.id)).statusCode).toBe(500);
    expect((await get(`/api/observations/ForLocation/${t.b.location.id}`, t.b.admin.id)).statusCode).toBe(
      500,
    );
    // the hook runs after the services' authentication: a request without a token is still refused first
    expect((await t.app.inject({ method: 'GET', url: '/api/location' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/identity/.well-known/openid-configuration' })).statusCode,
    ).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/dev/faults' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(1);
  });

  it('answers before the handler runs: a faulted add creates nothing', async () => {
    await putFault({ pathPattern: '^/api/location/Add$', status: 500, userEmail: adminA });
    const before = (await get('/api/location', t.a.admin.id)).json().data.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/location/Add',
      headers: { authorization: `Bearer ${await t.tokenFor(t.a.admin.id)}` },
      payload: {
        label: 'Faulted venue',
        locationName: 'Faulted venue, TX',
        latitude: 32.9,
        longitude: -97.1,
        radius1: 10,
        allClearMinutes: 30,
      },
    });
    expect(res.statusCode).toBe(500);
    expect((await get('/api/location', t.a.admin.id)).json().data).toHaveLength(before);
  });

  it('answers a given body as it is, even one the route would refuse to send (a malformed answer)', async () => {
    const body = { data: { zones: null } };
    await putFault({ pathPattern: '^/api/Lightning/Location/', status: 200, body, userEmail: adminA });
    const res = await get(`/api/Lightning/Location/${t.a.location.id}`, t.a.admin.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual(body);
  });

  it("clears one user's faults and keeps the others", async () => {
    await putFault({ pathPattern: '^/api/location$', status: 502, userEmail: adminA });
    await putFault({ pathPattern: '^/api/location$', status: 502, userEmail: adminB });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/dev/faults?userEmail=${encodeURIComponent(adminA)}`,
    });
    expect(res.json().data).toEqual({ removed: 1 });
    expect((await get('/api/location', t.a.admin.id)).statusCode).toBe(200);
    expect((await get('/api/location', t.b.admin.id)).statusCode).toBe(502);
  });

  it('removes one fault by id, and answers 404 for an unknown one', async () => {
    const first = (await putFault({ pathPattern: '^/api/location$', status: 502, userEmail: adminA })).json()
      .data;
    await putFault({ pathPattern: '^/api/observations/', status: 502, userEmail: adminA });
    const res = await t.app.inject({ method: 'DELETE', url: `/dev/faults/${first.id}` });
    expect(res.statusCode).toBe(200);
    expect((await get('/api/location', t.a.admin.id)).statusCode).toBe(200);
    expect((await get(conditionsPath(), t.a.admin.id)).statusCode).toBe(502);
    const again = await t.app.inject({ method: 'DELETE', url: `/dev/faults/${first.id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().responseException.message).toBe('Fault not found.');
    expect((await t.app.inject({ method: 'DELETE', url: '/dev/faults/abc' })).statusCode).toBe(400);
  });

  it('refuses bad inputs by field', async () => {
    const cases: [unknown, string][] = [
      [{ pathPattern: '([', status: 500 }, 'PathPattern'],
      [{ pathPattern: '^/api', status: 200 }, 'Status'],
      [{ pathPattern: '^/api', status: 700 }, 'Status'],
      [{ pathPattern: '^/api', status: 500.5 }, 'Status'],
      [{ pathPattern: '', status: 500 }, 'PathPattern'],
      [{ status: 500 }, 'PathPattern'],
      [{ pathPattern: '^/api', status: 500, userEmail: 'nobody@nowhere.test' }, 'UserEmail'],
      [{ pathPattern: '^/api', status: 500, userEmail: 'not an e-mail' }, 'UserEmail'],
      [{ pathPattern: '^/api', status: 500, method: 'GET' }, 'Method'],
    ];
    for (const [body, field] of cases) {
      const res = await putFault(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().responseException.errors), JSON.stringify(body)).toContain(field);
    }
    expect((await t.app.inject({ method: 'GET', url: '/dev/faults' })).json().data).toEqual([]);
  });

  it('answers 404 to a request a proxy on this machine forwarded', async () => {
    for (const header of [
      { 'x-forwarded-for': '203.0.113.7' },
      { forwarded: 'for=203.0.113.7' },
      { 'x-real-ip': '203.0.113.7' },
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/dev/faults',
        payload: { pathPattern: '^/api', status: 500 },
        headers: header,
      });
      expect(res.statusCode, JSON.stringify(header)).toBe(404);
      expect(
        (await t.app.inject({ method: 'GET', url: '/dev/outbox.json', headers: header })).statusCode,
      ).toBe(404);
    }
    expect((await get(conditionsPath(), t.a.admin.id)).statusCode).toBe(200);
  });

  it('answers 404 to a caller that is not on this machine', async () => {
    const res = await putFault({ pathPattern: '^/api', status: 500 }, '10.1.2.3');
    expect(res.statusCode).toBe(404);
    expect(res.json().responseException.message).toBe('Not Found');
    expect((await t.app.inject({ method: 'GET', url: '/dev/faults' })).json().data).toEqual([]);
  });
});

describe.each(['production', 'staging'])('with APP_ENV=%s', (appEnv) => {
  it('refuses faults with a responseException and fails no request', async () => {
    const config = loadConfig({ APP_ENV: appEnv, LOG_LEVEL: 'silent', PORT: '8080' });
    const app = await buildApp({ ...t, config, enqueueAlert: async () => {} });
    try {
      await app.ready();
      const put = await app.inject({
        method: 'PUT',
        url: '/dev/faults',
        payload: { pathPattern: '.*', status: 500 },
      });
      expect(put.statusCode).toBe(403);
      expect(put.json().responseException.message).toBe(
        "Faults can be set only when APP_ENV is 'test' or 'development'.",
      );
      expect((await app.inject({ method: 'GET', url: '/dev/faults' })).statusCode).toBe(403);
      expect((await app.inject({ method: 'DELETE', url: '/dev/faults' })).statusCode).toBe(403);
      const res = await app.inject({
        method: 'GET',
        url: '/api/location',
        headers: { authorization: `Bearer ${await t.tokenFor(t.a.admin.id)}` },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
