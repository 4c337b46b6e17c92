import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { defaultMigrationsFolder, migrateDatabase, openDatabase, type DatabaseHandle } from './client.ts';
import * as schema from './schema/index.ts';
import { buildCustomer, buildLocation, buildPolicy, buildSite, buildUser } from './factories.ts';
import { createTestDatabase } from './test-db.ts';

/** Every table the drizzle schema declares: the migrations must create exactly these. */
const EXPECTED_TABLES = (Object.values(schema) as unknown[])
  .filter((v): v is PgTable => is(v, PgTable))
  .map((t) => getTableName(t))
  .sort();

/** How many migrations are committed (drizzle's journal). */
async function committedMigrations(): Promise<number> {
  const journal = JSON.parse(await readFile(join(defaultMigrationsFolder(), 'meta/_journal.json'), 'utf8'));
  return (journal as { entries: unknown[] }).entries.length;
}

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

/** Runs a statement and returns the error message, or null when it succeeded. */
async function failureOf(sql: string, params: unknown[] = []): Promise<string | null> {
  try {
    await handle.query(sql, params);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('migrations', () => {
  it('create every table of the schema on a fresh database', async () => {
    const rows = await handle.query<{ table_name: string }>(
      // a partition (the monthly station readings on PostgreSQL, issue 17) is part of its table
      `select table_name from information_schema.tables t where table_schema = 'public'
         and not exists (select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
                         where n.nspname = 'public' and c.relname = t.table_name and c.relispartition)
       order by table_name`,
    );
    expect(rows.map((r) => r.table_name)).toEqual(EXPECTED_TABLES);
  });

  it('partition the station readings by month on PostgreSQL, and not on PGlite (issue 17)', async () => {
    const [row] = await handle.query<{ partitioned: boolean; pglite: boolean }>(
      `select exists (select 1 from pg_partitioned_table p join pg_class c on c.oid = p.partrelid
                      where c.relname = 'station_observations') as partitioned,
              position('PGlite' in version()) > 0 as pglite`,
    );
    expect(row!.partitioned).toBe(!row!.pglite);
  });

  it('apply again without error and without recording a second run', async () => {
    await migrateDatabase(handle);
    const applied = await handle.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(applied[0]!.n).toBe(await committedMigrations());
  });

  it('give a customer-owned table an index on customer_id', async () => {
    const rows = await handle.query<{ indexdef: string }>(
      `select indexdef from pg_indexes where tablename = 'locations'`,
    );
    expect(rows.some((r) => /\(customer_id\)/.test(r.indexdef))).toBe(true);
  });

  it('give a new location the spec defaults (radius1 10, others 0, all-clear 30, alerts on: flags 0, all strike types)', async () => {
    const location = await buildLocation(handle);
    expect(location).toMatchObject({
      radius1: 10,
      radius2: 0,
      radius3: 0,
      radius4: 0,
      allClearMinutes: 30,
      flags: 0,
      forecastLocation: false,
      type: 0,
      countCloudToGroundOnly: false,
    });
  });

  it('give a new user the contract defaults (CST, alert times on, geofence off, no permissions)', async () => {
    const user = await buildUser(handle);
    expect(user).toMatchObject({
      timeZone: 'CST',
      alertTimesEnabled: true,
      geofenceAlertsEnabled: false,
      declinesNotifications: false,
      smsNotifications: true,
      emailNotifications: true,
      isActive: true,
      permissions: [],
      passwordHash: null,
      roleId: 4,
    });
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('default a policy to re-alert every 10 minutes', async () => {
    const policy = await buildPolicy(handle, { shortName: 'WBGT', threshold: 88 });
    expect(policy.reAlertMinutes).toBe(10);
    expect(policy.precision).toBe(1);
  });

  it('refuse an e-mail that is not lower-case and a duplicate e-mail', async () => {
    const customer = await buildCustomer(handle);
    const insert = `insert into users (customer_id, email, user_name, first_name, role_id) values ($1, $2, 'x', 'X', 4)`;
    expect(await failureOf(insert, [customer.id, 'Mixed@Case.test'])).toMatch(/users_email_lower_case_check/);
    expect(await failureOf(insert, [customer.id, 'same@case.test'])).toBeNull();
    expect(await failureOf(insert, [customer.id, 'same@case.test'])).toMatch(/users_email_unique/);
  });

  it('accept a stored PA message of exactly 350 characters and refuse 351', async () => {
    const customer = await buildCustomer(handle);
    const insert = `insert into pa_messages (customer_id, title, message) values ($1, 't', $2)`;
    expect(await failureOf(insert, [customer.id, 'a'.repeat(350)])).toBeNull();
    expect(await failureOf(insert, [customer.id, 'a'.repeat(351)])).not.toBeNull();
  });

  it('accept alert-time days 0 and 6 and refuse 7 and -1', async () => {
    const site = await buildSite(handle);
    const insert = `insert into site_alert_times (site_id, day) values ($1, $2)`;
    expect(await failureOf(insert, [site.id, 0])).toBeNull();
    expect(await failureOf(insert, [site.id, 6])).toBeNull();
    expect(await failureOf(insert, [site.id, 7])).toMatch(/site_alert_times_day_check/);
    expect(await failureOf(insert, [site.id, -1])).toMatch(/site_alert_times_day_check/);
  });

  it('accept a widget 300 px wide and refuse 299', async () => {
    const customer = await buildCustomer(handle);
    const insert = `insert into widgets (customer_id, name, width) values ($1, 'w', $2)`;
    expect(await failureOf(insert, [customer.id, 300])).toBeNull();
    expect(await failureOf(insert, [customer.id, 299])).toMatch(/widgets_width_check/);
  });

  it('accept hardware models OWX, OWS and WXS only', async () => {
    const customer = await buildCustomer(handle);
    const insert = `insert into hardware (customer_id, name, model_id, latitude, longitude) values ($1, 'u', $2, 0, 0)`;
    for (const model of ['OWX', 'OWS', 'WXS'])
      expect(await failureOf(insert, [customer.id, model])).toBeNull();
    expect(await failureOf(insert, [customer.id, 'XYZ'])).toMatch(/hardware_model_id_check/);
  });

  it('delete a customer together with every row it owns', async () => {
    const customer = await buildCustomer(handle);
    const site = await buildSite(handle, { customerId: customer.id, alertTimes: true });
    await buildUser(handle, { customerId: customer.id, siteId: site.id });
    await buildLocation(handle, { customerId: customer.id });
    await buildPolicy(handle, { customerId: customer.id, siteIds: [site.id] });
    await handle.query('delete from customers where id = $1', [customer.id]);
    for (const table of ['sites', 'users', 'locations', 'policies']) {
      const rows = await handle.query<{ n: number }>(
        `select count(*)::int as n from ${table} where customer_id = $1`,
        [customer.id],
      );
      expect(rows[0]!.n).toBe(0);
    }
    const times = await handle.query<{ n: number }>(
      'select count(*)::int as n from site_alert_times where site_id = $1',
      [site.id],
    );
    expect(times[0]!.n).toBe(0);
  });
});

describe('openDatabase on disk (PGlite)', () => {
  it('creates a missing data directory and keeps data across reopening', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'allclear-db-'));
    const dataDir = join(parent, 'nested', 'pglite');
    try {
      const first = await openDatabase({ dataDir });
      expect(first.kind).toBe('pglite');
      await migrateDatabase(first);
      await first.query(`insert into app_secrets (name, value) values ('probe', 'kept')`);
      await first.close();
      expect((await stat(dataDir)).isDirectory()).toBe(true);

      const second = await openDatabase({ dataDir });
      await migrateDatabase(second);
      const rows = await second.query<{ value: string }>(
        `select value from app_secrets where name = 'probe'`,
      );
      await second.close();
      expect(rows).toEqual([{ value: 'kept' }]);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});
