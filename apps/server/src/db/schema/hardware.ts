// On-site hardware: units (OWX combined, OWS siren, WXS station), siren details and alert times,
// weather stations, remote relays, PA units and stored PA messages: spec 02 §3, spec 03 §3.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  smallint,
  text,
  time,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { organizationLocations } from './locations.ts';
import { policyTypes } from './policies.ts';

/** PA text limit, characters (spec 02 §5, §9). */
export const PA_MESSAGE_MAX_LENGTH = 350;

/** A stored PA message of a customer. */
export const paMessages = pgTable(
  'pa_messages',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    message: varchar({ length: PA_MESSAGE_MAX_LENGTH }).notNull(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pa_messages_customer_id_idx').on(t.customerId)],
);

/** A hardware unit; modelId OWX (siren + station), OWS (siren) or WXS (station). */
export const hardware = pgTable(
  'hardware',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    organizationLocationId: integer().references(() => organizationLocations.id, { onDelete: 'set null' }),
    name: text().notNull(),
    modelId: text().notNull(),
    /** Battery volts; healthy at 12.1 or above (spec 02 §4). */
    voltage: real(),
    connectedAt: timestamp({ withTimezone: true }),
    /** IANA time zone of the unit. */
    timeZoneId: text().notNull().default('America/Chicago'),
    enabled: boolean().notNull().default(true),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    ipAddress: text(),
    /** Stored PA message played after the siren. */
    afterSirenPaId: integer().references(() => paMessages.id, { onDelete: 'set null' }),
    /** 3 means a newer model (spec 03 §3). */
    webRelayType: integer(),
    features: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('hardware_customer_id_idx').on(t.customerId),
    index('hardware_organization_location_id_idx').on(t.organizationLocationId),
    check('hardware_model_id_check', sql`${t.modelId} in ('OWX', 'OWS', 'WXS')`),
  ],
);

/** Siren (OWS) settings of a hardware unit: radius miles, durations seconds, frequencies times played. */
export const sirens = pgTable(
  'sirens',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    hardwareId: integer()
      .notNull()
      .unique()
      .references(() => hardware.id, { onDelete: 'cascade' }),
    enabled: boolean().notNull().default(true),
    radius: real().notNull().default(8),
    allClearMinutes: integer().notNull().default(30),
    duration: integer().notNull().default(10),
    frequency: integer().notNull().default(1),
    allClearDuration: integer().notNull().default(10),
    allClearFrequency: integer().notNull().default(1),
    postWarnMessage: text(),
    postAllClearMessage: text(),
    /** Name shown on the public siren page. */
    publicName: text(),
    /** Bumped at each settings save; the siren reports the version it holds (issue 16). */
    settingsVersion: integer().notNull().default(1),
    /** The settings the siren last reported holding (its telemetry), and when. */
    reportedSettings: jsonb(),
    settingsReportedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('sirens_customer_id_idx').on(t.customerId)],
);

/** A siren's active window for one weekday (day 0 Sunday .. 6 Saturday; local 'HH:MM:SS'). */
export const sirenAlertTimes = pgTable(
  'siren_alert_times',
  {
    id: serial().primaryKey(),
    sirenId: integer()
      .notNull()
      .references(() => sirens.id, { onDelete: 'cascade' }),
    day: smallint().notNull(),
    startTime: time().notNull().default('00:00:00'),
    endTime: time().notNull().default('00:00:00'),
    allDay: boolean().notNull().default(true),
    enabled: boolean().notNull().default(true),
  },
  (t) => [
    index('siren_alert_times_siren_id_idx').on(t.sirenId),
    check('siren_alert_times_day_check', sql`${t.day} between 0 and 6`),
  ],
);

/** A weather station (the station side of a WXS or OWX unit). */
export const weatherStations = pgTable(
  'weather_stations',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    hardwareId: integer().references(() => hardware.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    type: text().notNull().default('WXS'),
    imageUrl: text(),
  },
  (t) => [
    index('weather_stations_customer_id_idx').on(t.customerId),
    index('weather_stations_hardware_id_idx').on(t.hardwareId),
  ],
);

/** A remote relay on a unit, optionally switched automatically by a policy type. */
export const remoteRelays = pgTable(
  'remote_relays',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    hardwareId: integer()
      .notNull()
      .references(() => hardware.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    toggled: boolean().notNull().default(false),
    /** remoteRelayTrigger.policyTypeId; null = 'No Automation Set'. */
    triggerPolicyTypeId: integer().references(() => policyTypes.id, { onDelete: 'set null' }),
    /** The relay's number on its board (relay1State, relay2State...; issue 16). */
    channel: integer().notNull().default(1),
    /** What automation last set: on while a warning of the trigger type is active at the unit's location. */
    automationOn: boolean().notNull().default(false),
  },
  (t) => [
    index('remote_relays_customer_id_idx').on(t.customerId),
    index('remote_relays_hardware_id_idx').on(t.hardwareId),
  ],
);

/** A public-address unit. */
export const paUnits = pgTable(
  'pa_units',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    hardwareId: integer().references(() => hardware.id, { onDelete: 'set null' }),
    name: text().notNull(),
    ipAddress: text(),
    defaultPlayCount: integer().notNull().default(1),
  },
  (t) => [index('pa_units_customer_id_idx').on(t.customerId)],
);
