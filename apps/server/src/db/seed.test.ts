import { POLICY_TYPE_SHORT_NAMES, ROLE_IDS } from '@allclear/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../platform/password.ts';
import type { DatabaseHandle } from './client.ts';
import {
  DEMO_CUSTOMER_NAME,
  DEMO_PASSWORD,
  OTHER_CUSTOMER_NAME,
  seedDemo,
  type SeedDemoResult,
} from './seed/demo.ts';
import { createTestDatabase } from './test-db.ts';

/** Every table the seed writes to; the engine tables are not part of the schema yet. */
const SEEDED_TABLES = [
  'customers',
  'air_quality_sensors',
  'roles',
  'policy_types',
  'sites',
  'site_alert_times',
  'users',
  'user_notification_settings',
  'user_alert_times',
  'user_organization_locations',
  'notification_users',
  'organization_locations',
  'organization_location_sites',
  'locations',
  'policies',
  'policy_sites',
  'policy_notification_actions',
  'hardware',
  'sirens',
  'siren_alert_times',
  'weather_stations',
  'remote_relays',
  'pa_units',
  'pa_messages',
];

/** Tables with customer_id whose rows must belong to exactly one customer. */
const CUSTOMER_TABLES = [
  'sites',
  'users',
  'notification_users',
  'organization_locations',
  'locations',
  'policies',
  'hardware',
  'sirens',
  'weather_stations',
  'remote_relays',
  'pa_units',
  'pa_messages',
];

let handle: DatabaseHandle;
let firstRun: SeedDemoResult;
let countsAfterFirstRun: Record<string, number>;
let demoId: number;
let otherId: number;

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const rows = await handle.query<{ n: number }>(sql, params);
  return rows[0]!.n;
}

async function tableCounts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of SEEDED_TABLES) out[table] = await count(`select count(*)::int as n from ${table}`);
  return out;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  firstRun = await seedDemo(handle);
  countsAfterFirstRun = await tableCounts();
  const rows = await handle.query<{ id: number; name: string }>('select id, name from customers');
  demoId = rows.find((r) => r.name === DEMO_CUSTOMER_NAME)!.id;
  otherId = rows.find((r) => r.name === OTHER_CUSTOMER_NAME)!.id;
});
afterAll(async () => {
  await handle?.close();
});

describe('demo seed', () => {
  it('is idempotent: a second run succeeds and changes no row count', async () => {
    const secondRun = await seedDemo(handle);
    expect(secondRun).toEqual(firstRun);
    expect(await tableCounts()).toEqual(countsAfterFirstRun);
  });

  it('returns the five demo accounts with their role and customer', () => {
    expect(firstRun.accounts).toEqual([
      { email: 'super@demo.allclear.test', role: 'Super Admin', customer: DEMO_CUSTOMER_NAME },
      { email: 'admin@demo.allclear.test', role: 'Admin', customer: DEMO_CUSTOMER_NAME },
      { email: 'assistant@demo.allclear.test', role: 'Assistant Admin', customer: DEMO_CUSTOMER_NAME },
      { email: 'customer@demo.allclear.test', role: 'Customer', customer: DEMO_CUSTOMER_NAME },
      { email: 'admin@other.allclear.test', role: 'Admin', customer: OTHER_CUSTOMER_NAME },
    ]);
  });

  it('writes every account with its role, customer and the password AllClear-demo-1', async () => {
    for (const account of firstRun.accounts) {
      const rows = await handle.query<{ password_hash: string; role: string; customer: string }>(
        `select u.password_hash, r.name as role, c.name as customer
           from users u join roles r on r.id = u.role_id join customers c on c.id = u.customer_id
          where u.email = $1`,
        [account.email],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ role: account.role, customer: account.customer });
      expect(await verifyPassword(rows[0]!.password_hash, DEMO_PASSWORD)).toBe(true);
    }
    const [admin] = await handle.query<{ password_hash: string }>(
      `select password_hash from users where email = 'admin@demo.allclear.test'`,
    );
    expect(await verifyPassword(admin!.password_hash, 'AllClear-demo-2')).toBe(false);
  });

  it('gives the demo customer one user of every signing-in role, all features, ACTIVE status and a banner', async () => {
    const roles = await handle.query<{ role_id: number; n: number }>(
      'select role_id, count(*)::int as n from users where customer_id = $1 group by role_id order by role_id',
      [demoId],
    );
    expect(roles).toEqual(
      [ROLE_IDS['Super Admin'], ROLE_IDS.Admin, ROLE_IDS['Assistant Admin'], ROLE_IDS.Customer].map((id) => ({
        role_id: id,
        n: 1,
      })),
    );
    const [customer] = await handle.query<{ status: string; features: number[]; banner: string | null }>(
      'select status, features, banner from customers where id = $1',
      [demoId],
    );
    expect(customer!.status).toBe('ACTIVE');
    expect([...customer!.features].sort((a, b) => a - b)).toEqual([1, 2, 3, 6, 7, 8, 9, 10]);
    expect(customer!.banner).toBeTruthy();
  });

  it('gives the super admin full widget admin and the admin roles every per-user permission', async () => {
    const rows = await handle.query<{ email: string; widget_admin: string | null; n: number }>(
      `select email, widget_admin, cardinality(permissions)::int as n from users where customer_id = $1 order by email`,
      [demoId],
    );
    expect(rows.find((r) => r.email === 'super@demo.allclear.test')).toMatchObject({
      widget_admin: 'ALL',
      n: 16,
    });
    expect(rows.find((r) => r.email === 'admin@demo.allclear.test')!.n).toBe(16);
    expect(rows.find((r) => r.email === 'customer@demo.allclear.test')).toMatchObject({
      widget_admin: null,
      n: 0,
    });
  });

  it('puts the assistant admin in a group and has two notification-only contacts', async () => {
    expect(
      await count(
        `select count(*)::int as n from users where email = 'assistant@demo.allclear.test' and site_id is not null`,
      ),
    ).toBe(1);
    expect(
      await count('select count(*)::int as n from notification_users where customer_id = $1', [demoId]),
    ).toBe(2);
  });

  it('has at least 8 demo locations in the Dallas–Fort Worth area, some with 3 or 4 zones', async () => {
    const rows = await handle.query<{
      latitude: number;
      longitude: number;
      zones: number;
      all_clear_minutes: number;
    }>(
      `select latitude, longitude, all_clear_minutes,
              ((radius1 > 0)::int + (radius2 > 0)::int + (radius3 > 0)::int + (radius4 > 0)::int) as zones
         from locations where customer_id = $1`,
      [demoId],
    );
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const r of rows) {
      expect(r.latitude).toBeGreaterThan(32.5);
      expect(r.latitude).toBeLessThan(33.3);
      expect(r.longitude).toBeGreaterThan(-97.5);
      expect(r.longitude).toBeLessThan(-96.5);
      expect([10, 20, 30, 40, 50, 60]).toContain(r.all_clear_minutes);
    }
    const zoneCounts = new Set(rows.map((r) => Number(r.zones)));
    expect(zoneCounts.has(3)).toBe(true);
    expect(zoneCounts.has(4)).toBe(true);
    expect(
      await count('select count(*)::int as n from organization_locations where customer_id = $1', [demoId]),
    ).toBe(rows.length);
  });

  it('seeds every venue with alerts on (flags 0) but one, silenced with flags 30 for its muted icon', async () => {
    const rows = await handle.query<{ label: string; flags: number }>(
      'select label, flags from locations order by id',
    );
    expect(rows.filter((r) => r.flags !== 0)).toEqual([{ label: 'Choctaw Stadium', flags: 30 }]);
    expect(rows.length).toBe(11);
  });

  it("gives the demo customer twelve air-quality sensors (a second page of the Air Quality page's 10), one off", async () => {
    const rows = await handle.query<{ customer_id: number; enabled: boolean }>(
      'select customer_id, enabled from air_quality_sensors',
    );
    expect(rows.filter((r) => r.customer_id === demoId)).toHaveLength(12);
    expect(rows.filter((r) => r.customer_id === demoId && !r.enabled)).toHaveLength(1);
    expect(rows.filter((r) => r.customer_id === otherId)).toHaveLength(0);
  });

  it('has three user groups, each with seven alert-time rows', async () => {
    const rows = await handle.query<{ name: string; n: number }>(
      `select s.name, count(t.id)::int as n from sites s join site_alert_times t on t.site_id = s.id
        where s.customer_id = $1 group by s.name order by s.name`,
      [demoId],
    );
    expect(rows).toEqual([
      { name: 'Athletics', n: 7 },
      { name: 'Facilities', n: 7 },
      { name: 'Grounds Crew', n: 7 },
    ]);
  });

  it('has a policy of every policy type, each applied to at least one group', async () => {
    const rows = await handle.query<{ short_name: string; groups: number }>(
      `select t.short_name, (select count(*)::int from policy_sites ps where ps.policy_id = p.id) as groups
         from policies p join policy_types t on t.id = p.policy_type_id where p.customer_id = $1`,
      [demoId],
    );
    expect(rows.map((r) => r.short_name).sort()).toEqual([...POLICY_TYPE_SHORT_NAMES].sort());
    for (const r of rows) expect(r.groups).toBeGreaterThan(0);
    const [chill] = await handle.query<{ is_desc: boolean; threshold: number }>(
      `select p.is_desc, p.threshold from policies p join policy_types t on t.id = p.policy_type_id
        where p.customer_id = $1 and t.short_name = 'CHILL'`,
      [demoId],
    );
    expect(chill).toEqual({ is_desc: true, threshold: 20 });
  });

  it('has sirens with alert times, weather stations, combined units, a relay, PA units and 3 stored messages', async () => {
    const models = await handle.query<{ model_id: string; n: number }>(
      'select model_id, count(*)::int as n from hardware where customer_id = $1 group by model_id order by model_id',
      [demoId],
    );
    for (const model of ['OWS', 'OWX', 'WXS'])
      expect(models.find((m) => m.model_id === model)?.n).toBeGreaterThan(0);
    const sirens = await count('select count(*)::int as n from sirens where customer_id = $1', [demoId]);
    expect(sirens).toBeGreaterThan(0);
    expect(
      await count(
        'select count(*)::int as n from siren_alert_times t join sirens s on s.id = t.siren_id where s.customer_id = $1',
        [demoId],
      ),
    ).toBe(sirens * 7);
    expect(
      await count('select count(*)::int as n from weather_stations where customer_id = $1', [demoId]),
    ).toBeGreaterThan(0);
    expect(
      await count('select count(*)::int as n from remote_relays where customer_id = $1', [demoId]),
    ).toBeGreaterThan(0);
    expect(
      await count('select count(*)::int as n from pa_units where customer_id = $1', [demoId]),
    ).toBeGreaterThan(0);
    expect(await count('select count(*)::int as n from pa_messages where customer_id = $1', [demoId])).toBe(
      3,
    );
  });

  it("gives 'Other Org' one admin, two locations, a policy and a station", async () => {
    expect(await count('select count(*)::int as n from users where customer_id = $1', [otherId])).toBe(1);
    expect(await count('select count(*)::int as n from locations where customer_id = $1', [otherId])).toBe(2);
    expect(await count('select count(*)::int as n from policies where customer_id = $1', [otherId])).toBe(1);
    expect(
      await count('select count(*)::int as n from weather_stations where customer_id = $1', [otherId]),
    ).toBe(1);
  });

  it('keeps the two customers disjoint: no row of one refers to a row of the other', async () => {
    for (const table of CUSTOMER_TABLES) {
      const demo = await count(`select count(*)::int as n from ${table} where customer_id = $1`, [demoId]);
      const other = await count(`select count(*)::int as n from ${table} where customer_id = $1`, [otherId]);
      expect(demo + other, table).toBe(countsAfterFirstRun[table]);
    }
    const crossLinks = [
      'select count(*)::int as n from users u join sites s on s.id = u.site_id where s.customer_id <> u.customer_id',
      `select count(*)::int as n from locations l join organization_locations o on o.id = l.organization_location_id
        where o.customer_id <> l.customer_id`,
      `select count(*)::int as n from policy_sites ps join policies p on p.id = ps.policy_id join sites s on s.id = ps.site_id
        where s.customer_id <> p.customer_id`,
      `select count(*)::int as n from user_organization_locations x join users u on u.id = x.user_id
        join organization_locations o on o.id = x.organization_location_id where o.customer_id <> u.customer_id`,
      `select count(*)::int as n from hardware h join organization_locations o on o.id = h.organization_location_id
        where o.customer_id <> h.customer_id`,
      'select count(*)::int as n from sirens s join hardware h on h.id = s.hardware_id where s.customer_id <> h.customer_id',
      `select count(*)::int as n from weather_stations w join hardware h on h.id = w.hardware_id
        where w.customer_id <> h.customer_id`,
    ];
    for (const sql of crossLinks) expect(await count(sql), sql).toBe(0);
  });
});
