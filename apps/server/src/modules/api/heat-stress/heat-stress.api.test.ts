// Heat-stress calls: the profile shape the dashboard reads, customer scoping, and the demo seed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { buildOrganizationLocation } from '../../../db/factories.ts';
import { riskProfiles, workRestProfiles } from '../../../db/schema/index.ts';
import { seedHeatStressProfiles } from '../../../db/seed/heat-stress.ts';
import { authPlugin } from '../../../platform/auth.ts';
import { createIdentityKeyLoader } from '../../identity/index.ts';
import { installErrorHandling } from '../../../platform/errors.ts';
import { heatStressRoutes } from './heat-stress.routes.ts';
import { createApiReads } from '../../shared/reads.ts';

let t: TestApp;
let api: FastifyInstance;
let venueA: { id: number };
let venueB: { id: number };
let riskA: number;
let riskB: number;

beforeAll(async () => {
  t = await createTestApp();
  // The lead registers heatStressRoutes in modules/api/index.ts; until then mount it the same way here.
  api = Fastify();
  api.setValidatorCompiler(validatorCompiler);
  api.setSerializerCompiler(serializerCompiler);
  installErrorHandling(api);
  await api.register(authPlugin, { config: t.config, identityKeys: createIdentityKeyLoader(t.db) });
  const deps = {
    config: t.config,
    db: t.db,
    clock: t.clock,
    weather: t.weather,
    enqueueAlert: async () => {},
    bus: t.bus,
    reads: createApiReads(t.db.db, t.bus, t.clock),
  };
  await api.register(
    async (scope) => {
      scope.addHook('onRequest', scope.authenticate);
      await scope.register(heatStressRoutes, deps);
    },
    { prefix: '/api' },
  );
  await api.ready();
  venueA = await buildOrganizationLocation(t.db.db, { customerId: t.a.customer.id, name: 'Arena' });
  venueB = await buildOrganizationLocation(t.db.db, { customerId: t.b.customer.id, name: 'Ballpark' });
  await seedHeatStressProfiles(t.db.db, t.a.customer.id);
  await seedHeatStressProfiles(t.db.db, t.b.customer.id);
  const riskOf = async (customerId: number) =>
    (await t.db.db.select().from(riskProfiles).where(eq(riskProfiles.customerId, customerId)))[0]!.id;
  riskA = await riskOf(t.a.customer.id);
  riskB = await riskOf(t.b.customer.id);
}, 60_000);
afterAll(async () => {
  await api?.close();
  await t.close();
});

const get = async (url: string, userId: string) =>
  api.inject({
    method: 'GET',
    url: `/api/${url}`,
    headers: { authorization: `Bearer ${await t.tokenFor(userId)}` },
  });

describe('GET WorkRest/ForLocation/{organizationLocationId}', () => {
  it("serves the customer's work/rest profile with intensities, modifiers and matrix rows", async () => {
    const res = await get(`WorkRest/ForLocation/${venueA.id}`, t.a.customerUser.id);
    expect(res.statusCode).toBe(200);
    const profile = res.json().data;
    expect(profile).toMatchObject({
      primaryMetric: 'WBGT',
      useRiskProfile: true,
      riskProfileId: riskA,
      durationUnit: 'Hour',
    });
    expect(profile.intensities.map((i: { name: string }) => i.name)).toEqual([
      'Light',
      'Moderate',
      'Heavy',
      'Very Heavy',
    ]);
    expect(profile.modifiers).toContainEqual({ id: expect.any(Number), name: 'Hood', adjustment: 1.8 });
    const light = profile.intensities[0].id;
    const lightRows = profile.matrices.filter(
      (m: { workRestIntensityId: number }) => m.workRestIntensityId === light,
    );
    expect(lightRows.map((m: { max: number | null; workPercent: number }) => [m.max, m.workPercent])).toEqual(
      [
        [88, 100],
        [88.7, 75],
        [89.6, 50],
        [90.5, 25],
        [null, 0],
      ],
    );
  });

  it("refuses another customer's organisation location with 404 and no data", async () => {
    const res = await get(`WorkRest/ForLocation/${venueB.id}`, t.a.admin.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().data).toBeUndefined();
  });

  it('answers null for a venue of a customer without a profile', async () => {
    await t.db.db.delete(workRestProfiles).where(eq(workRestProfiles.customerId, t.b.customer.id));
    const res = await get(`WorkRest/ForLocation/${venueB.id}`, t.b.admin.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBeNull();
  });

  it('names the bad id field with 400', async () => {
    const res = await get('WorkRest/ForLocation/abc', t.a.admin.id);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().responseException.errors)).toMatch(/OrganizationLocationId/i);
  });
});

describe('GET RiskProfile/{id}', () => {
  it('serves the levels sorted by max, the open top level as the largest', async () => {
    const res = await get(`RiskProfile/${riskA}`, t.a.customerUser.id);
    expect(res.statusCode).toBe(200);
    const levels = res.json().data.riskLevels as {
      name: string;
      max: number;
      riskProfileId: number;
      color: string;
    }[];
    expect(levels.map((l) => [l.name, l.max])).toEqual([
      ['Low', 80],
      ['Moderate', 85],
      ['High', 88],
      ['Extreme', Number.MAX_SAFE_INTEGER],
    ]);
    expect(levels.every((l) => l.riskProfileId === riskA && /^#/.test(l.color))).toBe(true);
  });

  it("refuses another customer's risk profile with 404", async () => {
    const res = await get(`RiskProfile/${riskB}`, t.a.admin.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().data).toBeUndefined();
  });

  it('refuses a caller without a token', async () => {
    const res = await api.inject({ method: 'GET', url: `/api/RiskProfile/${riskA}` });
    expect(res.statusCode).toBe(401);
  });
});

describe('the demo seed', () => {
  it('is idempotent: seeding a customer twice keeps one profile', async () => {
    await seedHeatStressProfiles(t.db.db, t.a.customer.id);
    const [row] = await t.db.db
      .select({ n: count() })
      .from(workRestProfiles)
      .where(eq(workRestProfiles.customerId, t.a.customer.id));
    expect(row!.n).toBe(1);
  });
});
