// Engine tables of the lightning engine and the siren gateway (issue 5): strikes as received, the
// delay state of every location zone and every siren, and the siren command outbox. All engine state
// lives here so a restart loses nothing (ARCHITECTURE.md 'Lightning delay').
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { sirens } from './hardware.ts';
import { locations } from './locations.ts';

/** A lightning strike as received from the source; duplicates (same id, or same time and place) are dropped on insert. */
export const strikes = pgTable(
  'strikes',
  {
    /** The source's id. */
    id: text().primaryKey(),
    time: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    /** 1 Ground General, 2 Ground to Cloud, 3 Cloud to Ground, 4 Cloud Pulse (spec 01 §3). */
    type: smallint().notNull(),
    /** Peak current, kA (signed). */
    amperageKa: real().notNull().default(0),
    /** True for an in-cloud discharge. */
    cloud: boolean().notNull().default(false),
    source: text().notNull().default(''),
    receivedAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    index('strikes_time_idx').on(t.time),
    unique('strikes_time_place_unique').on(t.time, t.latitude, t.longitude),
    check('strikes_type_check', sql`${t.type} between 1 and 4`),
  ],
);

/** Delay state of one zone (1..4) of a location: its last strike and, while in delay, the all-clear time. */
export const lightningZoneStates = pgTable(
  'lightning_zone_states',
  {
    locationId: integer()
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    zone: smallint().notNull(),
    lastStrikeAt: timestamp({ withTimezone: true, precision: 3 }),
    lastStrikeId: text(),
    lastStrikeDistanceMiles: real(),
    /** Initial bearing from the location to the last strike, degrees clockwise from north. */
    lastStrikeBearingDeg: real(),
    delayStartedAt: timestamp({ withTimezone: true, precision: 3 }),
    allClearAt: timestamp({ withTimezone: true, precision: 3 }),
    /** Shared by the events of one delay episode of the location (delay, escalations, all-clears). */
    correlationId: uuid(),
    inDelay: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.zone] }),
    index('lightning_zone_states_due_idx')
      .on(t.allClearAt)
      .where(sql`${t.inDelay}`),
    check('lightning_zone_states_zone_check', sql`${t.zone} between 1 and 4`),
  ],
);

/** Delay state of a siren (OWS): one zone of the siren's own radius and all-clear minutes. */
export const sirenZoneStates = pgTable(
  'siren_zone_states',
  {
    sirenId: integer()
      .primaryKey()
      .references(() => sirens.id, { onDelete: 'cascade' }),
    lastStrikeAt: timestamp({ withTimezone: true, precision: 3 }),
    lastStrikeId: text(),
    lastStrikeDistanceMiles: real(),
    delayStartedAt: timestamp({ withTimezone: true, precision: 3 }),
    allClearAt: timestamp({ withTimezone: true, precision: 3 }),
    correlationId: uuid(),
    inDelay: boolean().notNull().default(false),
  },
  (t) => [
    index('siren_zone_states_due_idx')
      .on(t.allClearAt)
      .where(sql`${t.inDelay}`),
  ],
);

/** A command to a siren over MQTT; undelivered (unacknowledged) after expires_at it is expired, never sent late. */
export const sirenCommands = pgTable(
  'siren_commands',
  {
    id: uuid().primaryKey(),
    sirenId: integer()
      .notNull()
      .references(() => sirens.id, { onDelete: 'cascade' }),
    /** 'warning' | 'all-clear' (the lightning engine); 'test-delay' | 'test-all-clear' | 'test-light' | 'test-stop' | 'settings' (operators and drills, issue 16). */
    kind: text().notNull(),
    payload: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    /** created_at + 60 s. */
    expiresAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    /** 'pending' | 'delivered' | 'expired'. */
    status: text().notNull().default('pending'),
    /** Last time the gateway published it (it is republished until acknowledged or expired). */
    publishedAt: timestamp({ withTimezone: true, precision: 3 }),
    deliveredAt: timestamp({ withTimezone: true, precision: 3 }),
    /** What the siren reported after carrying the command out (a test's sound report; issue 16), and when. */
    report: jsonb(),
    reportedAt: timestamp({ withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('siren_commands_siren_id_idx').on(t.sirenId),
    index('siren_commands_pending_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    check(
      'siren_commands_kind_check',
      sql`${t.kind} in ('warning', 'all-clear', 'test-delay', 'test-all-clear', 'test-light', 'test-stop', 'settings')`,
    ),
    check('siren_commands_status_check', sql`${t.status} in ('pending', 'delivered', 'expired')`),
  ],
);
