// Notification history (own only, newest first, date window), push subscriptions, the audit trail
// (admin roles, customer-scoped), dead letters (Super Admin), and the /dev outbox (embedded, loopback).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { buildUser } from '../../../db/factories.ts';
import {
  alertDeliveries,
  alertEvents,
  devOutboxMessages,
  notifications,
  pushSubscriptions,
} from '../../../db/schema/index.ts';
import { authPlugin } from '../../../platform/auth.ts';
import { createIdentityKeyLoader } from '../../identity/index.ts';
import { installErrorHandling } from '../../../platform/errors.ts';
import { loadConfig, type Config } from '../../../platform/config.ts';
import { devModule } from '../../dev/index.ts';
import { notificationRoutes } from './notification.routes.ts';

let t: TestApp;
let app: FastifyInstance;
let remoteApp: FastifyInstance;
let superAdminId: string;

/** The routes as the lead mounts them: /api (authenticated) and /dev. */
async function buildRoutesApp(config: Config): Promise<FastifyInstance> {
  const a = Fastify({ routerOptions: { caseSensitive: false } });
  a.setValidatorCompiler(validatorCompiler);
  a.setSerializerCompiler(serializerCompiler);
  installErrorHandling(a);
  await a.register(authPlugin, { config, identityKeys: createIdentityKeyLoader(t.db) });
  const deps = {
    config,
    db: t.db,
    clock: t.clock,
    weather: t.weather,
    enqueueAlert: async () => {},
    bus: t.bus,
  };
  await a.register(
    async (api) => {
      api.addHook('onRequest', a.authenticate);
      await api.register(notificationRoutes, deps);
    },
    { prefix: '/api' },
  );
  await a.register(devModule, { prefix: '/dev', config, db: t.db });
  await a.ready();
  return a;
}

beforeAll(async () => {
  t = await createTestApp();
  app = await buildRoutesApp(t.config);
  remoteApp = await buildRoutesApp(
    loadConfig({
      APP_ENV: 'test',
      DATABASE_URL: 'postgres://db/allclear',
      NOTIFY_EMAIL: 'off',
      NOTIFY_SMS: 'off',
    }),
  );
  superAdminId = (
    await buildUser(t.db.db, {
      customerId: t.a.customer.id,
      role: 'Super Admin',
      password: 'Test-password-1',
    })
  ).id;
  const row = (userId: string, customerId: number, message: string, sentUtc: string) => ({
    userId,
    customerId,
    message,
    sentUtc: new Date(sentUtc),
    timeZone: 'EST',
    eventType: 2,
    correlationId: `c-${message}`,
  });
  await t.db.db
    .insert(notifications)
    .values([
      row(t.a.customerUser.id, t.a.customer.id, 'old', '2026-06-23T12:00:00Z'),
      row(t.a.customerUser.id, t.a.customer.id, 'edge', '2026-06-24T17:00:00Z'),
      row(t.a.customerUser.id, t.a.customer.id, 'newer', '2026-06-30T12:00:00Z'),
      row(t.a.customerUser.id, t.a.customer.id, 'newest', '2026-07-01T12:00:00Z'),
      row(t.b.customerUser.id, t.b.customer.id, 'other customer', '2026-07-01T13:00:00Z'),
    ]);
  const eventId = randomUUID();
  await t.db.db.insert(alertEvents).values({
    id: eventId,
    kind: 'lightning-delay',
    notificationType: 2,
    customerId: t.a.customer.id,
    locationId: t.a.location.id,
    correlationId: 'corr-1',
    occurredAt: new Date('2026-07-01T16:00:00Z'),
    subject: 'Lightning delay',
    body: 'Lightning 4.2 miles away.',
    details: { strikeId: 's-9', distanceMiles: 4.2, zone: 1, radiusMiles: 10 },
  });
  await t.db.db.insert(alertDeliveries).values([
    {
      eventId,
      customerId: t.a.customer.id,
      recipientKey: `user:${t.a.customerUser.id}`,
      userId: t.a.customerUser.id,
      recipientName: 'Pat',
      channel: 'email',
      address: 'pat@example.test',
      status: 'delivered',
      attempts: 1,
      acceptedAt: new Date('2026-07-01T16:00:01Z'),
    },
    {
      eventId,
      customerId: t.a.customer.id,
      recipientKey: 'webhook:1',
      recipientName: 'Ops',
      channel: 'webhook',
      address: 'https://hooks.example.test/a',
      status: 'dead',
      attempts: 5,
      lastError: 'webhook answered 503',
    },
  ]);
  await t.db.db.insert(devOutboxMessages).values([
    {
      channel: 'email',
      recipient: 'a@example.test',
      subject: 'First',
      body: 'one',
      created: new Date('2026-07-01T10:00:00Z'),
    },
    {
      channel: 'sms',
      recipient: '+15550001',
      subject: '',
      body: 'two <b>',
      created: new Date('2026-07-01T11:00:00Z'),
    },
  ]);
}, 30_000);

afterAll(async () => {
  await app?.close();
  await remoteApp?.close();
  await t?.close();
});

const auth = async (userId: string) => ({ authorization: `Bearer ${await t.tokenFor(userId)}` });

describe('GET /api/Notification/History', () => {
  it("lists only the caller's notifications, newest first, within the window (start inclusive)", async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/Notification/History?count=20&startDate=2026-06-24T17:00:00Z&endDate=2026-07-01T17:00:00Z',
      headers: await auth(t.a.customerUser.id),
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as {
      message: string;
      timeZone: string;
      correlationId: string;
      sentUtc: string;
    }[];
    expect(data.map((n) => n.message)).toEqual(['newest', 'newer', 'edge']);
    expect(data[0]).toMatchObject({
      timeZone: 'EST',
      eventType: 2,
      correlationId: 'c-newest',
      sentUtc: '2026-07-01T12:00:00.000Z',
    });
  });

  it('a second past the start leaves the edge item out; count limits', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/notification/history?count=1&startDate=2026-06-24T17:00:01Z',
      headers: await auth(t.a.customerUser.id),
    });
    expect(res.json().data.map((n: { message: string }) => n.message)).toEqual(['newest']);
  });

  it('never shows another customer the rows', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/Notification/History',
      headers: await auth(t.b.admin.id),
    });
    expect(res.json().data).toEqual([]);
  });

  it('refuses a bad count with 400 naming the field', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/Notification/History?count=0',
      headers: await auth(t.a.admin.id),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().responseException.errors)).toContain('Count');
  });

  it('requires a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/Notification/History' })).statusCode).toBe(401);
  });
});

describe('POST /api/User/PushSubscription', () => {
  it('stores a subscription for the caller, once per endpoint', async () => {
    const body = { endpoint: 'https://push.example.test/abc', keys: { p256dh: 'BPk', auth: 'xyz' } };
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/User/PushSubscription',
        headers: await auth(t.a.admin.id),
        payload: body,
      });
      expect(res.statusCode).toBe(200);
    }
    const rows = await t.db.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, body.endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(t.a.admin.id);
  });

  it('refuses a subscription without an endpoint URL and writes nothing', async () => {
    const before = await t.db.db.select({ n: count() }).from(pushSubscriptions);
    const res = await app.inject({
      method: 'POST',
      url: '/api/User/PushSubscription',
      headers: await auth(t.a.admin.id),
      payload: { endpoint: 'not a url', keys: { p256dh: 'a', auth: 'b' } },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().responseException.errors)).toContain('Endpoint');
    expect(await t.db.db.select({ n: count() }).from(pushSubscriptions)).toEqual(before);
  });
});

describe('GET /api/Audit/Location/{id}', () => {
  it('shows an admin why the alert fired and every delivery', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/Audit/Location/${t.a.location.id}`,
      headers: await auth(t.a.admin.id),
    });
    expect(res.statusCode).toBe(200);
    const [event] = res.json().data;
    expect(event.details).toEqual({ strikeId: 's-9', distanceMiles: 4.2, zone: 1, radiusMiles: 10 });
    expect(event.deliveries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          channel: 'email',
          status: 'delivered',
          attempts: 1,
          acceptedAt: '2026-07-01T16:00:01.000Z',
        }),
        expect.objectContaining({ channel: 'webhook', status: 'dead', attempts: 5, acceptedAt: null }),
      ]),
    );
  });

  it("answers 404 to another customer's admin and 403 to a non-admin", async () => {
    const other = await app.inject({
      method: 'GET',
      url: `/api/Audit/Location/${t.a.location.id}`,
      headers: await auth(t.b.admin.id),
    });
    expect(other.statusCode).toBe(404);
    expect(JSON.stringify(other.json())).not.toContain('Lightning');
    const user = await app.inject({
      method: 'GET',
      url: `/api/Audit/Location/${t.a.location.id}`,
      headers: await auth(t.a.customerUser.id),
    });
    expect(user.statusCode).toBe(403);
  });
});

describe('GET /api/Audit/DeadLetters', () => {
  it('lists dead letters to a Super Admin only', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/Audit/DeadLetters',
      headers: await auth(superAdminId),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        channel: 'webhook',
        lastError: 'webhook answered 503',
        kind: 'lightning-delay',
      }),
    ]);
    const admin = await app.inject({
      method: 'GET',
      url: '/api/Audit/DeadLetters',
      headers: await auth(t.a.admin.id),
    });
    expect(admin.statusCode).toBe(403);
  });
});

describe('/dev outbox', () => {
  it('lists messages newest first as JSON and as a page, from loopback', async () => {
    const json = await app.inject({ method: 'GET', url: '/dev/outbox.json' });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual([
      {
        channel: 'sms',
        recipient: '+15550001',
        subject: '',
        body: 'two <b>',
        headers: {},
        time: '2026-07-01T11:00:00.000Z',
      },
      {
        channel: 'email',
        recipient: 'a@example.test',
        subject: 'First',
        body: 'one',
        headers: {},
        time: '2026-07-01T10:00:00.000Z',
      },
    ]);
    const page = await app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('two &lt;b&gt;');
  });

  it('is not served to a remote caller, nor when the outbox is off (outside the embedded default)', async () => {
    const remote = await app.inject({ method: 'GET', url: '/dev/outbox.json', remoteAddress: '10.0.0.5' });
    expect(remote.statusCode).toBe(404);
    const server = await remoteApp.inject({ method: 'GET', url: '/dev/outbox.json' });
    expect(server.statusCode).toBe(404);
  });
});
