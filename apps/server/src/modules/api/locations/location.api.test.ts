// Issue 8 on the API: location saves with every bad input refused by field and nothing stored,
// customer isolation, the type-1 lock, the LR policy lock, the add warning, coverage, and the
// 'location-changed' fact the engine listens to. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { customers, locations, userOrganizationLocations } from '../../../db/schema/index.ts';
import { buildLocation, buildOrganizationLocation, buildPolicy, buildUser } from '../../../db/factories.ts';
import type { BusEvents } from '../../../platform/bus.ts';
import { LOCATION_MESSAGES } from './location.service.ts';

let t: TestApp;
let changes: BusEvents['location-changed'][];

beforeAll(async () => {
  t = await createTestApp();
  // customer A has no fourth-zone entitlement; customer B gets it in its own test
  await t.db.db.update(customers).set({ features: [] }).where(eq(customers.id, t.a.customer.id));
  t.bus.subscribe('location-changed', (e) => changes.push(e));
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  changes = [];
});

const auth = async (userId: string) => ({ authorization: `Bearer ${await t.tokenFor(userId)}` });
const countLocations = async () => (await t.db.db.select({ n: count() }).from(locations))[0]!.n;

/** A valid body of the Add Location form (Dallas, three zones, 40-minute all-clear). */
const body = (over: Record<string, unknown> = {}) => ({
  label: 'Stadium',
  locationName: 'Dallas, TX',
  latitude: 32.7767,
  longitude: -96.797,
  radius1: 8,
  radius2: 15,
  radius3: 25,
  radius4: 0,
  allClearMinutes: 40,
  flags: 0,
  forecastLocation: false,
  ...over,
});

async function add(userId: string, over: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/location/Add',
    headers: { ...(await auth(userId)), ...headers },
    payload: body(over),
  });
}

describe('POST location/Add', () => {
  it('stores the location for the caller and answers with the message and the location', async () => {
    const res = await add(t.a.customerUser.id, {}, { ReturnLocation: 'true' });
    expect(res.statusCode).toBe(200);
    const { message, location } = res.json().data;
    expect(message).toBe('Location added');
    expect(location).toMatchObject({
      label: 'Stadium',
      radius1: 8,
      radius2: 15,
      radius3: 25,
      allClearMinutes: 40,
    });
    const [row] = await t.db.db.select().from(locations).where(eq(locations.id, location.id));
    expect(row!.userId).toBe(t.a.customerUser.id);
    expect(row!.customerId).toBe(t.a.customer.id);
    expect(changes).toEqual([{ locationId: location.id, customerId: t.a.customer.id, deleted: false }]);
  });

  it('gives omitted fields the defaults of a new location (all-clear 30, alerts on: flags 0)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/location/Add',
      headers: await auth(t.a.admin.id),
      payload: { label: 'Defaults', locationName: 'Plano, TX', latitude: 33.02, longitude: -96.7 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.location).toMatchObject({
      radius1: 10,
      radius2: 0,
      allClearMinutes: 30,
      flags: 0,
    });
  });

  it.each([
    ['a missing name', { label: '  ' }, 'Label'],
    ['a missing address', { locationName: '' }, 'LocationName'],
    ['zone 1 at 51 miles', { radius1: 51, radius2: 0, radius3: 0 }, 'Radius1'],
    ['zone 2 not above zone 1', { radius1: 10, radius2: 10, radius3: 0 }, 'Radius2'],
    ['zone 3 less than a mile above zone 2', { radius2: 15, radius3: 15.5 }, 'Radius3'],
    ['zone 3 on while zone 2 is off', { radius2: 0, radius3: 20 }, 'Radius3'],
    ['an all-clear of 35 minutes', { allClearMinutes: 35 }, 'AllClearMinutes'],
    ['an all-clear of 70 minutes', { allClearMinutes: 70 }, 'AllClearMinutes'],
    ['an all-clear of 0 minutes', { allClearMinutes: 0 }, 'AllClearMinutes'],
    ['latitude 91', { latitude: 91 }, 'Latitude'],
    ['longitude -180.5', { longitude: -180.5 }, 'Longitude'],
    ['a fourth zone without the entitlement', { radius4: 30 }, 'Radius4'],
  ])('refuses %s with the field named and stores nothing', async (_what, over, field) => {
    const before = await countLocations();
    const res = await add(t.a.admin.id, over);
    expect(res.statusCode).toBe(400);
    const { responseException } = res.json();
    expect(responseException.errors[field]).toEqual([expect.any(String)]);
    expect(await countLocations()).toBe(before);
    expect(changes).toEqual([]);
  });

  it('accepts the edges: zones at their top bounds 47/48/49, spacing exactly 1 mile, all-clear 10 and 60, latitude 90', async () => {
    expect(
      (await add(t.a.admin.id, { radius1: 47, radius2: 48, radius3: 49, allClearMinutes: 10 })).statusCode,
    ).toBe(200);
    expect((await add(t.a.admin.id, { allClearMinutes: 60, latitude: 90, longitude: 180 })).statusCode).toBe(
      200,
    );
  });

  it('names the name error under Label with the spec-shaped envelope', async () => {
    const res = await add(t.a.admin.id, { label: '' });
    expect(res.json()).toEqual({
      responseException: { message: expect.any(String), errors: { Label: [LOCATION_MESSAGES.nameRequired] } },
    });
  });

  it("refuses another customer's organisation location under OrganizationLocationId", async () => {
    const theirs = await buildOrganizationLocation(t.db.db, { customerId: t.b.customer.id });
    const before = await countLocations();
    const res = await add(t.a.admin.id, { organizationLocationId: theirs.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().responseException.errors.OrganizationLocationId).toEqual([
      LOCATION_MESSAGES.organizationLocation,
    ]);
    expect(await countLocations()).toBe(before);
  });

  it('refuses an organisation location the owner already uses', async () => {
    const org = await buildOrganizationLocation(t.db.db, { customerId: t.a.customer.id });
    expect((await add(t.a.admin.id, { organizationLocationId: org.id })).statusCode).toBe(200);
    const res = await add(t.a.admin.id, { organizationLocationId: org.id });
    expect(res.json().responseException.errors.OrganizationLocationId).toEqual([
      LOCATION_MESSAGES.organizationLocationUsed,
    ]);
  });

  it('allows a fourth zone with FOURTH_LIGHTNING_ZONE_SUPPORT (9)', async () => {
    await t.db.db
      .update(customers)
      .set({ features: [9] })
      .where(eq(customers.id, t.b.customer.id));
    const res = await add(t.b.admin.id, { radius4: 30 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.location.radius4).toBe(30);
  });
});

describe('POST location/Update and DELETE location/{id}', () => {
  it('lets the owner change zones and the all-clear, answering with text', async () => {
    const loc = await buildLocation(t.db.db, {
      customerId: t.a.customer.id,
      userId: t.a.customerUser.id,
      locationName: 'Here',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/location/Update',
      headers: await auth(t.a.customerUser.id),
      payload: body({
        id: loc.id,
        label: 'Renamed',
        radius1: 5,
        radius2: 12,
        radius3: 0,
        allClearMinutes: 20,
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBe('Location updated');
    const [row] = await t.db.db.select().from(locations).where(eq(locations.id, loc.id));
    expect(row).toMatchObject({ label: 'Renamed', radius1: 5, radius2: 12, radius3: 0, allClearMinutes: 20 });
    // edit mode keeps the saved address and position
    expect(row).toMatchObject({ locationName: 'Here', latitude: loc.latitude, longitude: loc.longitude });
    expect(changes).toEqual([{ locationId: loc.id, customerId: t.a.customer.id, deleted: false }]);
  });

  it('refuses a bad update with the field named and changes nothing', async () => {
    const loc = await buildLocation(t.db.db, {
      customerId: t.a.customer.id,
      userId: t.a.customerUser.id,
      locationName: 'x',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/location/Update',
      headers: await auth(t.a.customerUser.id),
      payload: body({ id: loc.id, radius1: 51, radius2: 0, radius3: 0 }),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().responseException.errors)).toEqual(['Radius1']);
    const [row] = await t.db.db.select().from(locations).where(eq(locations.id, loc.id));
    expect(row!.radius1).toBe(loc.radius1);
  });

  it('does not let another customer read, change or delete the location', async () => {
    const loc = t.a.location;
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/location',
      headers: await auth(t.b.admin.id),
    });
    expect(list.json().data.map((l: { id: number }) => l.id)).not.toContain(loc.id);
    const update = await t.app.inject({
      method: 'POST',
      url: '/api/location/Update',
      headers: await auth(t.b.admin.id),
      payload: body({ id: loc.id, label: 'Stolen' }),
    });
    expect(update.statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/location/${loc.id}`,
      headers: await auth(t.b.admin.id),
    });
    expect(del.statusCode).toBe(404);
    const forecast = await t.app.inject({
      method: 'POST',
      url: `/api/location/Update/ForecastLocation/${loc.id}`,
      headers: await auth(t.b.admin.id),
    });
    expect(forecast.statusCode).toBe(404);
    const [row] = await t.db.db.select().from(locations).where(eq(locations.id, loc.id));
    expect(row!.label).toBe(loc.label);
    expect(changes).toEqual([]);
  });

  it("does not let a Customer-role user change the organisation's shared location; an Admin may", async () => {
    const shared = await buildLocation(t.db.db, {
      customerId: t.a.customer.id,
      userId: null,
      locationName: 'HQ',
    });
    const payload = body({ id: shared.id, label: 'Shared renamed' });
    const asCustomer = await t.app.inject({
      method: 'POST',
      url: '/api/location/Update',
      headers: await auth(t.a.customerUser.id),
      payload,
    });
    expect(asCustomer.statusCode).toBe(403);
    const asAdmin = await t.app.inject({
      method: 'POST',
      url: '/api/location/Update',
      headers: await auth(t.a.admin.id),
      payload,
    });
    expect(asAdmin.statusCode).toBe(200);
  });

  it('keeps a type-1 location from being renamed or deleted', async () => {
    const locked = await buildLocation(t.db.db, {
      customerId: t.a.customer.id,
      userId: t.a.admin.id,
      type: 1,
      label: 'Campus',
      locationName: 'x',
    });
    const rename = await t.app.inject({
      method: 'POST',
      url: '/api/location/Update',
      headers: await auth(t.a.admin.id),
      payload: body({ id: locked.id, label: 'Other name' }),
    });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().responseException.errors.Label).toEqual([LOCATION_MESSAGES.typeOneRename]);
    // its zones may still change when the name stays
    const zones = await t.app.inject({
      method: 'POST',
      url: '/api/location/Update',
      headers: await auth(t.a.admin.id),
      payload: body({ id: locked.id, label: 'Campus', radius1: 6 }),
    });
    expect(zones.statusCode).toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/location/${locked.id}`,
      headers: await auth(t.a.admin.id),
    });
    expect(del.statusCode).toBe(400);
    expect(del.json().responseException).toEqual({
      message: LOCATION_MESSAGES.typeOneDelete,
      errors: { ServerErrors: [LOCATION_MESSAGES.typeOneDelete] },
    });
    const [row] = await t.db.db.select().from(locations).where(eq(locations.id, locked.id));
    expect(row!.label).toBe('Campus');
  });

  it('deletes the owner’s location, answers with text and publishes the deletion', async () => {
    const loc = await buildLocation(t.db.db, { customerId: t.a.customer.id, userId: t.a.customerUser.id });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/location/${loc.id}`,
      headers: await auth(t.a.customerUser.id),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBe('Location deleted');
    expect(await t.db.db.select().from(locations).where(eq(locations.id, loc.id))).toEqual([]);
    expect(changes).toEqual([{ locationId: loc.id, customerId: t.a.customer.id, deleted: true }]);
  });

  it('sets the forecast-location flag', async () => {
    const loc = await buildLocation(t.db.db, { customerId: t.a.customer.id, userId: t.a.customerUser.id });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/location/Update/ForecastLocation/${loc.id}`,
      headers: await auth(t.a.customerUser.id),
      payload: { forecastLocation: true },
    });
    expect(res.json().data).toBe('Forecast location updated');
    const [row] = await t.db.db.select().from(locations).where(eq(locations.id, loc.id));
    expect(row!.forecastLocation).toBe(true);
  });
});

describe('organisation lightning policies lock zones and the all-clear on save', () => {
  it('stores the LR thresholds and the lowest-numbered policy all-clear whatever the form sent', async () => {
    const user = await buildUser(t.db.db, {
      customerId: t.b.customer.id,
      role: 'Admin',
      password: 'Test-password-1',
    });
    const lr1 = await buildPolicy(t.db.db, {
      customerId: t.b.customer.id,
      shortName: 'LR1',
      threshold: 6,
      allClearMinutes: 20,
    });
    const lr2 = await buildPolicy(t.db.db, {
      customerId: t.b.customer.id,
      shortName: 'LR2',
      threshold: 12,
      allClearMinutes: 50,
    });
    try {
      const res = await add(
        user.id,
        { radius1: 8, radius2: 15, radius3: 25, allClearMinutes: 40 },
        { ReturnLocation: 'true' },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().data.location).toMatchObject({
        radius1: 6,
        radius2: 12,
        radius3: 25,
        allClearMinutes: 20,
      });
      const policies = await t.app.inject({
        method: 'GET',
        url: '/api/location/LightningPolicies',
        headers: await auth(user.id),
      });
      expect(policies.json().data).toEqual([
        { policyTypeShortName: 'LR1', threshold: 6, allClearMinutes: 20 },
        { policyTypeShortName: 'LR2', threshold: 12, allClearMinutes: 50 },
      ]);
    } finally {
      await t.db.exec(`delete from policies where id in (${lr1.id}, ${lr2.id})`);
    }
  });
});

describe('coverage and the add warning', () => {
  it('answers HasCoverage true inside the continental-US box, edges included, and false just outside', async () => {
    const h = await auth(t.a.admin.id);
    const get = async (lat: number, lon: number) =>
      (
        await t.app.inject({ method: 'GET', url: `/api/Location/HasCoverage/${lat}/${lon}`, headers: h })
      ).json().data;
    expect(await get(32.78, -96.8)).toBe(true);
    expect(await get(49, -67)).toBe(true);
    expect(await get(49.01, -96.8)).toBe(false);
    expect(await get(21.3, -157.8)).toBe(false);
  });

  it('warns about radar coverage outside the box and about a saved location within 1 mile', async () => {
    const user = await buildUser(t.db.db, {
      customerId: t.a.customer.id,
      role: 'Admin',
      password: 'Test-password-1',
    });
    await buildLocation(t.db.db, {
      customerId: t.a.customer.id,
      userId: user.id,
      label: 'Office',
      latitude: 35,
      longitude: -100,
    });
    const h = await auth(user.id);
    const warn = async (lat: number, lon: number) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/Location/AddWarning?Latitude=${lat}&Longitude=${lon}`,
          headers: h,
        })
      ).json().data;
    expect(await warn(21.3, -157.8)).toEqual({
      title: LOCATION_MESSAGES.outsideCoverageTitle,
      message: LOCATION_MESSAGES.outsideCoverage,
    });
    // 0.0144° of latitude is just under 1 mile; 0.0146° just over
    expect((await warn(35.0144, -100))?.message).toContain('"Office"');
    expect(await warn(35.0146, -100)).toBeNull();
  });
});

describe('POST location/Update/OrganizationLocation/{userId}', () => {
  it('preloads the organisation locations as 10/20/30-mile locations and removes unlisted ones', async () => {
    const user = await buildUser(t.db.db, {
      customerId: t.a.customer.id,
      role: 'Customer',
      password: 'Test-password-1',
    });
    const o1 = await buildOrganizationLocation(t.db.db, {
      customerId: t.a.customer.id,
      name: 'Field',
      address: '1 Main St',
    });
    const o2 = await buildOrganizationLocation(t.db.db, {
      customerId: t.a.customer.id,
      name: 'Gym',
      label: 'Gymnasium',
    });
    const post = async (ids: number[]) =>
      t.app.inject({
        method: 'POST',
        url: `/api/location/Update/OrganizationLocation/${user.id}`,
        headers: await auth(t.a.admin.id),
        payload: ids.map((organizationLocationId) => ({ organizationLocationId })),
      });
    expect((await post([o1.id, o2.id])).json().data).toBe('User locations updated');
    const mine = async () => t.db.db.select().from(locations).where(eq(locations.userId, user.id));
    expect(await mine()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          label: 'Field',
          locationName: '1 Main St',
          radius1: 10,
          radius2: 20,
          radius3: 30,
          allClearMinutes: 30,
          flags: 0,
          forecastLocation: false,
          organizationLocationId: o1.id,
        }),
        expect.objectContaining({ label: 'Gymnasium', organizationLocationId: o2.id }),
      ]),
    );
    expect(changes.filter((c) => !c.deleted)).toHaveLength(2);
    await post([o2.id]);
    expect((await mine()).map((l) => l.organizationLocationId)).toEqual([o2.id]);
    const links = await t.db.db
      .select()
      .from(userOrganizationLocations)
      .where(eq(userOrganizationLocations.userId, user.id));
    expect(links.map((l) => l.organizationLocationId)).toEqual([o2.id]);
  });

  it("refuses another customer's user and another customer's organisation location", async () => {
    const theirs = await buildOrganizationLocation(t.db.db, { customerId: t.b.customer.id });
    const cross = await t.app.inject({
      method: 'POST',
      url: `/api/location/Update/OrganizationLocation/${t.b.customerUser.id}`,
      headers: await auth(t.a.admin.id),
      payload: [],
    });
    expect(cross.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/location/Update/OrganizationLocation/${t.a.customerUser.id}`,
      headers: await auth(t.a.admin.id),
      payload: [{ organizationLocationId: theirs.id }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().responseException.errors)).toEqual(['OrganizationLocationId']);
  });
});
