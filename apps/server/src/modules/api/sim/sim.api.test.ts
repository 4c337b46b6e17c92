// The scenario API on the API: Super Admin only, simulator mode only, bad input refused by field with
// nothing written, and injected strikes reaching the lightning engine at once (the Delay call shows the
// countdown without any simulator advance). Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { count } from 'drizzle-orm';
import { destinationPoint } from '@allclear/domain';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { buildLocation, buildUser } from '../../../db/factories.ts';
import { strikes } from '../../../db/schema/index.ts';
import { createMemoryJournal } from '../../../engine/ingest/memory-journal.ts';
import { flakyDatabase } from '../../../engine/ingest/test-support.ts';
import { createLightningEngine, type LightningEngine } from '../../../engine/lightning/engine.ts';
import type { StrikeRecord } from '../../../engine/lightning/strike-record.ts';
import { silentLogger } from '../../../engine/lightning/test-support.ts';
import type { Principal } from '../../../platform/auth.ts';
import { AppError } from '../../../platform/errors.ts';
import { SimService } from './sim.service.ts';

let t: TestApp;
let app: FastifyInstance;
let engine: LightningEngine;
let superAdminId: string;

beforeAll(async () => {
  t = await createTestApp();
  const deps = {
    config: t.config,
    db: t.db,
    clock: t.clock,
    weather: t.weather,
    bus: t.bus,
    enqueueAlert: async (_tx: unknown, event: (typeof t.events)[number]) => {
      t.events.push(event);
    },
  };
  engine = createLightningEngine({ ...deps, log: silentLogger, autoTick: false });
  await engine.start();
  app = t.app;
  superAdminId = (
    await buildUser(t.db, { customerId: t.a.customer.id, role: 'Super Admin', password: 'Test-password-1' })
  ).id;
}, 60_000);

afterAll(async () => {
  await engine?.stop();
  await t?.close();
});

const auth = async (userId: string) => ({ authorization: `Bearer ${await t.tokenFor(userId)}` });
const strikeCount = async () => (await t.db.db.select({ n: count() }).from(strikes))[0]!.n;

describe('POST /api/sim/strikes', () => {
  it('injects a strike that puts a location into delay at once and answers what was created', async () => {
    const near = destinationPoint(t.b.location, 45, 3);
    const res = await app.inject({
      method: 'POST',
      url: '/api/sim/strikes',
      headers: await auth(superAdminId),
      payload: { latitude: near.latitude, longitude: near.longitude, type: 3, amperage: -31.5 },
    });
    expect(res.statusCode).toBe(200);
    const [created] = res.json().data;
    expect(created).toMatchObject({
      latitude: near.latitude,
      longitude: near.longitude,
      type: 3,
      amperage: -31.5,
      time: t.clock.now().toISOString(),
    });
    expect(created.id).toEqual(expect.any(String));

    const delay = await app.inject({
      method: 'GET',
      url: `/api/location/Delay/${t.b.location.id}`,
      headers: await auth(t.b.admin.id),
    });
    expect(delay.json().data.item1).toBe('00:30:00');
    expect(t.events.filter((e) => e.locationId === t.b.location.id).map((e) => e.kind)).toEqual([
      'lightning-delay',
    ]);
  });

  it('accepts a list with times and answers every strike', async () => {
    const time = new Date(t.clock.now().getTime() - 60_000).toISOString();
    const res = await app.inject({
      method: 'POST',
      url: '/api/sim/strikes',
      headers: await auth(superAdminId),
      payload: [
        { latitude: 10, longitude: 10, time },
        { latitude: -10, longitude: -10.5 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((s: { time: string; type: number }) => [s.time, s.type])).toEqual([
      [time, 1],
      [t.clock.now().toISOString(), 1],
    ]);
  });

  it('refuses an Admin (403) and a Customer (403), writing nothing', async () => {
    const before = await strikeCount();
    for (const userId of [t.a.admin.id, t.a.customerUser.id]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/sim/strikes',
        headers: await auth(userId),
        payload: { latitude: 10, longitude: 10 },
      });
      expect(res.statusCode).toBe(403);
    }
    expect(await strikeCount()).toBe(before);
  });

  it('refuses bad input by field (latitude 90.01, longitude in a list, type 5, more than 1000) and writes nothing', async () => {
    const before = await strikeCount();
    const headers = await auth(superAdminId);
    const cases: [unknown, string][] = [
      [{ latitude: 90.01, longitude: 0 }, 'Latitude'],
      [
        [
          { latitude: 0, longitude: 0 },
          { latitude: 0, longitude: -180.5 },
        ],
        '[1].Longitude',
      ],
      [{ latitude: 0, longitude: 0, type: 5 }, 'Type'],
      [{ latitude: 0, longitude: 0, time: 'yesterday' }, 'Time'],
      [Array.from({ length: 1001 }, () => ({ latitude: 0, longitude: 0 })), 'Body'],
    ];
    for (const [payload, field] of cases) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/sim/strikes',
        headers,
        payload: payload as object,
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().responseException.errors)).toContain(field);
    }
    expect(await strikeCount()).toBe(before);
  });
});

describe('POST /api/sim/storms', () => {
  it('spawns a storm on its track and answers it; refuses an Admin and a bad heading', async () => {
    const headers = await auth(superAdminId);
    const payload = { latitude: 33, longitude: -97, headingDeg: 60, speedMs: 12, lifetimeMinutes: 90 };
    const res = await app.inject({ method: 'POST', url: '/api/sim/storms', headers, payload });
    expect(res.statusCode).toBe(200);
    const storm = res.json().data;
    expect(storm).toMatchObject(payload);
    expect(Date.parse(storm.endTime) - Date.parse(storm.startTime)).toBe(90 * 60_000);
    expect(storm.startTime).toBe(t.clock.now().toISOString());

    const admin = await app.inject({
      method: 'POST',
      url: '/api/sim/storms',
      headers: await auth(t.a.admin.id),
      payload,
    });
    expect(admin.statusCode).toBe(403);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/sim/storms',
      headers,
      payload: { ...payload, headingDeg: 361 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().responseException.errors)).toEqual(['HeadingDeg']);
  });
});

describe('POST /api/sim/strikes during a database outage (issue 21)', () => {
  it('takes the strike (200, journalled), answers 503 with Retry-After only when the journal is full, and applies it when the database answers', async () => {
    // this engine, on a database that can be made to refuse every call, takes over the scenario API's strikes
    await engine.stop();
    const flaky = flakyDatabase(t.db);
    engine = createLightningEngine({
      config: t.config,
      db: flaky.handle,
      clock: t.clock,
      weather: t.weather,
      bus: t.bus,
      log: silentLogger,
      autoTick: false,
      enqueueAlert: async (_tx, event) => {
        t.events.push(event);
      },
      journal: createMemoryJournal<StrikeRecord>({ name: 'strikes', maxWaiting: 2 }),
      intake: { retryMs: 5, maxRetryMs: 5 },
    });
    // a location no earlier strike reached
    const field = await buildLocation(t.db, {
      customerId: t.a.customer.id,
      userId: t.a.customerUser.id,
      latitude: 40,
      longitude: -90,
    });
    await engine.start();
    const headers = await auth(superAdminId);
    const near = destinationPoint(field, 90, 2);
    flaky.down();

    const res = await app.inject({
      method: 'POST',
      url: '/api/sim/strikes',
      headers,
      payload: { latitude: near.latitude, longitude: near.longitude },
    });
    expect(res.statusCode).toBe(200);
    const [taken] = res.json().data;
    expect(engine.ingestStatus()).toMatchObject({ state: 'held', waiting: 1 });

    const full = await app.inject({
      method: 'POST',
      url: '/api/sim/strikes',
      headers,
      payload: [
        { latitude: 10, longitude: 10 },
        { latitude: 11, longitude: 11 },
      ],
    });
    expect(full.statusCode).toBe(503);
    expect(full.headers['retry-after']).toBe('10');
    expect(full.json().responseException.message).toMatch(/journal is full.*Try again in 10 s/);
    expect(engine.ingestStatus()).toMatchObject({ waiting: 1, dropped: { 'journal full': 2 } });

    flaky.up();
    await engine.ingestIdle();
    const delay = await app.inject({
      method: 'GET',
      url: `/api/location/Delay/${field.id}`,
      headers: await auth(t.a.admin.id),
    });
    expect(delay.json().data.item1).toBe('00:30:00');
    const alerts = t.events.filter((e) => e.locationId === field.id);
    expect(alerts.map((e) => [e.kind, e.details.strikeId])).toEqual([['lightning-delay', taken.id]]);
  });
});

describe('outside simulator mode', () => {
  it('answers 404, even to a Super Admin', async () => {
    const service = new SimService({ ...t.weather, simulatorMode: false }, t.clock);
    const superAdmin = { role: 'Super Admin', customerId: t.a.customer.id } as Principal;
    await expect(service.injectStrikes(superAdmin, { latitude: 0, longitude: 0 })).rejects.toMatchObject({
      status: 404,
    });
    expect(() =>
      service.spawnStorm(superAdmin, {
        latitude: 0,
        longitude: 0,
        headingDeg: 0,
        speedMs: 1,
        lifetimeMinutes: 5,
      }),
    ).toThrow(AppError);
  });
});
