// Issue 20 'Rings at the zones in force': on the demo seed, GET location serves each location's zones in
// force (spec 01 §4 'Policy lock', the domain's zonesInForce) and they equal the radii and all-clear that
// GET Lightning/Location reports; a location whose saved values differ from the policy says so; a policy
// change shows at once on every location it locks (computed on read).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ConfiguredWeather } from '@allclear/weather';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { createLocalBus, type Bus } from '../src/platform/bus.ts';
import { createTestDatabase } from '../src/db/test-db.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { customers, policies, policyTypes, users } from '../src/db/schema/index.ts';
import { createConfiguredWeather } from '../src/engine/weather.ts';
import { issueTestToken } from '../src/modules/identity/test-tokens.ts';

interface Zones {
  radii: number[];
  allClearMinutes: number;
  lockedByPolicy: boolean;
  differsFromSaved: boolean;
}
interface Listed {
  id: number;
  label: string;
  radius1: number;
  radius2: number;
  radius3: number;
  radius4: number | null;
  allClearMinutes: number;
  zonesInForce: Zones;
}

let db: DatabaseHandle;
let weather: ConfiguredWeather;
let app: FastifyInstance;
let bus: Bus;
const tokens = new Map<string, string>();
const clock = new ManualClock(new Date('2026-07-01T17:00:00Z'));

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemo(db);
  const config = loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent' });
  const log = pino({ level: 'silent' });
  bus = createLocalBus((err) => {
    throw err;
  });
  weather = await createConfiguredWeather(config, db, clock);
  app = await buildApp({ config, db, clock, weather, log, enqueueAlert: async () => {}, bus });
  await app.ready();
  for (const email of ['admin@demo.allclear.test', 'customer@demo.allclear.test']) {
    const [u] = await db.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    tokens.set(email, await issueTestToken(db, { userId: u!.id, publicUrl: config.server.publicUrl }));
  }
}, 120_000);

afterAll(async () => {
  await app?.close();
  await weather?.close();
  await db?.close();
});

const get = async (url: string, email = 'admin@demo.allclear.test') => {
  const res = await app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${tokens.get(email)}` },
  });
  return res;
};
const list = async (email?: string): Promise<Listed[]> => {
  const res = await get('/api/location', email);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const byLabel = (rows: Listed[], label: string) => {
  const row = rows.find((r) => r.label.startsWith(label));
  if (!row) throw new Error(`no location ${label}`);
  return row;
};
const engineZones = async (id: number) => {
  const res = await get(`/api/Lightning/Location/${id}`);
  expect(res.statusCode).toBe(200);
  const data = res.json().data as {
    allClearMinutes: number;
    zones: { radius: number }[];
    policyLocked: boolean;
  };
  return {
    radii: data.zones.map((z) => z.radius),
    allClearMinutes: data.allClearMinutes,
    locked: data.policyLocked,
  };
};

describe('GET location serves the zones in force (issue 20)', () => {
  it('gives Choctaw Stadium the zones Lightning/Location reports (8, 15, 25, 40 mi; 30 min), not its saved ring', async () => {
    const choctaw = byLabel(await list(), 'Choctaw Stadium');
    expect([choctaw.radius1, choctaw.radius2, choctaw.radius3, choctaw.radius4 ?? 0]).toEqual([10, 0, 0, 0]);
    expect(choctaw.allClearMinutes).toBe(20);
    expect(choctaw.zonesInForce).toEqual({
      radii: [8, 15, 25, 40],
      allClearMinutes: 30,
      lockedByPolicy: true,
      differsFromSaved: true,
    });
    const engine = await engineZones(choctaw.id);
    expect(choctaw.zonesInForce.radii).toEqual(engine.radii);
    expect(choctaw.zonesInForce.allClearMinutes).toBe(engine.allClearMinutes);
    expect(engine.locked).toBe(true);
  });

  it('agrees with Lightning/Location for every listed location, on every role that lists them', async () => {
    for (const email of ['admin@demo.allclear.test', 'customer@demo.allclear.test']) {
      const rows = await list(email);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        const engine = await engineZones(row.id);
        expect({
          label: row.label,
          radii: row.zonesInForce.radii,
          minutes: row.zonesInForce.allClearMinutes,
        }).toEqual({
          label: row.label,
          radii: engine.radii,
          minutes: engine.allClearMinutes,
        });
      }
    }
    const eagle = byLabel(await list(), 'Eagle Stadium');
    expect(eagle.zonesInForce.radii).toEqual([8, 15, 25, 40]);
  });

  it('follows a policy change at once, on every location it locks', async () => {
    const [customer] = await db.db
      .select()
      .from(customers)
      .where(eq(customers.name, 'North Texas Sports & Schools'));
    const [lr1] = await db.db.select().from(policyTypes).where(eq(policyTypes.shortName, 'LR1'));
    const where = and(eq(policies.customerId, customer!.id), eq(policies.policyTypeId, lr1!.id));
    const [before] = await db.db.select().from(policies).where(where);
    try {
      await db.db.update(policies).set({ threshold: 12 }).where(where);
      // what the policies service publishes after it commits a change
      bus.publish('policies-changed', { customerId: customer!.id });
      const rows = await list();
      expect(rows.every((r) => r.zonesInForce.radii[0] === 12)).toBe(true);
      expect((await engineZones(byLabel(rows, 'Choctaw Stadium').id)).radii[0]).toBe(12);
    } finally {
      await db.db.update(policies).set({ threshold: before!.threshold }).where(where);
      bus.publish('policies-changed', { customerId: customer!.id });
    }
  });
});
