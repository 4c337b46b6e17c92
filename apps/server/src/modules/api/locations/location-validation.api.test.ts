// Issue 20 'Validation' on the API: every location write (location/Add, location/Update, the
// organisation preload) passes the one schema of @allclear/contracts (ZLocationInput), whose zone
// numbers are the domain's (spec 01 §4 'Zone enablement': zone 1 always on; §5 'Location zones':
// 2..47, 4..48, 6..49, 8..50, 1-mile spacing). A refused write names the field in the server's
// naming and writes nothing. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LOCATION_FIELD_MESSAGES } from '@allclear/contracts';
import { zoneBoundsMessage } from '@allclear/domain';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { customers, locations } from '../../../db/schema/index.ts';
import { buildOrganizationLocation, buildUser } from '../../../db/factories.ts';

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  // the fourth-zone entitlement, so zone 4 is judged by the zone rule alone
  await t.db.db
    .update(customers)
    .set({ features: [9] })
    .where(eq(customers.id, t.a.customer.id));
  headers = { authorization: `Bearer ${await t.tokenFor(t.a.admin.id)}` };
});
afterAll(async () => {
  await t.close();
});

/** A valid body of the location modal (Dallas, zone 1 only). */
const body = (over: Record<string, unknown> = {}) => ({
  label: 'Track',
  locationName: 'Dallas, TX',
  latitude: 32.7767,
  longitude: -96.797,
  radius1: 10,
  radius2: 0,
  radius3: 0,
  radius4: 0,
  allClearMinutes: 30,
  flags: 0,
  forecastLocation: false,
  ...over,
});

const list = async () => (await t.app.inject({ method: 'GET', url: '/api/location', headers })).json().data;
const add = (over: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/location/Add', headers, payload: body(over) });

/** Posts `over` and expects a 400 naming exactly `fields`, with the admin's list unchanged. */
async function expectRefused(over: Record<string, unknown>, fields: Record<string, string>) {
  const before = await list();
  const res = await add(over);
  expect(res.statusCode).toBe(400);
  const { responseException } = res.json();
  expect(responseException.message).toEqual(expect.any(String));
  expect(responseException.errors).toEqual(
    Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]])),
  );
  expect(await list()).toEqual(before);
}

describe('POST location/Add zones (spec 01 §4, §5)', () => {
  it('refuses a location whose zones are all 0, naming Radius1, and writes nothing', async () => {
    await expectRefused(
      { radius1: 0, radius2: 0, radius3: 0, radius4: 0 },
      { Radius1: zoneBoundsMessage(1) },
    );
  });

  it.each([1.99, 47.01, 1, 48, 50])('refuses zone 1 at %s miles', async (radius1) => {
    await expectRefused({ radius1 }, { Radius1: zoneBoundsMessage(1) });
  });

  it.each([
    ['zone 2 at 3.99', { radius1: 2, radius2: 3.99 }, 'Radius2', zoneBoundsMessage(2)],
    ['zone 2 at 48.01', { radius1: 47, radius2: 48.01 }, 'Radius2', zoneBoundsMessage(2)],
    ['zone 3 at 49.01', { radius1: 10, radius2: 20, radius3: 49.01 }, 'Radius3', zoneBoundsMessage(3)],
    [
      'zone 4 at 50.01',
      { radius1: 10, radius2: 20, radius3: 30, radius4: 50.01 },
      'Radius4',
      zoneBoundsMessage(4),
    ],
    [
      'zone 4 at 7.99',
      { radius1: 4, radius2: 5, radius3: 6, radius4: 7.99 },
      'Radius4',
      zoneBoundsMessage(4),
    ],
    [
      'zone 2 0.99 mile above zone 1',
      { radius1: 10, radius2: 10.99 },
      'Radius2',
      'Zone 2 must be at least 1 mile above zone 1.',
    ],
  ])('refuses %s', async (_what, over, field, message) => {
    await expectRefused(over, { [field]: message });
  });

  it.each([
    ['zone 1 at 2 exactly', { radius1: 2 }],
    ['zone 1 at 47 exactly', { radius1: 47 }],
    ['every zone at its bottom bound', { radius1: 2, radius2: 4, radius3: 6, radius4: 8 }],
    ['every zone at its top bound', { radius1: 47, radius2: 48, radius3: 49, radius4: 50 }],
    ['exactly 1 mile of spacing', { radius1: 10, radius2: 11, radius3: 12, radius4: 13 }],
  ])('accepts %s and stores it as sent', async (_what, over) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/location/Add',
      headers: { ...headers, ReturnLocation: 'true' },
      payload: body(over),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.location).toMatchObject(over);
  });
});

describe('POST location/Add coordinates', () => {
  it.each([
    [{ latitude: 90.01 }, 'Latitude', LOCATION_FIELD_MESSAGES.latitude],
    [{ latitude: -90.01 }, 'Latitude', LOCATION_FIELD_MESSAGES.latitude],
    [{ longitude: 180.01 }, 'Longitude', LOCATION_FIELD_MESSAGES.longitude],
    [{ longitude: -180.01 }, 'Longitude', LOCATION_FIELD_MESSAGES.longitude],
  ])('refuses %j naming %s', async (over, field, message) => {
    await expectRefused(over, { [field]: message });
  });

  it('names every broken field at once', async () => {
    await expectRefused(
      { label: ' ', locationName: '', latitude: 91, radius1: 0, allClearMinutes: 5 },
      {
        Label: LOCATION_FIELD_MESSAGES.nameRequired,
        LocationName: LOCATION_FIELD_MESSAGES.addressRequired,
        Latitude: LOCATION_FIELD_MESSAGES.latitude,
        Radius1: zoneBoundsMessage(1),
        AllClearMinutes: LOCATION_FIELD_MESSAGES.allClear,
      },
    );
  });
});

describe('POST location/Add names and addresses at their limits (spec 01 §5)', () => {
  it('stores a name of 100 characters and refuses 101, naming Label', async () => {
    const label = 'n'.repeat(100);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/location/Add',
      headers: { ...headers, ReturnLocation: 'true' },
      payload: body({ label }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.location.label).toBe(label);
    await expectRefused({ label: 'n'.repeat(101) }, { Label: LOCATION_FIELD_MESSAGES.nameTooLong });
  });

  it('stores an address of 250 characters and refuses 251, naming LocationName', async () => {
    const locationName = 'a'.repeat(250);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/location/Add',
      headers: { ...headers, ReturnLocation: 'true' },
      payload: body({ locationName }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.location.locationName).toBe(locationName);
    await expectRefused(
      { locationName: 'a'.repeat(251) },
      { LocationName: LOCATION_FIELD_MESSAGES.addressTooLong },
    );
  });
});

describe('POST location/Update', () => {
  it('refuses zones all 0 naming Radius1 and leaves the saved location as it was', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/location/Add',
      headers: { ...headers, ReturnLocation: 'true' },
      payload: body({ label: 'To edit', radius1: 8, radius2: 15 }),
    });
    const saved = created.json().data.location;
    const before = await list();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/location/Update',
      headers,
      payload: body({ id: saved.id, label: 'To edit', radius1: 0, radius2: 0 }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().responseException.errors).toEqual({ Radius1: [zoneBoundsMessage(1)] });
    expect(await list()).toEqual(before);
  });
});

describe('POST location/Update/OrganizationLocation/{userId} (the organisation preload)', () => {
  it('checks each preload record with the same schema: an over-long label is refused by record and nothing is written', async () => {
    const user = await buildUser(t.db.db, { customerId: t.a.customer.id, role: 'Customer' });
    const ok = await buildOrganizationLocation(t.db.db, { customerId: t.a.customer.id, name: 'Field' });
    const other = await buildOrganizationLocation(t.db.db, { customerId: t.a.customer.id, name: 'Gym' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/location/Update/OrganizationLocation/${user.id}`,
      headers,
      payload: [
        { organizationLocationId: ok.id },
        { organizationLocationId: other.id, label: 'x'.repeat(101) },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().responseException.errors).toEqual({
      '[1].Label': [LOCATION_FIELD_MESSAGES.nameTooLong],
    });
    expect(await t.db.db.select().from(locations).where(eq(locations.userId, user.id))).toEqual([]);
  });

  it('writes a record that passes it: an organisation location without an address takes its name as the address', async () => {
    const user = await buildUser(t.db.db, { customerId: t.a.customer.id, role: 'Customer' });
    const org = await buildOrganizationLocation(t.db.db, { customerId: t.a.customer.id, name: 'Annex' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/location/Update/OrganizationLocation/${user.id}`,
      headers,
      payload: [{ organizationLocationId: org.id }],
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.db.db.select().from(locations).where(eq(locations.userId, user.id));
    expect(rows).toEqual([expect.objectContaining({ label: 'Annex', locationName: 'Annex', radius1: 10 })]);
  });
});
