// The lightning calls on the API: GET location/Delay/{id} as 'hh:mm:ss' counting down at the server
// clock, the dashboard status and threat counts, and customer isolation. Runs on PGlite, and on
// PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { buildLocation, buildPolicy } from '../../../db/factories.ts';
import { createLightningEngine, type LightningEngine } from '../../../engine/lightning/engine.ts';
import { silentLogger, strikeAt } from '../../../engine/lightning/test-support.ts';

let t: TestApp;
let app: FastifyInstance;
let engine: LightningEngine;

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
}, 60_000);

afterAll(async () => {
  await engine?.stop();
  await t?.close();
});

const auth = async (userId: string) => ({ authorization: `Bearer ${await t.tokenFor(userId)}` });

/**
 * Strikes applied and the engine's change told: it publishes 'lightning-changed' on the next turn of the event loop
 * after its commit, and the API serves a location's zones from that event (zone-state-mirror.ts).
 */
async function ingest(strikes: Parameters<LightningEngine['ingest']>[0]): Promise<void> {
  await engine.ingest(strikes);
  await new Promise((resolve) => setImmediate(resolve));
}
const MINUTE = 60_000;

describe('GET location/Delay/{id}', () => {
  it("answers item1..item4 as 'hh:mm:ss', counting down from the strike at the server clock", async () => {
    const location = t.a.location;
    const headers = await auth(t.a.customerUser.id);
    const clear = await app.inject({ method: 'GET', url: `/api/location/Delay/${location.id}`, headers });
    expect(clear.statusCode).toBe(200);
    expect(clear.json()).toEqual({
      data: { item1: '00:00:00', item2: '00:00:00', item3: '00:00:00', item4: '00:00:00' },
    });

    const start = t.clock.now();
    await ingest([strikeAt(location, 5, start)]);
    t.clock.set(new Date(start.getTime() + 10 * MINUTE + 30_000));
    const res = await app.inject({ method: 'GET', url: `/api/Location/delay/${location.id}`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      item1: '00:19:30',
      item2: '00:00:00',
      item3: '00:00:00',
      item4: '00:00:00',
    });
  });

  it("refuses another customer's location with 404 and no data, and a malformed id with 400", async () => {
    const other = await app.inject({
      method: 'GET',
      url: `/api/location/Delay/${t.a.location.id}`,
      headers: await auth(t.b.admin.id),
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().data).toBeUndefined();
    expect(other.json().responseException.message).toBe('Location not found.');

    const missing = await app.inject({
      method: 'GET',
      url: '/api/location/Delay/999999',
      headers: await auth(t.a.admin.id),
    });
    expect(missing.statusCode).toBe(404);
    const bad = await app.inject({
      method: 'GET',
      url: '/api/location/Delay/abc',
      headers: await auth(t.a.admin.id),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().responseException.errors)).toEqual(['Id']);
  });

  it('answers 401 without a token', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/location/Delay/${t.a.location.id}` });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET Lightning/Location/{id} and Lightning/ThreatCounts', () => {
  it('serves per-zone countdowns, the nearest strike with its bearing, and the effective radii under the LR lock', async () => {
    const location = await buildLocation(t.db, {
      customerId: t.b.customer.id,
      latitude: 40,
      longitude: -105,
      radius1: 10,
      radius2: 20,
      allClearMinutes: 30,
    });
    await buildPolicy(t.db, {
      customerId: t.b.customer.id,
      shortName: 'LR2',
      threshold: 25,
      allClearMinutes: 20,
      unit: 'mi',
    });
    t.bus.publish('policies-changed', { customerId: t.b.customer.id });
    const now = t.clock.now();
    await ingest([strikeAt(location, 22, now, { bearingDeg: 270 })]);

    const res = await app.inject({
      method: 'GET',
      url: `/api/Lightning/Location/${location.id}`,
      headers: await auth(t.b.admin.id),
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      locationId: location.id,
      inDelay: true,
      allClearMinutes: 20,
      policyLocked: true,
    });
    expect(data.zones.map((z: { radius: number; delay: string }) => [z.radius, z.delay])).toEqual([
      [10, '00:00:00'],
      [25, '00:20:00'],
      [0, '00:00:00'],
      [0, '00:00:00'],
    ]);
    expect(data.nearestStrike.distanceMiles).toBeCloseTo(22, 4);
    expect(data.nearestStrike.bearingDeg).toBeCloseTo(270, 0);
    expect(data.zones[1].lastStrikeTime).toBe(now.toISOString());

    const across = await app.inject({
      method: 'GET',
      url: `/api/Lightning/Location/${location.id}`,
      headers: await auth(t.a.admin.id),
    });
    expect(across.statusCode).toBe(404);
  });

  it("counts only the caller's own dashboard locations in delay", async () => {
    const start = t.clock.now();
    const quiet = await buildLocation(t.db, {
      customerId: t.a.customer.id,
      userId: t.a.customerUser.id,
      latitude: 45,
      longitude: -110,
    });
    await ingest([strikeAt(t.a.location, 1, start)]);
    const res = await app.inject({
      method: 'GET',
      url: '/api/Lightning/ThreatCounts',
      headers: await auth(t.a.customerUser.id),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ locations: 2, inDelay: 1, locationIdsInDelay: [t.a.location.id] });
    expect(quiet.id).not.toBe(t.a.location.id);
  });
});
