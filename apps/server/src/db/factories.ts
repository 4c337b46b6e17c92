// Test factories: insert a row with sensible defaults, let the test override any column, return the row.
// Each accepts a DatabaseHandle or a Database; a missing customerId gets a fresh customer.
import { ALL_CUSTOMER_FEATURES, ROLE_IDS, type PolicyTypeShortName, type RoleName } from '@allclear/domain';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../platform/password.ts';
import type { Database, DatabaseHandle } from './client.ts';
import {
  customers,
  hardware,
  locations,
  notificationUsers,
  organizationLocations,
  paMessages,
  paUnits,
  policies,
  policySites,
  policyTypes,
  sirens,
  siteAlertTimes,
  sites,
  users,
  weatherStations,
} from './schema/index.ts';
import { seedReferenceData } from './seed/reference.ts';

type DbLike = Database | DatabaseHandle;
type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];
type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

let sequence = 0;
/** A number unique within this process, for unique names and e-mails. */
function next(): number {
  sequence += 1;
  return sequence;
}

function dbOf(db: DbLike): Database {
  return 'exec' in db ? db.db : db;
}

/** Roles and policy types must exist before users and policies; inserted once per database. */
const referenceSeeded = new WeakSet<Database>();
async function ensureReferenceData(db: Database): Promise<void> {
  if (referenceSeeded.has(db)) return;
  await seedReferenceData(db);
  referenceSeeded.add(db);
}

async function customerIdOf(db: Database, customerId: number | undefined): Promise<number> {
  return customerId ?? (await buildCustomer(db)).id;
}

/** Inserts a customer (status ACTIVE, every feature on unless overridden). */
export async function buildCustomer(db: DbLike, overrides: Partial<Insert<typeof customers>> = {}) {
  const [row] = await dbOf(db)
    .insert(customers)
    .values({
      name: `Customer ${next()}`,
      status: 'ACTIVE',
      features: [...ALL_CUSTOMER_FEATURES],
      ...overrides,
    })
    .returning();
  return row!;
}

/** Inserts a user group; `alertTimes: true` adds the default 05:00–23:00 rows for days 0–6. */
export async function buildSite(
  db: DbLike,
  overrides: Partial<Insert<typeof sites>> & { alertTimes?: boolean } = {},
): Promise<Row<typeof sites>> {
  const d = dbOf(db);
  const { alertTimes, ...values } = overrides;
  const customerId = await customerIdOf(d, values.customerId);
  const [row] = await d
    .insert(sites)
    .values({ name: `Group ${next()}`, ...values, customerId })
    .returning();
  if (alertTimes) {
    await d.insert(siteAlertTimes).values([0, 1, 2, 3, 4, 5, 6].map((day) => ({ siteId: row!.id, day })));
  }
  return row!;
}

export interface BuildUserOptions extends Partial<Insert<typeof users>> {
  /** Role by name (default 'Customer'); ignored when roleId is given. */
  role?: RoleName;
  /** Plain password to hash with argon2id; no password (null hash) when absent. */
  password?: string;
}

/** Inserts a user (role by name, default Customer; e-mail unique and lower-case; password optional). */
export async function buildUser(db: DbLike, overrides: BuildUserOptions = {}): Promise<Row<typeof users>> {
  const d = dbOf(db);
  await ensureReferenceData(d);
  const { role = 'Customer', password, ...values } = overrides;
  const n = next();
  const customerId = await customerIdOf(d, values.customerId);
  const email = values.email === undefined ? `user${n}@test.allclear.test` : values.email;
  const [row] = await d
    .insert(users)
    .values({
      userName: email ?? `user${n}`,
      firstName: `First${n}`,
      lastName: `Last${n}`,
      roleId: ROLE_IDS[role],
      passwordHash: password === undefined ? null : await hashPassword(password),
      ...values,
      email: email === null ? null : email.toLowerCase(),
      customerId,
    })
    .returning();
  return row!;
}

/** Inserts a notification-only contact. */
export async function buildNotificationUser(
  db: DbLike,
  overrides: Partial<Insert<typeof notificationUsers>> = {},
): Promise<Row<typeof notificationUsers>> {
  const d = dbOf(db);
  const n = next();
  const customerId = await customerIdOf(d, overrides.customerId);
  const [row] = await d
    .insert(notificationUsers)
    .values({ firstName: `Contact${n}`, email: `contact${n}@test.allclear.test`, ...overrides, customerId })
    .returning();
  return row!;
}

/** Inserts an organisation location (default near downtown Dallas, 32.7767,-96.797). */
export async function buildOrganizationLocation(
  db: DbLike,
  overrides: Partial<Insert<typeof organizationLocations>> = {},
): Promise<Row<typeof organizationLocations>> {
  const d = dbOf(db);
  const n = next();
  const customerId = await customerIdOf(d, overrides.customerId);
  const [row] = await d
    .insert(organizationLocations)
    .values({ name: `Venue ${n}`, latitude: 32.7767, longitude: -96.797, ...overrides, customerId })
    .returning();
  return row!;
}

/** Inserts a location (spec 01 §3 defaults: radius1 10, others 0, all-clear 30 minutes; alerts on, flags 0). */
export async function buildLocation(
  db: DbLike,
  overrides: Partial<Insert<typeof locations>> = {},
): Promise<Row<typeof locations>> {
  const d = dbOf(db);
  const n = next();
  const customerId = await customerIdOf(d, overrides.customerId);
  const [row] = await d
    .insert(locations)
    .values({ label: `Location ${n}`, latitude: 32.7767, longitude: -96.797, ...overrides, customerId })
    .returning();
  return row!;
}

export interface BuildPolicyOptions extends Partial<Insert<typeof policies>> {
  /** Policy type by short name (default 'HEAT'); ignored when policyTypeId is given. */
  shortName?: PolicyTypeShortName;
  /** User groups the policy applies to. */
  siteIds?: number[];
}

/** Inserts a policy of a type (unit, precision and direction from the type unless overridden) and its group links. */
export async function buildPolicy(
  db: DbLike,
  overrides: BuildPolicyOptions = {},
): Promise<Row<typeof policies>> {
  const d = dbOf(db);
  await ensureReferenceData(d);
  const { shortName = 'HEAT', siteIds = [], ...values } = overrides;
  const [type] = values.policyTypeId
    ? await d.select().from(policyTypes).where(eq(policyTypes.id, values.policyTypeId))
    : await d.select().from(policyTypes).where(eq(policyTypes.shortName, shortName));
  if (!type) throw new Error(`unknown policy type ${values.policyTypeId ?? shortName}`);
  const customerId = await customerIdOf(d, values.customerId);
  const [row] = await d
    .insert(policies)
    .values({
      policyTypeId: type.id,
      threshold: 0,
      isDesc: type.isDesc,
      unit: type.unit,
      precision: type.precision,
      ...values,
      customerId,
    })
    .returning();
  if (siteIds.length > 0) {
    await d.insert(policySites).values(siteIds.map((siteId) => ({ policyId: row!.id, siteId })));
  }
  return row!;
}

/** Inserts a hardware unit (default a WXS station in Dallas, enabled, 12.6 V). */
export async function buildHardware(
  db: DbLike,
  overrides: Partial<Insert<typeof hardware>> = {},
): Promise<Row<typeof hardware>> {
  const d = dbOf(db);
  const n = next();
  const customerId = await customerIdOf(d, overrides.customerId);
  const [row] = await d
    .insert(hardware)
    .values({
      name: `Unit ${n}`,
      modelId: 'WXS',
      voltage: 12.6,
      latitude: 32.7767,
      longitude: -96.797,
      ...overrides,
      customerId,
    })
    .returning();
  return row!;
}

/** Inserts siren settings for a hardware unit (a new OWS unit of the customer when hardwareId is absent). */
export async function buildSiren(
  db: DbLike,
  overrides: Partial<Insert<typeof sirens>> = {},
): Promise<Row<typeof sirens>> {
  const d = dbOf(db);
  const customerId = await customerIdOf(d, overrides.customerId);
  const hardwareId = overrides.hardwareId ?? (await buildHardware(d, { customerId, modelId: 'OWS' })).id;
  const [row] = await d
    .insert(sirens)
    .values({ ...overrides, customerId, hardwareId })
    .returning();
  return row!;
}

/** Inserts a weather station (a new WXS unit of the customer when hardwareId is absent). */
export async function buildWeatherStation(
  db: DbLike,
  overrides: Partial<Insert<typeof weatherStations>> = {},
): Promise<Row<typeof weatherStations>> {
  const d = dbOf(db);
  const customerId = await customerIdOf(d, overrides.customerId);
  const hardwareId = overrides.hardwareId ?? (await buildHardware(d, { customerId, modelId: 'WXS' })).id;
  const [row] = await d
    .insert(weatherStations)
    .values({ name: `Station ${next()}`, type: 'WXS', ...overrides, customerId, hardwareId })
    .returning();
  return row!;
}

/** Inserts a stored PA message. */
export async function buildPaMessage(
  db: DbLike,
  overrides: Partial<Insert<typeof paMessages>> = {},
): Promise<Row<typeof paMessages>> {
  const d = dbOf(db);
  const n = next();
  const customerId = await customerIdOf(d, overrides.customerId);
  const [row] = await d
    .insert(paMessages)
    .values({ title: `Message ${n}`, message: `Stored message ${n}.`, ...overrides, customerId })
    .returning();
  return row!;
}

/** Inserts a PA unit. */
export async function buildPaUnit(
  db: DbLike,
  overrides: Partial<Insert<typeof paUnits>> = {},
): Promise<Row<typeof paUnits>> {
  const d = dbOf(db);
  const customerId = await customerIdOf(d, overrides.customerId);
  const [row] = await d
    .insert(paUnits)
    .values({ name: `PA ${next()}`, ...overrides, customerId })
    .returning();
  return row!;
}
