// Organisation-location calls: customer scoping on every read and write, user and notification-user
// lists, and the user-group links (spec 01 §7 'Organisation locations and sites').
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { organizationLocationSites, userOrganizationLocations } from '../../../db/schema/index.ts';
import { buildNotificationUser, buildOrganizationLocation } from '../../../db/factories.ts';

let t: TestApp;
let venueA: { id: number };
let venueB: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  venueA = await buildOrganizationLocation(t.db.db, {
    customerId: t.a.customer.id,
    name: 'Arena',
    address: '1 Arena Way',
    sirenRadius: 2.5,
  });
  venueB = await buildOrganizationLocation(t.db.db, { customerId: t.b.customer.id, name: 'Ballpark' });
});
afterAll(async () => {
  await t.close();
});

const get = async (url: string, userId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/${url}`,
    headers: { authorization: `Bearer ${await t.tokenFor(userId)}` },
  });
const ids = (res: { json(): { data: { id: number }[] } }) => res.json().data.map((o) => o.id);

describe('reading organisation locations', () => {
  it("lists only the caller's customer's organisation locations, with the spec's fields", async () => {
    const res = await get('organizationLocation', t.a.admin.id);
    expect(res.json().data).toEqual([
      {
        id: venueA.id,
        name: 'Arena',
        address: '1 Arena Way',
        latitude: expect.any(Number),
        longitude: expect.any(Number),
        label: null,
        forecastLocation: false,
        sirenSettings: { radius: 2.5 },
      },
    ]);
  });

  it('refuses another customer by id', async () => {
    expect(ids(await get(`organizationLocation/customer/${t.a.customer.id}`, t.a.admin.id))).toEqual([
      venueA.id,
    ]);
    expect((await get(`organizationLocation/customer/${t.b.customer.id}`, t.a.admin.id)).statusCode).toBe(
      404,
    );
    expect((await get(`organizationLocation/Sites/${venueB.id}`, t.a.admin.id)).statusCode).toBe(404);
    expect((await get(`organizationLocation/user/${t.b.customerUser.id}`, t.a.admin.id)).statusCode).toBe(
      404,
    );
  });

  it("lists a user's assigned and group organisation locations; a Customer sees only their own list", async () => {
    await t.db.db
      .insert(userOrganizationLocations)
      .values({ userId: t.a.customerUser.id, organizationLocationId: venueA.id });
    expect(ids(await get(`organizationLocation/user/${t.a.customerUser.id}`, t.a.admin.id))).toEqual([
      venueA.id,
    ]);
    expect(ids(await get(`organizationLocation/user/${t.a.customerUser.id}`, t.a.customerUser.id))).toEqual([
      venueA.id,
    ]);
    expect((await get(`organizationLocation/user/${t.a.admin.id}`, t.a.customerUser.id)).statusCode).toBe(
      404,
    );
  });
});

describe('user-group links', () => {
  it('links, lists, refuses a duplicate and removes a link; a notification user sees its group venues', async () => {
    const headers = { authorization: `Bearer ${await t.tokenFor(t.a.admin.id)}` };
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/organizationLocation/Sites',
      headers,
      payload: { organizationLocationId: venueA.id, siteId: t.a.site.id },
    });
    expect(added.statusCode).toBe(200);
    const link = added.json().data;
    expect(link).toEqual({ id: expect.any(Number), organizationLocationId: venueA.id, siteId: t.a.site.id });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/organizationLocation/Sites',
      headers,
      payload: { organizationLocationId: venueA.id, siteId: t.a.site.id },
    });
    expect(again.statusCode).toBe(409);
    expect((await get(`organizationLocation/Sites/${venueA.id}`, t.a.admin.id)).json().data).toEqual([link]);

    const noti = await buildNotificationUser(t.db.db, { customerId: t.a.customer.id, siteId: t.a.site.id });
    expect(ids(await get(`organizationLocation/NotiUser/${noti.id}`, t.a.admin.id))).toEqual([venueA.id]);
    expect((await get(`organizationLocation/NotiUser/${noti.id}`, t.b.admin.id)).statusCode).toBe(404);

    const crossDelete = await t.app.inject({
      method: 'DELETE',
      url: `/api/organizationLocation/Sites/${link.id}`,
      headers: { authorization: `Bearer ${await t.tokenFor(t.b.admin.id)}` },
    });
    expect(crossDelete.statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/organizationLocation/Sites/${link.id}`,
      headers,
    });
    expect(del.statusCode).toBe(200);
    expect((await t.db.db.select({ n: count() }).from(organizationLocationSites))[0]!.n).toBe(0);
  });

  it("refuses another customer's group and a Customer-role caller, writing nothing", async () => {
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/organizationLocation/Sites',
      headers: { authorization: `Bearer ${await t.tokenFor(t.a.admin.id)}` },
      payload: { organizationLocationId: venueA.id, siteId: t.b.site.id },
    });
    expect(cross.statusCode).toBe(400);
    expect(Object.keys(cross.json().responseException.errors)).toEqual(['SiteId']);
    const asCustomer = await t.app.inject({
      method: 'POST',
      url: '/api/organizationLocation/Sites',
      headers: { authorization: `Bearer ${await t.tokenFor(t.a.customerUser.id)}` },
      payload: { organizationLocationId: venueA.id, siteId: t.a.site.id },
    });
    expect(asCustomer.statusCode).toBe(403);
    expect((await t.db.db.select({ n: count() }).from(organizationLocationSites))[0]!.n).toBe(0);
  });
});

describe('geocoding routes', () => {
  it('autocompletes to 3 suggestions and reverse-geocodes, and refuses an empty query by name', async () => {
    const auto = await get('Geocode/Autocomplete?q=Dallas', t.a.customerUser.id);
    expect(auto.json().data).toHaveLength(3);
    expect(auto.json().data[0]).toMatchObject({ label: 'Dallas, TX' });
    const rev = await get('Geocode/Reverse?latitude=32.7767&longitude=-96.797', t.a.customerUser.id);
    expect(rev.json().data).toEqual({ label: 'Dallas, TX', latitude: 32.7767, longitude: -96.797 });
    const search = await get('Geocode/Search?q=Fort%20Worth', t.a.customerUser.id);
    expect(search.json().data[0].label).toBe('Fort Worth, TX');
    const empty = await get('Geocode/Autocomplete?q=', t.a.customerUser.id);
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().responseException.errors)).toEqual(['Q']);
  });
});
