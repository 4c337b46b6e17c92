// What operators and the product do with on-site hardware (issue 16): PA commands over MQTT (the siren commands are
// in engine-lightning.ts, one outbox for the engine, operators and drills), the audit of every operator and
// automation action (who, when, why, what the device answered), and scheduled siren drills with their runs.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { paUnits, sirens } from './hardware.ts';
import { users } from './users.ts';

/** A message to a PA unit over MQTT; unacknowledged by expires_at it is expired, never sent late. */
export const paCommands = pgTable(
  'pa_commands',
  {
    id: uuid().primaryKey(),
    paUnitId: integer()
      .notNull()
      .references(() => paUnits.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** { commandId, paUnitId, message, repeatCount, afterSeconds, issuedAt, expiresAt, ... }. */
    payload: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    expiresAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    /** 'pending' | 'delivered' | 'expired'. */
    status: text().notNull().default('pending'),
    publishedAt: timestamp({ withTimezone: true, precision: 3 }),
    deliveredAt: timestamp({ withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('pa_commands_pa_unit_id_idx').on(t.paUnitId),
    index('pa_commands_pending_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    check('pa_commands_status_check', sql`${t.status} in ('pending', 'delivered', 'expired')`),
  ],
);

/**
 * One operator or automation action on hardware: a unit or its siren disabled or enabled (with the reason), a test,
 * a settings change, a relay switched, a PA message, a drill. The ids are not foreign keys: the trail outlives the
 * unit (it goes with its customer).
 */
export const hardwareAudit = pgTable(
  'hardware_audit',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    hardwareId: integer(),
    sirenId: integer(),
    relayId: integer(),
    paUnitId: integer(),
    drillId: integer(),
    /** 'hardware-disabled', 'siren-enabled', 'test-delay', 'settings', 'relay-on', 'pa-message', 'drill'... */
    action: text().notNull(),
    /** The reason an operator gave (disable/enable), or what triggered an automation. */
    reason: text(),
    /** The user who acted; null for the product itself (automation, drills). */
    actorUserId: uuid(),
    actorName: text().notNull(),
    at: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    /** 'ok' | 'failed' (the device did not answer or refused) | null (nothing to answer). */
    outcome: text(),
    details: jsonb().notNull().default({}),
  },
  (t) => [
    index('hardware_audit_customer_hardware_idx').on(t.customerId, t.hardwareId, t.at),
    check('hardware_audit_outcome_check', sql`${t.outcome} is null or ${t.outcome} in ('ok', 'failed')`),
  ],
);

/** A scheduled siren drill: a test run on its sirens at a local time of their zone, once, weekly or monthly. */
export const sirenDrills = pgTable(
  'siren_drills',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** 'delay' | 'all-clear' | 'light'. */
    testType: text().notNull(),
    /** The first run's local date 'YYYY-MM-DD' and time 'HH:mm' in time_zone; later runs keep the wall time. */
    localDate: text().notNull(),
    localTime: text().notNull(),
    timeZone: text().notNull(),
    /** 'once' | 'weekly' | 'monthly'. */
    recurrence: text().notNull(),
    /** When it runs next; null once a one-off drill has run. */
    nextRunAt: timestamp({ withTimezone: true, precision: 3 }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    index('siren_drills_customer_id_idx').on(t.customerId),
    index('siren_drills_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.nextRunAt} is not null`),
    check('siren_drills_test_type_check', sql`${t.testType} in ('delay', 'all-clear', 'light')`),
    check('siren_drills_recurrence_check', sql`${t.recurrence} in ('once', 'weekly', 'monthly')`),
  ],
);

/** The sirens a drill runs on. */
export const sirenDrillSirens = pgTable(
  'siren_drill_sirens',
  {
    drillId: integer()
      .notNull()
      .references(() => sirenDrills.id, { onDelete: 'cascade' }),
    sirenId: integer()
      .notNull()
      .references(() => sirens.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.drillId, t.sirenId] }),
    index('siren_drill_sirens_siren_id_idx').on(t.sirenId),
  ],
);

/** One run of a drill: each siren's answer and sound report, the outcome, and the report e-mailed. */
export const sirenDrillRuns = pgTable(
  'siren_drill_runs',
  {
    id: serial().primaryKey(),
    drillId: integer()
      .notNull()
      .references(() => sirenDrills.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    scheduledAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    startedAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    finishedAt: timestamp({ withTimezone: true, precision: 3 }),
    /** 'passed' | 'failed' | 'skipped'; null while it runs. */
    outcome: text(),
    /** Per siren: { sirenId, hardwareId, name, outcome, commandId, answeredAt, soundReport }. */
    results: jsonb().notNull().default([]),
    summary: text(),
  },
  (t) => [index('siren_drill_runs_drill_id_idx').on(t.drillId, t.startedAt)],
);
