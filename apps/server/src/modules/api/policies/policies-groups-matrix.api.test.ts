// Spec 02 §6 on the API for the groups-and-policies half of issue 14: every role, an Assistant Admin of another
// group and an Admin of another customer, against every route of policies (§7 'Policies and settings') and user
// groups (§7 'Users and groups': site...), with the exact answer the matrix gives: 404 for a row the caller may not
// see (another customer's, another group's for an Assistant Admin), 403 for a role refused on a row of its own
// customer. A refused write changes nothing. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { RoleName } from '@allclear/domain';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { policies, sites } from '../../../db/schema/index.ts';
import { buildPolicy, buildSite, buildUser } from '../../../db/factories.ts';
import { issueTestToken } from '../../identity/test-tokens.ts';

let t: TestApp;
/** The caller names of the table, in its column order. */
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
/** G1: the group of every caller of customer A but one; G2: the other Assistant Admin's. */
let g1: number;
let g2: number;
let policyG1: number;
let policyG2: number;
let policyB: number;

const WIND = 9;

beforeAll(async () => {
  t = await createTestApp();
  g1 = t.a.site.id;
  g2 = (await buildSite(t.db.db, { customerId: t.a.customer.id, name: 'Grounds', alertTimes: true })).id;
  const user = async (role: RoleName, siteId: number) =>
    (await buildUser(t.db.db, { customerId: t.a.customer.id, role, siteId, password: 'Test-password-1' })).id;
  ids['Super Admin'] = await user('Super Admin', g1);
  ids.Admin = await user('Admin', g1);
  ids['Assistant Admin'] = await user('Assistant Admin', g1);
  ids['Assistant Admin of another group'] = await user('Assistant Admin', g2);
  ids.Customer = t.a.customerUser.id;
  // A Notification Only contact never signs in (no token is issued to one): the column stands for a token whose
  // role claim says Notification Only, as a user demoted after signing in would still hold until it expires.
  ids['Notification Only'] = await user('Customer', g1);
  ids['Admin of another customer'] = t.b.admin.id;
  policyG1 = (
    await buildPolicy(t.db.db, {
      customerId: t.a.customer.id,
      shortName: 'WIND',
      threshold: 30,
      siteIds: [g1],
    })
  ).id;
  policyG2 = (
    await buildPolicy(t.db.db, {
      customerId: t.a.customer.id,
      shortName: 'GUST',
      threshold: 40,
      siteIds: [g2],
    })
  ).id;
  policyB = (
    await buildPolicy(t.db.db, { customerId: t.b.customer.id, shortName: 'WIND', siteIds: [t.b.site.id] })
  ).id;
});
afterAll(async () => {
  await t.close();
});

interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  payload?: Record<string, unknown>;
}
const tokenOf = (caller: Caller) =>
  caller === 'Notification Only'
    ? issueTestToken(t.db, {
        userId: ids[caller],
        publicUrl: t.config.server.publicUrl,
        claims: { role: 'Notification Only' },
      })
    : t.tokenFor(ids[caller]);
const send = async (caller: Caller, call: Call) =>
  t.app.inject({ ...call, headers: { authorization: `Bearer ${await tokenOf(caller)}` } });

const policyCount = async () => (await t.db.db.select({ n: count() }).from(policies))[0]!.n;
const siteCount = async () => (await t.db.db.select({ n: count() }).from(sites))[0]!.n;
const policyRow = async (id: number) => (await t.db.db.select().from(policies).where(eq(policies.id, id)))[0];
const siteRow = async (id: number) => (await t.db.db.select().from(sites).where(eq(sites.id, id)))[0];
const freshPolicyOfG1 = async () =>
  (
    await buildPolicy(t.db.db, {
      customerId: t.a.customer.id,
      shortName: 'WIND',
      threshold: 30,
      siteIds: [g1],
    })
  ).id;
const windBody = { policyType: WIND, threshold: 35, allClearMinutes: 30, sites: [] as number[] };
const groupBody = (name: string) => ({
  name,
  alertTimes: [{ day: 0, startTime: '05:00:00', endTime: '23:00:00', allDay: false, enabled: true }],
});

/**
 * One route: the call a caller makes (fresh rows where a success consumes one), the statuses in CALLERS order,
 * and, for a write, a check that a refused call changed nothing.
 */
interface RouteCase {
  name: string;
  call: (caller: Caller) => Promise<Call>;
  expected: readonly [number, number, number, number, number, number, number];
  unchanged?: (call: Call, caller: Caller) => Promise<{ before: unknown; after: () => Promise<unknown> }>;
}

const ROUTES: RouteCase[] = [
  // reads
  {
    name: 'GET policy/types',
    call: async () => ({ method: 'GET', url: '/api/policy/types' }),
    expected: [200, 200, 200, 200, 200, 200, 200],
  },
  {
    name: 'GET policy',
    call: async () => ({ method: 'GET', url: '/api/policy' }),
    expected: [200, 200, 200, 200, 403, 403, 200],
  },
  {
    name: 'GET policy/site',
    call: async () => ({ method: 'GET', url: '/api/policy/site' }),
    expected: [200, 200, 200, 200, 403, 403, 200],
  },
  {
    name: "GET policy/customer/{customer A's id}",
    call: async () => ({ method: 'GET', url: `/api/policy/customer/${t.a.customer.id}` }),
    expected: [200, 200, 200, 200, 403, 403, 404],
  },
  {
    name: "GET policy/userPolicies/{customer A's Customer user, of G1}",
    call: async () => ({ method: 'GET', url: `/api/policy/userPolicies/${t.a.customerUser.id}` }),
    // the user is read first (spec 02 §6: another group's user is not the Assistant Admin's; a Notification Only
    // caller sees no other user), then the Policies page's rule
    expected: [200, 200, 200, 404, 403, 404, 404],
  },
  {
    name: 'GET policy/site/{G1}',
    call: async () => ({ method: 'GET', url: `/api/policy/site/${g1}` }),
    expected: [200, 200, 200, 404, 403, 403, 404],
  },
  {
    name: 'GET site',
    call: async () => ({ method: 'GET', url: '/api/site' }),
    expected: [200, 200, 200, 200, 200, 403, 200],
  },
  {
    name: 'GET site/user',
    call: async () => ({ method: 'GET', url: '/api/site/user' }),
    expected: [200, 200, 200, 200, 200, 200, 200],
  },
  {
    name: 'GET site/{G1}',
    call: async () => ({ method: 'GET', url: `/api/site/${g1}` }),
    expected: [200, 200, 200, 404, 200, 403, 404],
  },
  // writes
  {
    name: 'POST policy',
    call: async () => ({ method: 'POST', url: '/api/policy', payload: windBody }),
    expected: [200, 200, 403, 403, 403, 403, 200],
    unchanged: async () => ({ before: await policyCount(), after: policyCount }),
  },
  {
    name: 'PATCH policy {a policy of G1}',
    call: async () => {
      const id = await freshPolicyOfG1();
      return { method: 'PATCH', url: '/api/policy', payload: { ...windBody, id, sites: [g1] } };
    },
    expected: [200, 200, 403, 404, 403, 403, 404],
    unchanged: async (call) => {
      const id = (call.payload as { id: number }).id;
      return { before: await policyRow(id), after: () => policyRow(id) };
    },
  },
  {
    name: 'DELETE policy/{a policy of G1}',
    call: async () => ({ method: 'DELETE', url: `/api/policy/${await freshPolicyOfG1()}` }),
    expected: [200, 200, 403, 404, 403, 403, 404],
    unchanged: async (call) => {
      const id = Number(call.url.split('/').pop());
      return { before: await policyRow(id), after: () => policyRow(id) };
    },
  },
  {
    name: 'POST site/add',
    call: async (caller) => ({
      method: 'POST',
      url: '/api/site/add',
      payload: groupBody(`New by ${caller}`),
    }),
    expected: [200, 200, 403, 403, 403, 403, 200],
    unchanged: async () => ({ before: await siteCount(), after: siteCount }),
  },
  {
    name: 'POST site/update {G1}',
    call: async (caller) => ({
      method: 'POST',
      url: '/api/site/update',
      payload: { id: g1, ...groupBody(`G1 renamed by ${caller}`) },
    }),
    // 'Assistant Admin data: only their own group': an Assistant Admin edits their own group
    expected: [200, 200, 200, 404, 403, 403, 404],
    unchanged: async () => ({ before: await siteRow(g1), after: () => siteRow(g1) }),
  },
  {
    name: 'POST site/delete/{G1, which has users}',
    call: async () => ({ method: 'POST', url: `/api/site/delete/${g1}` }),
    // the refusal comes before the group's own rule: those allowed are told it is in use (400)
    expected: [400, 400, 403, 404, 403, 403, 404],
    unchanged: async () => ({ before: await siteRow(g1), after: () => siteRow(g1) }),
  },
];

describe('who may do what with groups and policies (spec 02 §6)', () => {
  for (const route of ROUTES) {
    describe(route.name, () => {
      CALLERS.forEach((caller, i) => {
        const status = route.expected[i]!;
        it(`${caller} → ${status}`, async () => {
          const call = await route.call(caller);
          const watch = status >= 400 && route.unchanged ? await route.unchanged(call, caller) : undefined;
          const res = await send(caller, call);
          expect(res.statusCode, res.body).toBe(status);
          if (status >= 400) expect(res.json().data).toBeUndefined();
          if (watch) expect(await watch.after()).toEqual(watch.before);
        });
      });
    });
  }
});

describe('what each caller is served', () => {
  const listed = async (caller: Caller, url: string) =>
    ((await send(caller, { method: 'GET', url })).json().data as { id: number }[]).map((p) => p.id);

  it("lists an Assistant Admin only their own group's policies, an Admin every one of the customer", async () => {
    expect(await listed('Assistant Admin', '/api/policy')).toContain(policyG1);
    expect(await listed('Assistant Admin', '/api/policy')).not.toContain(policyG2);
    expect(await listed('Assistant Admin of another group', '/api/policy')).toEqual([policyG2]);
    expect(await listed('Admin', '/api/policy')).toEqual(expect.arrayContaining([policyG1, policyG2]));
    expect(await listed('Admin', '/api/policy')).not.toContain(policyB);
    expect(await listed('Admin of another customer', '/api/policy')).not.toContain(policyG1);
    expect(await listed('Super Admin', `/api/policy/customer/${t.b.customer.id}`)).toContain(policyB);
  });

  it('serves each policy with the abilities the server then allows', async () => {
    const abilities = async (caller: Caller) => {
      const res = await send(caller, { method: 'GET', url: `/api/policy/site/${g1}` });
      return (res.json().data as { id: number; abilities: unknown }[]).find((p) => p.id === policyG1)
        ?.abilities;
    };
    expect(await abilities('Admin')).toEqual({ edit: true, delete: true });
    expect(await abilities('Assistant Admin')).toEqual({ edit: false, delete: false });
  });

  it('serves each group with its abilities: an Assistant Admin edits their own group but never deletes it', async () => {
    const res = await send('Assistant Admin', { method: 'GET', url: '/api/site' });
    expect(res.json().data).toEqual([
      expect.objectContaining({ id: g1, abilities: { edit: true, delete: false } }),
    ]);
  });
});
