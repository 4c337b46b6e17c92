// The only code of the lightning engine that touches Drizzle: locations and sirens to index, LR
// policies, strikes, zone states and siren commands.
import { and, asc, eq, inArray, lte, sql, type AnyColumn } from 'drizzle-orm';
import type { LightningPolicy } from '@allclear/domain';
import type { Strike } from '@allclear/weather';
import {
  hardware,
  lightningZoneStates,
  locations,
  policies,
  policyTypes,
  sirenAlertTimes,
  sirenCommands,
  sirenZoneStates,
  sirens,
  strikes,
} from '../../db/schema/index.ts';
import type { Tx } from '../contracts.ts';

const LIGHTNING_POLICY_TYPES = ['LR1', 'LR2', 'LR3', 'LR4'];
/** Rows or ids per statement: PostgreSQL allows 65,535 parameters in one statement. */
const CHUNK = 1_000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** LR1..LR4 policies per customer (oldest first, so the first of a type wins in applyPolicyLock); all customers when ids is undefined. */
export async function loadLightningPolicies(
  db: Tx,
  customerIds?: readonly number[],
): Promise<Map<number, LightningPolicy[]>> {
  if (customerIds && customerIds.length === 0) return new Map();
  const rows = await db
    .select({
      customerId: policies.customerId,
      policyTypeShortName: policyTypes.shortName,
      threshold: policies.threshold,
      allClearMinutes: policies.allClearMinutes,
    })
    .from(policies)
    .innerJoin(policyTypes, eq(policyTypes.id, policies.policyTypeId))
    .where(
      and(
        inArray(policyTypes.shortName, LIGHTNING_POLICY_TYPES),
        customerIds ? inArray(policies.customerId, [...customerIds]) : undefined,
      ),
    )
    .orderBy(asc(policies.id));
  const byCustomer = new Map<number, LightningPolicy[]>();
  for (const row of rows) {
    const list = byCustomer.get(row.customerId) ?? [];
    list.push({
      policyTypeShortName: row.policyTypeShortName,
      threshold: row.threshold,
      allClearMinutes: row.allClearMinutes,
    });
    byCustomer.set(row.customerId, list);
  }
  return byCustomer;
}

export interface LocationRow {
  id: number;
  customerId: number;
  label: string;
  latitude: number;
  longitude: number;
  radius1: number;
  radius2: number;
  radius3: number;
  radius4: number;
  allClearMinutes: number;
  countCloudToGroundOnly: boolean;
}

const locationColumns = {
  id: locations.id,
  customerId: locations.customerId,
  label: locations.label,
  latitude: locations.latitude,
  longitude: locations.longitude,
  radius1: locations.radius1,
  radius2: locations.radius2,
  radius3: locations.radius3,
  radius4: locations.radius4,
  allClearMinutes: locations.allClearMinutes,
  countCloudToGroundOnly: locations.countCloudToGroundOnly,
};

/** Locations with their zone settings: the given ids, a customer's, or every location. */
export async function loadLocations(
  db: Tx,
  filter: { ids?: readonly number[]; customerId?: number } = {},
): Promise<LocationRow[]> {
  const byCustomer =
    filter.customerId !== undefined ? eq(locations.customerId, filter.customerId) : undefined;
  if (!filter.ids) return db.select(locationColumns).from(locations).where(byCustomer);
  const out: LocationRow[] = [];
  for (const ids of chunks(filter.ids)) {
    out.push(
      ...(await db
        .select(locationColumns)
        .from(locations)
        .where(and(inArray(locations.id, ids), byCustomer))),
    );
  }
  return out;
}

/**
 * Which of these locations still exist. No row lock: locking thousands of rows at a storm's onset writes every
 * one of them; a location deleted in the moment between this read and the commit gets its alert, and the
 * engine drops it from the index when the deletion's bus event arrives.
 */
export async function existingLocations(db: Tx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  // one array parameter: binding thousands of IN parameters costs more than the lookups
  const list = `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
  const result = await db.execute(sql`
    select l.id from locations l join unnest(${list}::integer[]) as u(id) on u.id = l.id`);
  return new Set((result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id)));
}

export interface SirenRow {
  id: number;
  customerId: number;
  name: string;
  enabled: boolean;
  latitude: number;
  longitude: number;
  timeZoneId: string;
  radius: number;
  allClearMinutes: number;
  duration: number;
  frequency: number;
  allClearDuration: number;
  allClearFrequency: number;
}

/** Sirens with their unit's position and time zone: the given ids, or every siren. */
export async function loadSirens(db: Tx, ids?: readonly number[]): Promise<SirenRow[]> {
  if (ids && ids.length === 0) return [];
  return db
    .select({
      id: sirens.id,
      customerId: sirens.customerId,
      name: hardware.name,
      // a siren sounds only when both the OWS setting and its unit are enabled
      enabled: sql<boolean>`${sirens.enabled} and ${hardware.enabled}`,
      latitude: hardware.latitude,
      longitude: hardware.longitude,
      timeZoneId: hardware.timeZoneId,
      radius: sirens.radius,
      allClearMinutes: sirens.allClearMinutes,
      duration: sirens.duration,
      frequency: sirens.frequency,
      allClearDuration: sirens.allClearDuration,
      allClearFrequency: sirens.allClearFrequency,
    })
    .from(sirens)
    .innerJoin(hardware, eq(hardware.id, sirens.hardwareId))
    .where(ids ? inArray(sirens.id, [...ids]) : undefined);
}

export type SirenAlertTimeRow = typeof sirenAlertTimes.$inferSelect;

/** Alert-time rows of the given sirens. */
export async function loadSirenAlertTimes(db: Tx, sirenIds: readonly number[]): Promise<SirenAlertTimeRow[]> {
  if (sirenIds.length === 0) return [];
  return db
    .select()
    .from(sirenAlertTimes)
    .where(inArray(sirenAlertTimes.sirenId, [...sirenIds]));
}

/**
 * Inserts strikes, dropping duplicates (same id, or same time and place); returns the ids that were new. A
 * strike's received_at is when the product took it (its journal's stamp), else `receivedAt`. Rows travel as
 * one JSON parameter.
 */
export async function insertNewStrikes(
  db: Tx,
  batch: readonly (Strike & { receivedAt?: Date })[],
  receivedAt: Date,
): Promise<Set<string>> {
  if (batch.length === 0) return new Set();
  const json = JSON.stringify(
    batch.map((s) => ({
      id: s.id,
      time: s.time.toISOString(),
      latitude: s.latitude,
      longitude: s.longitude,
      type: s.type,
      amperage_ka: s.amperageKa,
      cloud: s.cloud,
      source: s.source,
      received_at: (s.receivedAt ?? receivedAt).toISOString(),
    })),
  );
  // execute() sends it now (a drizzle query awaited is sent on a later microtask): the engine matches the strikes
  // while the database inserts them
  const result = await db
    .execute(
      sql`
    insert into strikes (id, time, latitude, longitude, type, amperage_ka, cloud, source, received_at)
    select id, time, latitude, longitude, type, amperage_ka, cloud, source, received_at
    from jsonb_to_recordset(${json}::jsonb) as t(id text, time timestamptz, latitude double precision,
      longitude double precision, type smallint, amperage_ka real, cloud boolean, source text,
      received_at timestamptz)
    on conflict do nothing
    returning id`,
    )
    .execute();
  return new Set((result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id));
}

/** Stored strikes with time at or after `since`, oldest first. */
export async function loadStrikesSince(db: Tx, since: Date): Promise<Strike[]> {
  const rows = await db
    .select()
    .from(strikes)
    .where(sql`${strikes.time} >= ${since}`)
    .orderBy(asc(strikes.time));
  return rows.map((r) => ({
    id: r.id,
    time: r.time,
    latitude: r.latitude,
    longitude: r.longitude,
    type: r.type as Strike['type'],
    amperageKa: r.amperageKa,
    cloud: r.cloud,
    source: r.source,
    observedAt: r.time,
  }));
}

export type ZoneStateRow = typeof lightningZoneStates.$inferSelect;
export type SirenStateRow = typeof sirenZoneStates.$inferSelect;

/** `column in (ids)` with every id in one JSON parameter, so thousands of ids cost one parameter. */
function inJsonIds(column: AnyColumn, ids: readonly number[]) {
  return sql`${column} in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::integer)`;
}

/** Zone states of the given locations. */
export async function loadZoneStates(db: Tx, locationIds: readonly number[]): Promise<ZoneStateRow[]> {
  if (locationIds.length === 0) return [];
  return db.select().from(lightningZoneStates).where(inJsonIds(lightningZoneStates.locationId, locationIds));
}

/** Every stored zone state (the engine mirrors them in memory). */
export async function loadAllZoneStates(db: Tx): Promise<ZoneStateRow[]> {
  return db.select().from(lightningZoneStates);
}

/** Siren states of the given sirens. */
export async function loadSirenStates(db: Tx, sirenIds: readonly number[]): Promise<SirenStateRow[]> {
  if (sirenIds.length === 0) return [];
  return db.select().from(sirenZoneStates).where(inJsonIds(sirenZoneStates.sirenId, sirenIds));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Writes zone states (insert or replace by location and zone) in one statement whose rows travel as one JSON parameter. */
export async function saveZoneStates(db: Tx, rows: readonly ZoneStateRow[]): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((r) => ({
      location_id: r.locationId,
      zone: r.zone,
      last_strike_at: iso(r.lastStrikeAt),
      last_strike_id: r.lastStrikeId,
      last_strike_distance_miles: r.lastStrikeDistanceMiles,
      last_strike_bearing_deg: r.lastStrikeBearingDeg,
      delay_started_at: iso(r.delayStartedAt),
      all_clear_at: iso(r.allClearAt),
      correlation_id: r.correlationId,
      in_delay: r.inDelay,
    })),
  );
  await db.execute(sql`
    insert into lightning_zone_states (location_id, zone, last_strike_at, last_strike_id, last_strike_distance_miles,
      last_strike_bearing_deg, delay_started_at, all_clear_at, correlation_id, in_delay)
    select location_id, zone, last_strike_at, last_strike_id, last_strike_distance_miles, last_strike_bearing_deg,
      delay_started_at, all_clear_at, correlation_id, in_delay
    from jsonb_to_recordset(${json}::jsonb) as t(location_id integer, zone smallint, last_strike_at timestamptz,
      last_strike_id text, last_strike_distance_miles real, last_strike_bearing_deg real, delay_started_at timestamptz,
      all_clear_at timestamptz, correlation_id uuid, in_delay boolean)
    on conflict (location_id, zone) do update set
      last_strike_at = excluded.last_strike_at,
      last_strike_id = excluded.last_strike_id,
      last_strike_distance_miles = excluded.last_strike_distance_miles,
      last_strike_bearing_deg = excluded.last_strike_bearing_deg,
      delay_started_at = excluded.delay_started_at,
      all_clear_at = excluded.all_clear_at,
      correlation_id = excluded.correlation_id,
      in_delay = excluded.in_delay`);
}

/** Writes siren states (insert or replace by siren). */
export async function saveSirenStates(db: Tx, rows: readonly SirenStateRow[]): Promise<void> {
  for (const chunk of chunks(rows)) {
    await db
      .insert(sirenZoneStates)
      .values(chunk)
      .onConflictDoUpdate({
        target: sirenZoneStates.sirenId,
        set: {
          lastStrikeAt: sql`excluded.last_strike_at`,
          lastStrikeId: sql`excluded.last_strike_id`,
          lastStrikeDistanceMiles: sql`excluded.last_strike_distance_miles`,
          delayStartedAt: sql`excluded.delay_started_at`,
          allClearAt: sql`excluded.all_clear_at`,
          correlationId: sql`excluded.correlation_id`,
          inDelay: sql`excluded.in_delay`,
        },
      });
  }
}

/** Location ids with a zone in delay whose all-clear time is at or before `now`. */
export async function dueLocationIds(db: Tx, now: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ locationId: lightningZoneStates.locationId })
    .from(lightningZoneStates)
    .where(and(eq(lightningZoneStates.inDelay, true), lte(lightningZoneStates.allClearAt, now)));
  return rows.map((r) => r.locationId);
}

/** Siren ids in delay whose all-clear time is at or before `now`. */
export async function dueSirenIds(db: Tx, now: Date): Promise<number[]> {
  const rows = await db
    .select({ sirenId: sirenZoneStates.sirenId })
    .from(sirenZoneStates)
    .where(and(eq(sirenZoneStates.inDelay, true), lte(sirenZoneStates.allClearAt, now)));
  return rows.map((r) => r.sirenId);
}

export type NewSirenCommand = typeof sirenCommands.$inferInsert;

/** Queues siren commands (the device gateway publishes them). */
export async function insertSirenCommands(db: Tx, rows: readonly NewSirenCommand[]): Promise<void> {
  for (const chunk of chunks(rows)) await db.insert(sirenCommands).values(chunk);
}

/** The newest strikes since `from` inside a latitude/longitude box, newest first. */
export async function recentStrikesInBox(
  db: Tx,
  from: Date,
  box: { south: number; north: number; west: number; east: number },
  limit = 5000,
) {
  return db
    .select({
      id: strikes.id,
      time: strikes.time,
      latitude: strikes.latitude,
      longitude: strikes.longitude,
      type: strikes.type,
    })
    .from(strikes)
    .where(
      and(
        sql`${strikes.time} >= ${from}`,
        sql`${strikes.latitude} between ${box.south} and ${box.north}`,
        sql`${strikes.longitude} between ${box.west} and ${box.east}`,
      ),
    )
    .orderBy(sql`${strikes.time} desc`)
    .limit(limit);
}
