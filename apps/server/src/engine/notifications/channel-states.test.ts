// Issue 12 'Alerts that vanish on PostgreSQL': outside the embedded default each channel is configured, sent
// to the outbox (NOTIFY_OUTBOX=1, served at /dev/outbox to loopback) or turned off (deliveries recorded as
// skipped with the reason). A strike dropped by the scenario API goes through the real notifier (pg-boss),
// lightning engine and app, on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ConfiguredWeather } from '@allclear/weather';
import { buildApp } from '../../app.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { loadConfig, type Config } from '../../platform/config.ts';
import { ManualClock } from '../../platform/clock.ts';
import { createLocalBus } from '../../platform/bus.ts';
import { createTestDatabase } from '../../db/test-db.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { seedReferenceData } from '../../db/seed/reference.ts';
import {
  buildCustomer,
  buildLocation,
  buildOrganizationLocation,
  buildSite,
  buildUser,
} from '../../db/factories.ts';
import { alertDeliveries, devOutboxMessages, organizationLocationSites } from '../../db/schema/index.ts';
import { createConfiguredWeather } from '../weather.ts';
import { createLightningEngine, type LightningEngine } from '../lightning/engine.ts';
import { issueTestToken } from '../../modules/identity/test-tokens.ts';
import { createNotifier, type Notifier } from './index.ts';
import { waitFor } from './test-fakes.ts';

// Far from the simulator's default storms (Dallas), so only the injected strike is near.
const SITE = { latitude: 41.5, longitude: -100.5 };
/** The production mode: a PostgreSQL URL (the stack itself runs on the test database). */
const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/allclear';

interface Stack {
  config: Config;
  db: DatabaseHandle;
  app: FastifyInstance;
  notifier: Notifier;
  weather: ConfiguredWeather;
  lightning: LightningEngine;
  superToken: string;
  customerToken: string;
  locationId: number;
  deps: AppDeps;
  close(): Promise<void>;
}

/** The server as main.ts starts it, with the channels of `env`, and one location with a group member. */
async function startStack(env: Record<string, string>): Promise<Stack> {
  const config = loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL, ...env });
  const db = await createTestDatabase();
  await seedReferenceData(db);
  const clock = new ManualClock(new Date());
  const log = pino({ level: 'silent' });
  const bus = createLocalBus((err) => {
    throw err;
  });
  const customer = await buildCustomer(db.db, { name: 'Prairie Schools' });
  const site = await buildSite(db.db, { customerId: customer.id, alertTimes: false });
  const venue = await buildOrganizationLocation(db.db, {
    customerId: customer.id,
    ...SITE,
    name: 'North Platte Field',
  });
  await db.db
    .insert(organizationLocationSites)
    .values({ customerId: customer.id, organizationLocationId: venue.id, siteId: site.id });
  const location = await buildLocation(db.db, {
    customerId: customer.id,
    label: 'North Platte Field',
    ...SITE,
    radius1: 10,
    allClearMinutes: 30,
    flags: 0,
    organizationLocationId: venue.id,
  });
  await buildUser(db.db, {
    customerId: customer.id,
    siteId: site.id,
    role: 'Admin',
    email: 'coach@prairie.test',
    password: 'Test-password-1',
  });
  const customerUser = await buildUser(db.db, {
    customerId: customer.id,
    siteId: site.id,
    role: 'Customer',
    password: 'Test-password-1',
  });
  const superAdmin = await buildUser(db.db, {
    customerId: customer.id,
    role: 'Super Admin',
    email: 'drill@prairie.test',
    password: 'Test-password-1',
  });

  const weather = await createConfiguredWeather(config, db, clock);
  // no env of its own: the notifier follows config.notify, as in main.ts
  const notifier = createNotifier({ notify: config.notify, db, clock, log });
  await notifier.service.start();
  const ctx = { config, db, clock, weather, log, enqueueAlert: notifier.enqueueAlert };
  const lightning = createLightningEngine({ ...ctx, bus, autoTick: false });
  await lightning.start();
  const deps: AppDeps = { ...ctx, bus };
  const app = await buildApp(deps);
  await app.ready();
  return {
    deps,
    locationId: location.id,
    config,
    db,
    app,
    notifier,
    weather,
    lightning,
    superToken: await issueTestToken(db, { userId: superAdmin.id, publicUrl: config.server.publicUrl }),
    customerToken: await issueTestToken(db, { userId: customerUser.id, publicUrl: config.server.publicUrl }),
    async close() {
      await app.close();
      await lightning.stop();
      await notifier.service.stop();
      await weather.close();
      await db.close();
    },
  };
}

async function dropStrikeNearTheField(s: Stack): Promise<void> {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/sim/strikes',
    headers: { authorization: `Bearer ${s.superToken}` },
    payload: { latitude: SITE.latitude + 0.05, longitude: SITE.longitude, type: 1 },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const emailDeliveries = (s: Stack) =>
  s.db.db.select().from(alertDeliveries).where(eq(alertDeliveries.channel, 'email'));

describe('on PostgreSQL with NOTIFY_OUTBOX=1', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack({ NOTIFY_OUTBOX: '1' });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('keeps the e-mail of a strike near a location in the outbox, readable at /dev/outbox from loopback only', async () => {
    expect(s.config.database.embedded).toBe(false);
    await dropStrikeNearTheField(s);
    await waitFor(async () => {
      const res = await s.app.inject({ method: 'GET', url: '/dev/outbox.json' });
      return (
        res.statusCode === 200 &&
        res.json().some((m: { recipient: string }) => m.recipient === 'coach@prairie.test')
      );
    }, 30_000);
    const mails = (await s.app.inject({ method: 'GET', url: '/dev/outbox.json' })).json();
    const mail = mails.find((m: { recipient: string }) => m.recipient === 'coach@prairie.test');
    expect(mail).toMatchObject({ channel: 'email' });
    expect(`${mail.subject}\n${mail.body}`).toMatch(/North Platte Field/);
    const page = await s.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('coach@prairie.test');
    const [delivery] = await emailDeliveries(s);
    expect(delivery).toMatchObject({ status: 'delivered', address: 'coach@prairie.test' });
    // to loopback callers only, as in the embedded default
    const remote = await s.app.inject({ method: 'GET', url: '/dev/outbox.json', remoteAddress: '10.0.0.5' });
    expect(remote.statusCode).toBe(404);
    const proxied = await s.app.inject({
      method: 'GET',
      url: '/dev/outbox.json',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(404);
  });

  it('reports each channel state on /readyz', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      database: 'ready',
      alertsHeldBack: false,
      ingest: {},
      channels: {
        email: 'outbox',
        sms: 'outbox',
        push: 'configured',
        webhook: 'configured',
        singlewire: 'configured',
      },
    });
  });

  it('keeps /readyz at 503 while the database is unavailable, with the channel states', async () => {
    let reachable = true;
    const flaky: DatabaseHandle = {
      ...s.db,
      query: (...args: Parameters<DatabaseHandle['query']>) => {
        if (!reachable) throw new Error('connection refused');
        return s.db.query(...args);
      },
    };
    const app = await buildApp({ ...s.deps, db: flaky });
    await app.ready();
    reachable = false;
    try {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'degraded',
        database: 'unavailable',
        alertsHeldBack: true,
        channels: { email: 'outbox' },
      });
    } finally {
      await app.close();
    }
  });

  it('tells any signed-in user the channel states, and refuses an anonymous caller', async () => {
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/Notification/Channels',
      headers: { authorization: `Bearer ${s.customerToken}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      email: 'outbox',
      sms: 'outbox',
      push: 'configured',
      webhook: 'configured',
      singlewire: 'configured',
    });
    const anonymous = await s.app.inject({ method: 'GET', url: '/api/Notification/Channels' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().responseException.message).toBeTruthy();
  });

  it('documents the channel states call in the OpenAPI document', async () => {
    const doc = (await s.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toContain('/api/Notification/Channels');
  });
});

describe('on PostgreSQL with e-mail and SMS turned off', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack({ NOTIFY_EMAIL: 'off', NOTIFY_SMS: 'off' });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('records the e-mail of a strike as skipped, with the reason, and sends nothing', async () => {
    await dropStrikeNearTheField(s);
    await waitFor(async () => (await emailDeliveries(s)).some((d) => d.status === 'skipped'), 30_000);
    const [delivery] = await emailDeliveries(s);
    expect(delivery).toMatchObject({
      status: 'skipped',
      address: 'coach@prairie.test',
      acceptedAt: null,
      lastError: 'E-mail is turned off (NOTIFY_EMAIL=off): not sent',
    });
    expect(await s.db.db.select().from(devOutboxMessages)).toEqual([]);
    // admins see it, and why, in the location's audit trail
    const audit = await s.app.inject({
      method: 'GET',
      url: `/api/Audit/Location/${s.locationId}`,
      headers: { authorization: `Bearer ${s.superToken}` },
    });
    expect(audit.statusCode, audit.body).toBe(200);
    const shown = audit
      .json()
      .data.flatMap((e: { deliveries: { channel: string }[] }) => e.deliveries)
      .find((d: { channel: string }) => d.channel === 'email');
    expect(shown).toMatchObject({ status: 'skipped', lastError: delivery!.lastError });
    // nothing goes to the outbox, so it is not served
    expect((await s.app.inject({ method: 'GET', url: '/dev/outbox.json' })).statusCode).toBe(404);
  });

  it('reports the channels that are off on /readyz and to signed-in users', async () => {
    const channels = {
      email: 'off',
      sms: 'off',
      push: 'configured',
      webhook: 'configured',
      singlewire: 'configured',
    };
    expect((await s.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({
      status: 'ready',
      channels,
    });
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/Notification/Channels',
      headers: { authorization: `Bearer ${s.customerToken}` },
    });
    expect(res.json().data).toEqual(channels);
  });
});
