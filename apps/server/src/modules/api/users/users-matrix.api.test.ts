// Spec 02 §6 on the API for the users half of issue 14: every role, an Assistant Admin of another group and an
// Admin of another customer, against every users and notification-user route (and the identity service's
// 'resend'), with the exact answer the matrix gives: 404 for a row the caller may not see (another customer's,
// another group's for an Assistant Admin), 403 for a role refused on a row of its own customer (and for a role,
// or a group, the caller may not give). Adding into another customer's group is a 400 naming SiteId, as for a
// group that does not exist. A refused call changes nothing. Runs on PGlite, and on PostgreSQL with
// TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { RoleName } from '@allclear/domain';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { notificationUsers, userInvites, users } from '../../../db/schema/index.ts';
import { buildNotificationUser, buildSite, buildUser } from '../../../db/factories.ts';
import { issueTestToken } from '../../identity/test-tokens.ts';

let t: TestApp;
const CALLERS = [
  'Super Admin',
  'Admin',
  'Assistant Admin',
  'Assistant Admin of another group',
  'Customer',
  'Notification Only',
  'Admin of another customer',
] as const;
type Caller = (typeof CALLERS)[number];
const ids = {} as Record<Caller, string>;
let g1: number;
let g2: number;

beforeAll(async () => {
  t = await createTestApp();
  g1 = t.a.site.id;
  g2 = (await buildSite(t.db.db, { customerId: t.a.customer.id, name: 'Grounds' })).id;
  const user = async (role: RoleName, siteId: number) =>
    (await buildUser(t.db.db, { customerId: t.a.customer.id, role, siteId, password: 'Test-password-1' })).id;
  ids['Super Admin'] = await user('Super Admin', g1);
  ids.Admin = await user('Admin', g1);
  ids['Assistant Admin'] = await user('Assistant Admin', g1);
  ids['Assistant Admin of another group'] = await user('Assistant Admin', g2);
  ids.Customer = t.a.customerUser.id;
  // A Notification Only contact never signs in: the column stands for a token whose role claim says so
  ids['Notification Only'] = await user('Customer', g1);
  ids['Admin of another customer'] = t.b.admin.id;
});
afterAll(async () => {
  await t.close();
});

interface Call {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  payload?: unknown;
}
const tokenOf = (caller: Caller) =>
  caller === 'Notification Only'
    ? issueTestToken(t.db, {
        userId: ids[caller],
        publicUrl: t.config.server.publicUrl,
        claims: { role: 'Notification Only', role_hierarchy: 5 },
      })
    : t.tokenFor(ids[caller]);
const send = async (caller: Caller, { method, url, payload }: Call) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: { authorization: `Bearer ${await tokenOf(caller)}` },
  });

let seq = 0;
const userBody = (over: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    firstName: `Matrix${seq}`,
    lastName: 'User',
    email: `matrix${seq}@users.test`,
    phoneNumber: null,
    timeZone: 'CST',
    roleId: 4,
    siteId: g1,
    ...over,
  };
};
const contactBody = () => {
  const { roleId: _r, ...body } = userBody();
  return body;
};
/** A fresh invited (inactive) user of G1 with the given role. */
const targetUser = (role: RoleName = 'Customer') =>
  buildUser(t.db.db, { customerId: t.a.customer.id, role, siteId: g1, isActive: false });
const targetContact = () => buildNotificationUser(t.db.db, { customerId: t.a.customer.id, siteId: g1 });

/** The rows a refused call must leave as they were. */
const snapshot = async () => ({
  users: (await t.db.db.select({ n: count() }).from(users))[0]!.n,
  contacts: (await t.db.db.select({ n: count() }).from(notificationUsers))[0]!.n,
  invites: (await t.db.db.select({ n: count() }).from(userInvites))[0]!.n,
  events: t.events.length,
});

interface RouteCase {
  name: string;
  call: () => Promise<{ call: Call; row?: () => Promise<unknown> }>;
  /** Statuses in CALLERS order. */
  expected: readonly [number, number, number, number, number, number, number];
}

const userRow = (id: string) => async () => (await t.db.db.select().from(users).where(eq(users.id, id)))[0];
const contactRow = (id: number) => async () =>
  (await t.db.db.select().from(notificationUsers).where(eq(notificationUsers.id, id)))[0];

const ROUTES: RouteCase[] = [
  {
    name: 'GET user/customer',
    call: async () => ({ call: { method: 'GET', url: '/api/user/customer' } }),
    expected: [200, 200, 200, 200, 403, 403, 200],
  },
  {
    name: 'POST user/roles',
    call: async () => ({ call: { method: 'POST', url: '/api/user/roles', payload: ['Admin'] } }),
    expected: [200, 200, 200, 200, 403, 403, 200],
  },
  {
    name: 'POST user (a Customer into G1)',
    call: async () => ({ call: { method: 'POST', url: '/api/user', payload: userBody() } }),
    expected: [200, 200, 200, 403, 403, 403, 400],
  },
  {
    name: 'POST user (an Admin into G1)',
    call: async () => ({ call: { method: 'POST', url: '/api/user', payload: userBody({ roleId: 2 }) } }),
    expected: [200, 403, 403, 403, 403, 403, 403],
  },
  {
    name: 'POST user/update {a Customer of G1}',
    call: async () => {
      const u = await targetUser();
      return {
        call: {
          method: 'POST',
          url: '/api/user/update',
          payload: { ...userBody({ email: u.email }), id: u.id },
        },
        row: userRow(u.id),
      };
    },
    expected: [200, 200, 200, 404, 403, 403, 404],
  },
  {
    name: 'POST user/update {an Admin of G1}',
    call: async () => {
      const u = await targetUser('Admin');
      return {
        call: {
          method: 'POST',
          url: '/api/user/update',
          payload: { ...userBody({ email: u.email, roleId: 2 }), id: u.id },
        },
        row: userRow(u.id),
      };
    },
    expected: [200, 403, 403, 404, 403, 403, 404],
  },
  {
    name: 'DELETE user/{a Customer of G1}',
    call: async () => {
      const u = await targetUser();
      return { call: { method: 'DELETE', url: `/api/user/${u.id}` }, row: userRow(u.id) };
    },
    expected: [200, 200, 200, 404, 403, 403, 404],
  },
  {
    name: 'DELETE user/{an Assistant Admin of G1}',
    call: async () => {
      const u = await targetUser('Assistant Admin');
      return { call: { method: 'DELETE', url: `/api/user/${u.id}` }, row: userRow(u.id) };
    },
    expected: [200, 200, 403, 404, 403, 403, 404],
  },
  {
    name: 'DELETE user/demote {a Customer of G1}',
    call: async () => {
      const u = await targetUser();
      return {
        call: { method: 'DELETE', url: '/api/user/demote', payload: { ...contactBody(), id: u.id } },
        row: userRow(u.id),
      };
    },
    expected: [200, 200, 200, 404, 403, 403, 404],
  },
  {
    name: 'POST user/PromoteNotificationOnlyUser {a contact of G1}',
    call: async () => {
      const c = await targetContact();
      return {
        call: {
          method: 'POST',
          url: '/api/user/PromoteNotificationOnlyUser',
          payload: { ...userBody(), id: c.id },
        },
        row: contactRow(c.id),
      };
    },
    expected: [200, 200, 200, 404, 403, 403, 404],
  },
  {
    name: 'GET notificationuser',
    call: async () => ({ call: { method: 'GET', url: '/api/notificationuser' } }),
    expected: [200, 200, 200, 200, 403, 403, 200],
  },
  {
    name: 'POST notificationuser (into G1)',
    call: async () => ({ call: { method: 'POST', url: '/api/notificationuser', payload: contactBody() } }),
    expected: [200, 200, 200, 403, 403, 403, 400],
  },
  {
    name: 'POST notificationuser/update {a contact of G1}',
    call: async () => {
      const c = await targetContact();
      return {
        call: {
          method: 'POST',
          url: '/api/notificationuser/update',
          payload: { ...contactBody(), id: c.id },
        },
        row: contactRow(c.id),
      };
    },
    expected: [200, 200, 200, 404, 403, 403, 404],
  },
  {
    name: 'DELETE notificationuser/{a contact of G1}',
    call: async () => {
      const c = await targetContact();
      return { call: { method: 'DELETE', url: `/api/notificationuser/${c.id}` }, row: contactRow(c.id) };
    },
    expected: [200, 200, 200, 404, 403, 403, 404],
  },
  {
    name: 'GET notificationuser/{a contact of G1}/emailsubscriptions',
    call: async () => {
      const c = await targetContact();
      return { call: { method: 'GET', url: `/api/notificationuser/${c.id}/emailsubscriptions` } };
    },
    expected: [200, 200, 200, 404, 403, 403, 404],
  },
  {
    name: 'GET account/sendactivateemail {an invited Customer of G1}',
    call: async () => {
      const u = await targetUser();
      return {
        call: { method: 'GET', url: `/identity/account/sendactivateemail?id=${u.id}` },
        row: userRow(u.id),
      };
    },
    expected: [200, 200, 200, 404, 403, 403, 404],
  },
];

describe('spec 02 §6 on every users route: the exact answer for every caller', () => {
  for (const route of ROUTES) {
    CALLERS.forEach((caller, i) => {
      const expected = route.expected[i]!;
      it(`${route.name} · ${caller} → ${expected}`, async () => {
        const { call, row } = await route.call();
        const before = await snapshot();
        const rowBefore = await row?.();
        const res = await send(caller, call);
        expect(res.statusCode, res.body).toBe(expected);
        if (expected >= 400) {
          // a refused call writes nothing: no user, contact, invite or e-mail, and the row as it was
          expect(await snapshot()).toEqual(before);
          if (row) expect(await row()).toEqual(rowBefore);
        }
      });
    });
  }
});
