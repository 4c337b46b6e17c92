// The policy calls of spec 02 §7 with the shapes of §3 'Policy', every field error of §5 'Policy' (the named field,
// nothing written), the rules of §4 'Policy' (type fixed once saved, threshold rounded to the type's precision,
// minimum all-clear from the type, all-groups policies), and a saved policy taking effect in the engines at once:
// the next evaluation of a reading and the next strike use the new threshold. Runs on PGlite, and on PostgreSQL
// with TEST_DATABASE_URL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import { mphToMs, type PolicyTypeShortName } from '@allclear/domain';
import type { AlertSource } from '@allclear/weather';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import {
  locationConditions,
  notifications,
  policies,
  policyNotificationActions,
  policySites,
  policyWarnings,
} from '../../../db/schema/index.ts';
import { buildCustomer, buildLocation, buildPolicy, buildSite, buildUser } from '../../../db/factories.ts';
import type { BusEvents } from '../../../platform/bus.ts';
import { createPolicyEngine } from '../../../engine/policies/policy-engine.ts';
import { createLightningEngine } from '../../../engine/lightning/engine.ts';
import { silentLogger, strikeAt } from '../../../engine/lightning/test-support.ts';
import type { AlertEvent } from '../../../engine/contracts.ts';
import { POLICY_TYPE_FIXED, POLICY_TYPE_UNKNOWN, SITES_NOT_OURS } from './policy.service.ts';

const TYPE = { LR1: 1, WBGT: 7, PRECIP: 8, WIND: 9 } as const;

let t: TestApp;
let admin: string;
let changes: BusEvents['policies-changed'][];

beforeAll(async () => {
  t = await createTestApp();
  admin = (
    await buildUser(t.db.db, {
      customerId: t.a.customer.id,
      role: 'Admin',
      siteId: t.a.site.id,
      password: 'Test-password-1',
    })
  ).id;
  t.bus.subscribe('policies-changed', (e) => changes.push(e));
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  changes = [];
});

const headers = async (userId = admin) => ({ authorization: `Bearer ${await t.tokenFor(userId)}` });
const post = async (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/policy', headers: await headers(), payload });
const patch = async (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: '/api/policy', headers: await headers(), payload });
const get = async (url: string) => t.app.inject({ method: 'GET', url, headers: await headers() });
const policyCount = async () => (await t.db.db.select({ n: count() }).from(policies))[0]!.n;
const rowOf = async (id: number) => (await t.db.db.select().from(policies).where(eq(policies.id, id)))[0];

const wind = (over: Record<string, unknown> = {}) => ({
  policyType: TYPE.WIND,
  threshold: 30,
  allClearMinutes: 30,
  sites: [t.a.site.id],
  ...over,
});

describe('POST policy: every field error of spec 02 §5, on its field, with nothing written', () => {
  const cases: [string, () => Record<string, unknown>, string, string][] = [
    ['a missing threshold', () => wind({ threshold: undefined }), 'Threshold', 'Threshold is required.'],
    [
      'a threshold that is not a number',
      () => wind({ threshold: 'high' }),
      'Threshold',
      'Threshold is required.',
    ],
    [
      'a negative wind speed',
      () => wind({ threshold: -1 }),
      'Threshold',
      'Threshold must be between 0 and 253 mph.',
    ],
    [
      'a lightning radius under 1 mile',
      () => wind({ policyType: TYPE.LR1, threshold: 0.9 }),
      'Threshold',
      'Threshold must be between 1 and 50 mi.',
    ],
    [
      'a lightning radius that rounds to 50.1 miles',
      () => wind({ policyType: TYPE.LR1, threshold: 50.05 }),
      'Threshold',
      'Threshold must be between 1 and 50 mi.',
    ],
    [
      'an all-clear that is not whole',
      () => wind({ allClearMinutes: 29.5 }),
      'AllClearMinutes',
      'All clear minutes must be a whole number.',
    ],
    [
      "an all-clear under the type's minimum (10)",
      () => wind({ allClearMinutes: 9 }),
      'AllClearMinutes',
      'All clear minutes must be at least 10.',
    ],
    ["another customer's group", () => wind({ sites: [t.b.site.id] }), 'Sites', SITES_NOT_OURS],
    ['a group that does not exist', () => wind({ sites: [987654] }), 'Sites', SITES_NOT_OURS],
    [
      'a group twice',
      () => wind({ sites: [t.a.site.id, t.a.site.id] }),
      'Sites',
      'Each group may appear only once.',
    ],
    ['an unknown type', () => wind({ policyType: 99 }), 'PolicyType', POLICY_TYPE_UNKNOWN],
    [
      'Notify On All Clear without Notify Users',
      () => wind({ notificationActions: [{ allClear: true, message: 'All clear.' }] }),
      'NotificationActions',
      'Notify On All Clear needs Notify Users.',
    ],
  ];
  it.each(cases.map(([name, body, field, text]) => [name, field, text, body] as const))(
    'refuses %s (400, %s: %s)',
    async (_, field, text, body) => {
      const before = await policyCount();
      const res = await post(body());
      expect(res.statusCode).toBe(400);
      expect(res.json().responseException.errors).toEqual({ [field]: [text] });
      expect(await policyCount()).toBe(before);
      expect(changes).toEqual([]);
    },
  );

  // one type of each kind of range, just past its physical edge (the domain's POLICY_TYPE_LIMITS)
  const outOfRange: [PolicyTypeShortName, number, number, string][] = [
    ['CHILL', 5, 99999999, 'Threshold must be between -100 and 65 °F.'],
    ['CHILL', 5, -101, 'Threshold must be between -100 and 65 °F.'],
    ['HEAT', 6, 181, 'Threshold must be between 65 and 180 °F.'],
    ['WBGT', 7, 104.1, 'Threshold must be between 32 and 104 °F.'],
    ['PRECIP', 8, 12.01, 'Threshold must be between 0 and 12 in.'],
    ['WIND', 9, 254, 'Threshold must be between 0 and 253 mph.'],
    ['GUST', 10, 80000, 'Threshold must be between 0 and 253 mph.'],
    ['AQI-PM2.5', 13, 501, 'Threshold must be between 0 and 500 AQI.'],
    ['LR3', 3, 51, 'Threshold must be between 1 and 50 mi.'],
  ];
  it.each(outOfRange)(
    'refuses a %s threshold out of its physical range on add and on edit (400 naming the range)',
    async (shortName, policyType, threshold, text) => {
      const before = await policyCount();
      const added = await post(wind({ policyType, threshold }));
      expect(added.statusCode).toBe(400);
      expect(added.json().responseException.errors).toEqual({ Threshold: [text] });
      expect(await policyCount()).toBe(before);
      const saved = await buildPolicy(t.db.db, {
        customerId: t.a.customer.id,
        shortName,
        threshold: 10,
        siteIds: [t.a.site.id],
      });
      changes = [];
      const edited = await patch({ ...wind({ policyType, threshold }), id: saved.id });
      expect(edited.statusCode).toBe(400);
      expect(edited.json().responseException.errors).toEqual({ Threshold: [text] });
      expect((await rowOf(saved.id))!.threshold).toBe(10);
      expect(changes).toEqual([]);
      await t.db.db.delete(policies).where(eq(policies.id, saved.id));
    },
  );

  it('names every refused field at once', async () => {
    const res = await post(wind({ threshold: -5, allClearMinutes: 5, sites: [t.b.site.id] }));
    expect(Object.keys(res.json().responseException.errors).sort()).toEqual([
      'AllClearMinutes',
      'Sites',
      'Threshold',
    ]);
  });
});

describe('POST, PATCH and DELETE policy: the rules of spec 02 §4', () => {
  it("adds a policy with the spec's shape, the threshold rounded to the type's precision, and says so on the bus", async () => {
    const res = await post(
      wind({
        threshold: 30.46,
        reAlertMinutes: 15,
        notificationActions: [
          { allClear: false, message: 'High wind: secure equipment.' },
          { allClear: true, message: 'Wind has eased.' },
        ],
      }),
    );
    expect(res.statusCode).toBe(200);
    const saved = res.json().data;
    expect(saved).toEqual({
      id: expect.any(Number),
      policyType: TYPE.WIND,
      policyTypeShortName: 'WIND',
      policyTypeName: 'Wind Speed',
      policyDisplayName: 'Wind Speed',
      threshold: 30,
      isDesc: false,
      unit: 'mph',
      precision: 0,
      limit: null,
      minAllClear: 10,
      allClearMinutes: 30,
      reAlertMinutes: 15,
      customerId: t.a.customer.id,
      sites: [t.a.site.id],
      allGroups: false,
      notificationActions: [
        { id: expect.any(Number), triggerId: null, allClear: false, message: 'High wind: secure equipment.' },
        { id: expect.any(Number), triggerId: null, allClear: true, message: 'Wind has eased.' },
      ],
      creatorId: admin,
      showOnDashboard: true,
      abilities: { edit: true, delete: true },
    });
    expect(changes).toEqual([{ customerId: t.a.customer.id }]);
    const listed = (await get('/api/policy')).json().data as { id: number }[];
    expect(listed.find((p) => p.id === saved.id)).toEqual(saved);
  });

  it('rounds a WBGT threshold to one decimal and a precipitation one to two', async () => {
    const wbgt = await post(wind({ policyType: TYPE.WBGT, threshold: 88.25 }));
    expect(wbgt.json().data.threshold).toBe(88.3);
    const precip = await post(wind({ policyType: TYPE.PRECIP, threshold: 0.125 }));
    expect(precip.json().data.threshold).toBe(0.13);
  });

  it('edits a policy and keeps its type: another type is refused naming PolicyType, nothing written', async () => {
    const id = (await post(wind())).json().data.id as number;
    changes = [];
    const before = await rowOf(id);
    const refused = await patch({ ...wind({ policyType: TYPE.PRECIP, threshold: 1 }), id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().responseException.errors).toEqual({ PolicyType: [POLICY_TYPE_FIXED] });
    expect(await rowOf(id)).toEqual(before);
    const badThreshold = await patch({ ...wind({ threshold: -3 }), id });
    expect(badThreshold.json().responseException.errors).toEqual({
      Threshold: ['Threshold must be between 0 and 253 mph.'],
    });
    expect(await rowOf(id)).toEqual(before);
    expect(changes).toEqual([]);

    const res = await patch({ ...wind({ threshold: 22, sites: [] }), id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, threshold: 22, sites: [] });
    expect(changes).toEqual([{ customerId: t.a.customer.id }]);
  });

  it('applies an all-groups policy to every group of the customer, also one made later', async () => {
    const res = await post(wind({ allGroups: true, sites: [] }));
    const policy = res.json().data;
    const groupsNow = ((await get('/api/site')).json().data as { id: number }[]).map((g) => g.id);
    expect(policy.sites.sort()).toEqual(groupsNow.sort());
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/site/add',
      headers: await headers(),
      payload: { name: 'Late group', alertTimes: [] },
    });
    const later = added.json().data.id as number;
    expect(added.json().data.policies).toBeGreaterThan(0);
    const again = ((await get('/api/policy')).json().data as { id: number; sites: number[] }[]).find(
      (p) => p.id === policy.id,
    );
    expect(again!.sites).toContain(later);
    const ofLater = ((await get(`/api/policy/site/${later}`)).json().data as { id: number }[]).map(
      (p) => p.id,
    );
    expect(ofLater).toEqual([policy.id]);
  });

  it("deletes a policy, its groups and messages ('Deleted')", async () => {
    const id = (await post(wind({ notificationActions: [{ allClear: false, message: 'Wind.' }] }))).json()
      .data.id as number;
    changes = [];
    const res = await t.app.inject({ method: 'DELETE', url: `/api/policy/${id}`, headers: await headers() });
    expect(res.json()).toEqual({ data: 'Deleted' });
    expect(await rowOf(id)).toBeUndefined();
    expect(await t.db.db.select().from(policySites).where(eq(policySites.policyId, id))).toEqual([]);
    expect(
      await t.db.db
        .select()
        .from(policyNotificationActions)
        .where(eq(policyNotificationActions.policyId, id)),
    ).toEqual([]);
    expect(changes).toEqual([{ customerId: t.a.customer.id }]);
  });

  it('lists the policy types with unit, precision, direction and minimum all-clear', async () => {
    const types = (await get('/api/policy/types')).json().data as { shortName: string }[];
    expect(types).toHaveLength(15);
    expect(types.find((x) => x.shortName === 'CHILL')).toEqual({
      id: 5,
      shortName: 'CHILL',
      name: 'Wind Chill',
      displayName: 'Wind Chill',
      unit: '°F',
      precision: 0,
      isDesc: true,
      minAllClear: 10,
    });
  });

  it("lists a user's and the caller's own group's policies", async () => {
    const group = await buildSite(t.db.db, { customerId: t.a.customer.id, name: 'Coaches' });
    const member = await buildUser(t.db.db, { customerId: t.a.customer.id, siteId: group.id });
    const id = (await post(wind({ sites: [group.id] }))).json().data.id as number;
    const ofUser = (await get(`/api/policy/userPolicies/${member.id}`)).json().data as { id: number }[];
    expect(ofUser.map((p) => p.id)).toEqual([id]);
    const own = (await get('/api/policy/site')).json().data as { sites: number[] }[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((p) => p.sites.includes(t.a.site.id))).toBe(true);
  });
});

describe('OpenAPI', () => {
  it('documents every policy call from the route table, PATCH included', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths['/api/policy']).sort()).toEqual(['get', 'patch', 'post']);
    for (const path of [
      '/api/policy/site',
      '/api/policy/customer/{id}',
      '/api/policy/userPolicies/{id}',
      '/api/policy/site/{id}',
      '/api/policy/types',
      '/api/policy/{id}',
    ])
      expect(doc.paths).toHaveProperty([path]);
  });
});

describe("a saved lightning policy takes effect in the location form's policy lock at once", () => {
  it('serves a new LR1 policy to location/LightningPolicies and the zones in force of every location', async () => {
    // the Customer user's own location, as their location form reads it
    const asUser = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: await headers(t.a.customerUser.id) })).json().data;
    expect((await asUser('/api/location')).length).toBeGreaterThan(0);
    const created = await post(wind({ policyType: TYPE.LR1, threshold: 6.04, allClearMinutes: 15 }));
    expect(created.statusCode).toBe(200);
    const lock = await asUser('/api/location/LightningPolicies');
    expect(lock).toContainEqual({ policyTypeShortName: 'LR1', threshold: 6, allClearMinutes: 15 });
    const after = (await asUser('/api/location')) as {
      zonesInForce: { radii: number[]; allClearMinutes: number; lockedByPolicy: boolean };
    }[];
    for (const location of after) {
      expect(location.zonesInForce.radii[0]).toBe(6);
      expect(location.zonesInForce).toMatchObject({ allClearMinutes: 15, lockedByPolicy: true });
    }
    await t.app.inject({
      method: 'DELETE',
      url: `/api/policy/${created.json().data.id}`,
      headers: await headers(),
    });
    expect(await asUser('/api/location/LightningPolicies')).toEqual([]);
  });
});

const noAlerts: AlertSource = {
  async activeAlerts() {
    return [];
  },
  async alertsForPoint() {
    return [];
  },
};

/** The location's current conditions: a station reading of 25 mph wind and gusts, now. */
async function blowAt25Mph(locationId: number) {
  const now = t.clock.now();
  await t.db.db.insert(locationConditions).values({
    locationId,
    observedAt: now,
    source: 'station',
    temperatureC: 20,
    relativeHumidityPct: 50,
    windSpeedMs: mphToMs(25),
    windGustMs: mphToMs(25),
    rainMm: 0,
    wbgtC: 15,
    updatedAt: now,
  });
}

/** The policy engine on the test app, without NWS alerts; records its events (of one location when given). */
function policyEngine(events: AlertEvent[], locationId?: number) {
  return createPolicyEngine({
    config: t.config,
    db: t.db,
    clock: t.clock,
    weather: { ...t.weather, providers: { ...t.weather.providers, alerts: noAlerts } },
    log: silentLogger,
    enqueueAlert: async (_tx, e) => {
      if (locationId === undefined || e.locationId === locationId) events.push(e);
    },
    bus: t.bus,
  });
}

describe('a saved policy takes effect in the engines at once', () => {
  it('the policy engine evaluates the current reading against the new threshold as soon as it is saved', async () => {
    const customer = t.b.customer.id;
    const bAdmin = t.b.admin.id;
    const location = await buildLocation(t.db.db, { customerId: customer, label: 'Wind field' });
    await blowAt25Mph(location.id);
    const events: AlertEvent[] = [];
    const engine = policyEngine(events);
    const warnings = () =>
      t.db.db
        .select()
        .from(policyWarnings)
        .where(eq(policyWarnings.locationId, location.id))
        .then((rows) => rows.filter((w) => w.endedAt === null));
    try {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/policy',
        headers: await headers(bAdmin),
        payload: { policyType: TYPE.WIND, threshold: 40, allClearMinutes: 30, sites: [t.b.site.id] },
      });
      const id = created.json().data.id as number;
      await engine.start();
      await engine.runCycle();
      expect(await warnings()).toEqual([]);

      // the clock does not move: only the saved change makes the engine look again
      const edited = await t.app.inject({
        method: 'PATCH',
        url: '/api/policy',
        headers: await headers(bAdmin),
        payload: { id, policyType: TYPE.WIND, threshold: 20, allClearMinutes: 30, sites: [t.b.site.id] },
      });
      expect(edited.statusCode).toBe(200);
      await expect
        .poll(async () => (await warnings()).map((w) => w.threshold), { timeout: 5000 })
        .toEqual([20]);
      expect(events.map((e) => e.kind)).toEqual(['policy-warning']);
    } finally {
      await engine.stop();
      await t.db.db.delete(policyWarnings).where(isNull(policyWarnings.endedAt));
    }
  });

  it('the lightning engine uses a new LR1 radius for the next strike', async () => {
    const customer = t.b.customer.id;
    const location = await buildLocation(t.db.db, {
      customerId: customer,
      label: 'Strike field',
      latitude: 44,
      longitude: -120,
      radius1: 10,
      allClearMinutes: 30,
    });
    const lr1 = await buildPolicy(t.db.db, {
      customerId: customer,
      shortName: 'LR1',
      threshold: 5,
      allClearMinutes: 10,
      siteIds: [t.b.site.id],
    });
    const events: AlertEvent[] = [];
    const engine = createLightningEngine({
      config: t.config,
      db: t.db,
      clock: t.clock,
      weather: t.weather,
      log: silentLogger,
      enqueueAlert: async (_tx, e) => {
        events.push(e);
      },
      bus: t.bus,
      autoTick: false,
    });
    await engine.start();
    try {
      const now = t.clock.now();
      await engine.ingest([strikeAt(location, 7, now)]);
      expect(events.filter((e) => e.locationId === location.id)).toEqual([]);

      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/policy',
        headers: await headers(t.b.admin.id),
        payload: {
          id: lr1.id,
          policyType: TYPE.LR1,
          threshold: 8,
          allClearMinutes: 10,
          sites: [t.b.site.id],
        },
      });
      expect(res.statusCode).toBe(200);
      await engine.ingest([strikeAt(location, 7, now, { bearingDeg: 90 })]);
      expect(events.filter((e) => e.locationId === location.id)[0]).toMatchObject({
        kind: 'lightning-delay',
        details: { zone: 1, radiusMiles: 8, allClearMinutes: 10 },
      });
    } finally {
      await engine.stop();
    }
  });
});

describe('editing or deleting a policy ends its warnings at once, and a warning names what raised it', () => {
  /** A customer of its own (no other policy of theirs governs), a venue at 25 mph and the policy engine. */
  async function windyVenue() {
    const customer = await buildCustomer(t.db.db);
    const site = await buildSite(t.db.db, { customerId: customer.id });
    const owner = await buildUser(t.db.db, {
      customerId: customer.id,
      role: 'Admin',
      siteId: site.id,
      password: 'Test-password-1',
    });
    const location = await buildLocation(t.db.db, { customerId: customer.id, label: 'Windy field' });
    await blowAt25Mph(location.id);
    const engineEvents: AlertEvent[] = [];
    // never started: the engine runs only when the test says, so 'at once' means before any evaluation; it
    // still tells the API's reads what it wrote
    const engine = policyEngine(engineEvents, location.id);
    const as = async () => ({ authorization: `Bearer ${await t.tokenFor(owner.id)}` });
    const addWind = async (threshold: number) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/policy',
          headers: await as(),
          payload: { policyType: TYPE.WIND, threshold, allClearMinutes: 30, sites: [site.id] },
        })
      ).json().data.id as number;
    const shown = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/PolicyWarnings/Location/${location.id}`,
        headers: await as(),
      });
      expect(res.statusCode).toBe(200);
      return res.json().data as {
        policyId: number;
        thresholdValue: number;
        lastAlertTime: string | null;
      }[];
    };
    const active = () =>
      t.db.db
        .select()
        .from(policyWarnings)
        .where(and(eq(policyWarnings.locationId, location.id), isNull(policyWarnings.endedAt)));
    return { customer, site, owner, location, engine, engineEvents, as, addWind, shown, active };
  }

  it('deleting the policy in force ends its warning at once, with an all-clear to those it reached; the other policy of its type does not take it over', async () => {
    const v = await windyVenue();
    const sibling = await v.addWind(40);
    const strict = await v.addWind(20);
    await v.engine.runCycle();
    const [warning] = await v.active();
    expect(warning).toMatchObject({ policyId: strict, threshold: 20 });
    expect(await v.shown()).toMatchObject([{ policyId: strict, thresholdValue: 20, lastAlertTime: null }]);

    // the notifier delivered the warning to someone: 'Last Notified' is that time
    const sentUtc = new Date(t.clock.now().getTime() + 5_000);
    await t.db.db.insert(notifications).values({
      customerId: v.customer.id,
      userId: v.owner.id,
      message: 'Wind Speed Policy Warning',
      sentUtc,
      eventType: 5,
      correlationId: warning!.correlationId,
    });
    t.bus.publish('warnings-changed', { at: sentUtc, policyWarnings: true, advisories: false });
    expect((await v.shown())[0]!.lastAlertTime).toBe(sentUtc.toISOString());

    t.events.length = 0;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/policy/${strict}`,
      headers: await v.as(),
    });
    expect(removed.statusCode).toBe(200);
    expect(await v.active()).toEqual([]);
    expect(await v.shown()).toEqual([]);
    expect(t.events).toMatchObject([
      { kind: 'policy-all-clear', correlationId: warning!.correlationId, policyId: strict },
    ]);
    expect(t.events[0]!.body).toContain('its policy (threshold 20 mph) was deleted');

    // the 40 mph policy now governs: 25 mph does not breach it, so no warning is carried on under its name
    await v.engine.runCycle();
    expect(await v.active()).toEqual([]);
    expect(v.engineEvents.map((e) => e.kind)).toEqual(['policy-warning']);
    expect(sibling).toBeGreaterThan(0);
  });

  it('editing the policy in force ends its warning at once, without an all-clear when nobody was notified; the edited policy raises its own', async () => {
    const v = await windyVenue();
    const id = await v.addWind(20);
    await v.engine.runCycle();
    const [before] = await v.active();
    expect(before).toMatchObject({ policyId: id, threshold: 20 });

    t.events.length = 0;
    const edited = await t.app.inject({
      method: 'PATCH',
      url: '/api/policy',
      headers: await v.as(),
      payload: { id, policyType: TYPE.WIND, threshold: 22, allClearMinutes: 30, sites: [v.site.id] },
    });
    expect(edited.statusCode).toBe(200);
    expect(await v.active()).toEqual([]);
    expect(await v.shown()).toEqual([]);
    expect(t.events).toEqual([]);

    await v.engine.runCycle();
    const [after] = await v.active();
    expect(after).toMatchObject({ policyId: id, threshold: 22 });
    expect(after!.correlationId).not.toBe(before!.correlationId);
    expect(await v.shown()).toMatchObject([{ policyId: id, thresholdValue: 22, lastAlertTime: null }]);
  });

  it('a stricter policy of the type ends the warning of the one it outranks, and raises its own under its own threshold', async () => {
    const v = await windyVenue();
    const loose = await v.addWind(20);
    await v.engine.runCycle();
    const [before] = await v.active();
    expect(before).toMatchObject({ policyId: loose, threshold: 20 });

    const strict = await v.addWind(10);
    await v.engine.runCycle();
    const [after] = await v.active();
    expect(after).toMatchObject({ policyId: strict, threshold: 10 });
    expect(after!.id).not.toBe(before!.id);
    expect(await v.shown()).toMatchObject([{ policyId: strict, thresholdValue: 10 }]);
  });
});
