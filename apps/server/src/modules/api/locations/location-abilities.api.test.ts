// Issue 20 'Keys and roles' on the API: per role, the abilities served with each location (GET location,
// GET location/user/{id}) are exactly what the server then allows; a refused change is 403 on a row of the
// caller's customer, 404 on another customer's, and writes nothing. Runs on PGlite, and on PostgreSQL with
// TEST_DATABASE_URL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { RoleName } from '@allclear/domain';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { locations } from '../../../db/schema/index.ts';
import { buildLocation, buildUser } from '../../../db/factories.ts';
import type { BusEvents } from '../../../platform/bus.ts';
import { LOCATION_MESSAGES } from './location.service.ts';

const PASSWORD = 'Test-password-1';
let t: TestApp;
let changes: BusEvents['location-changed'][];

beforeAll(async () => {
  t = await createTestApp();
  t.bus.subscribe('location-changed', (e) => changes.push(e));
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  changes = [];
});

const auth = async (userId: string) => ({ authorization: `Bearer ${await t.tokenFor(userId)}` });
type Row = typeof locations.$inferSelect;
type Abilities = { edit: boolean; delete: boolean; rename: boolean };

const rowOf = async (id: number) => (await t.db.db.select().from(locations).where(eq(locations.id, id)))[0];

const update = async (caller: string, row: Row, over: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/location/Update',
    headers: await auth(caller),
    payload: {
      id: row.id,
      label: row.label,
      locationName: row.locationName,
      latitude: row.latitude,
      longitude: row.longitude,
      radius1: row.radius1,
      radius2: 0,
      radius3: 0,
      radius4: 0,
      allClearMinutes: row.allClearMinutes,
      flags: row.flags,
      forecastLocation: row.forecastLocation,
      ...over,
    },
  });
const remove = async (caller: string, row: Row) =>
  t.app.inject({ method: 'DELETE', url: `/api/location/${row.id}`, headers: await auth(caller) });

async function served(caller: string, url: string): Promise<Map<number, Abilities>> {
  const res = await t.app.inject({ method: 'GET', url, headers: await auth(caller) });
  expect(res.statusCode).toBe(200);
  return new Map((res.json().data as { id: number; abilities: Abilities }[]).map((l) => [l.id, l.abilities]));
}

/** Tries rename, edit and delete of the row and checks each answer and the stored row against the abilities. */
async function expectServerAgrees(caller: string, row: Row, abilities: Abilities, refusedStatus: number) {
  // rename
  const renamed = await update(caller, row, { label: `${row.label} renamed` });
  if (abilities.rename) {
    expect(renamed.statusCode).toBe(200);
    expect((await rowOf(row.id))!.label).toBe(`${row.label} renamed`);
    await update(caller, row, {}); // back to the saved name
  } else {
    expect(renamed.statusCode).toBe(abilities.edit ? 400 : refusedStatus);
    if (abilities.edit)
      expect(renamed.json().responseException.errors.Label).toEqual([LOCATION_MESSAGES.typeOneRename]);
    expect((await rowOf(row.id))!.label).toBe(row.label);
  }
  // edit (zones; the name kept)
  changes = [];
  const edited = await update(caller, row, { radius1: row.radius1 + 1 });
  if (abilities.edit) {
    expect(edited.statusCode).toBe(200);
    expect((await rowOf(row.id))!.radius1).toBe(row.radius1 + 1);
  } else {
    expect(edited.statusCode).toBe(refusedStatus);
    if (refusedStatus === 403)
      expect(edited.json().responseException.message).toBe(LOCATION_MESSAGES.sharedLocation);
    expect((await rowOf(row.id))!.radius1).toBe(row.radius1);
    expect(changes).toEqual([]);
  }
  // delete
  changes = [];
  const deleted = await remove(caller, row);
  if (abilities.delete) {
    expect(deleted.statusCode).toBe(200);
    expect(await rowOf(row.id)).toBeUndefined();
  } else {
    expect(deleted.statusCode).toBe(abilities.edit ? 400 : refusedStatus);
    if (abilities.edit)
      expect(deleted.json().responseException.message).toBe(LOCATION_MESSAGES.typeOneDelete);
    expect(await rowOf(row.id)).toBeDefined();
    expect(changes).toEqual([]);
  }
}

const ADMIN_ALL: Abilities = { edit: true, delete: true, rename: true };
const ADMIN_TYPE1: Abilities = { edit: true, delete: false, rename: false };
const NONE: Abilities = { edit: false, delete: false, rename: false };

// Expected abilities per role on: own, shared (organisation), shared type 1, another user's of the customer.
const EXPECTED: Record<
  'Super Admin' | 'Admin' | 'Assistant Admin' | 'Customer',
  { own: Abilities; shared: Abilities; sharedType1: Abilities; otherUser: Abilities | null }
> = {
  'Super Admin': { own: ADMIN_ALL, shared: ADMIN_ALL, sharedType1: ADMIN_TYPE1, otherUser: ADMIN_ALL },
  Admin: { own: ADMIN_ALL, shared: ADMIN_ALL, sharedType1: ADMIN_TYPE1, otherUser: ADMIN_ALL },
  'Assistant Admin': { own: ADMIN_ALL, shared: ADMIN_ALL, sharedType1: ADMIN_TYPE1, otherUser: ADMIN_ALL },
  // the Customer role does not see another user's location at all
  Customer: { own: ADMIN_ALL, shared: NONE, sharedType1: NONE, otherUser: null },
};

describe('location abilities served = what the server allows', () => {
  for (const role of Object.keys(EXPECTED) as (keyof typeof EXPECTED & RoleName)[]) {
    it(`${role}`, async () => {
      const expected = EXPECTED[role];
      const customerId = t.a.customer.id;
      const caller = await buildUser(t.db.db, { customerId, role, siteId: t.a.site.id, password: PASSWORD });
      const other = await buildUser(t.db.db, {
        customerId,
        role: 'Customer',
        siteId: t.a.site.id,
        password: PASSWORD,
      });
      const own = await buildLocation(t.db.db, {
        customerId,
        userId: caller.id,
        radius1: 8,
        locationName: 'Dallas, TX',
      });
      const shared = await buildLocation(t.db.db, {
        customerId,
        userId: null,
        radius1: 8,
        locationName: 'Dallas, TX',
      });
      const sharedType1 = await buildLocation(t.db.db, {
        customerId,
        userId: null,
        radius1: 8,
        locationName: 'Dallas, TX',
        type: 1,
      });
      const otherUsers = await buildLocation(t.db.db, {
        customerId,
        userId: other.id,
        radius1: 8,
        locationName: 'Dallas, TX',
      });
      const otherCustomers = await buildLocation(t.db.db, {
        customerId: t.b.customer.id,
        userId: t.b.customerUser.id,
        radius1: 8,
        locationName: 'Dallas, TX',
      });

      const mine = await served(caller.id, '/api/location');
      expect(mine.get(own.id)).toEqual(expected.own);
      expect(mine.get(shared.id)).toEqual(expected.shared);
      expect(mine.get(sharedType1.id)).toEqual(expected.sharedType1);
      expect(mine.has(otherUsers.id)).toBe(false);
      expect(mine.has(otherCustomers.id)).toBe(false);

      if (expected.otherUser) {
        // an admin listing a user's locations gets the admin's abilities on them
        const theirs = await served(caller.id, `/api/location/user/${other.id}`);
        expect(theirs.get(otherUsers.id)).toEqual(expected.otherUser);
        expect(theirs.get(shared.id)).toEqual(expected.shared);
      }

      await expectServerAgrees(caller.id, own, mine.get(own.id)!, 403);
      await expectServerAgrees(caller.id, shared, mine.get(shared.id)!, 403);
      await expectServerAgrees(caller.id, sharedType1, mine.get(sharedType1.id)!, 403);
      // rows the caller is not served: another user's (hidden from the Customer role) and another customer's
      await expectServerAgrees(caller.id, otherUsers, expected.otherUser ?? NONE, 404);
      if (role === 'Super Admin') await expectServerAgrees(caller.id, otherCustomers, ADMIN_ALL, 404);
      else await expectServerAgrees(caller.id, otherCustomers, NONE, 404);
    });
  }

  it("the Customer's refused edit of a shared location says why, in the API error shape", async () => {
    const shared = await buildLocation(t.db.db, {
      customerId: t.a.customer.id,
      userId: null,
      locationName: 'HQ',
    });
    const res = await update(t.a.customerUser.id, shared, { radius1: 9 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      responseException: {
        message: 'You may not change a location shared by your organization.',
        errors: expect.any(Object),
      },
    });
  });
});
