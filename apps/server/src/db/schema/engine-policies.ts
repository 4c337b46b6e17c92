// Engine tables of observations and policies (issue 5): station observations as recorded, the current
// conditions and history of every location (with where they came from), policy warnings and their life
// cycle, NWS alerts applied to locations, and customers' air-quality sensors. All state lives here so a
// restart loses nothing (ARCHITECTURE.md 'Policy warnings').
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { weatherStations } from './hardware.ts';
import { locations } from './locations.ts';
import { policies, policyTypes } from './policies.ts';

/**
 * One observation of a customer's weather station (the raw readings), SI units, with the derived values (°C).
 * Keyed by station and time (a reading again replaces itself). On PostgreSQL the table is partitioned by month of
 * `observed_at` (migration 0009; partitions made ahead and dropped by retention, engine/observations/readings-*.ts);
 * on PGlite it is one table with the same columns. Rolled up on ingest into schema/station-history.ts.
 */
export const stationObservations = pgTable(
  'station_observations',
  {
    stationId: integer()
      .notNull()
      .references(() => weatherStations.id, { onDelete: 'cascade' }),
    observedAt: timestamp({ withTimezone: true }).notNull(),
    temperatureC: doublePrecision().notNull(),
    relativeHumidityPct: doublePrecision().notNull(),
    dewPointC: doublePrecision(),
    windSpeedMs: doublePrecision().notNull(),
    windGustMs: doublePrecision().notNull(),
    windDirectionDeg: doublePrecision(),
    pressureHpa: doublePrecision(),
    solarWm2: doublePrecision(),
    /** Rain over the last hour, mm. */
    rainMm: doublePrecision().notNull().default(0),
    /** Rain since local midnight, mm. */
    rainTodayMm: doublePrecision(),
    weatherCode: text(),
    feelsLikeC: doublePrecision().notNull(),
    wbgtC: doublePrecision(),
    /** True when WBGT is the temperature/humidity estimate (no solar or wind), false for Liljegren. */
    wbgtIsEstimate: boolean().notNull().default(false),
    /** The data source's name (e.g. 'simulator'). */
    source: text().notNull(),
    /** Heat index, °C, where the spec's feels-like reads it (80 °F or above), else null (spec 03 §3 'HeatIndex'). */
    heatIndexC: doublePrecision(),
    /** Wind chill, °C, where the spec's feels-like reads it (50 °F or below, wind 5 mph or more), else null. */
    windChillC: doublePrecision(),
    /** Rain that fell since the station's previous reading, mm (from rain today, or the last hour's rate). */
    rainIncrementMm: doublePrecision().notNull().default(0),
    /** NowCast AQI of PM2.5 and PM10 at the station, when it has a particle sensor. */
    pm25Aqi: doublePrecision(),
    pm10Aqi: doublePrecision(),
  },
  (t) => [primaryKey({ columns: [t.stationId, t.observedAt] })],
);

/**
 * The latest conditions of a location, SI units, and where they came from: 'station' (its own or the nearest
 * customer station), 'metar' (nearest airport) or 'model' (forecast nowcast).
 */
export const locationConditions = pgTable(
  'location_conditions',
  {
    locationId: integer()
      .primaryKey()
      .references(() => locations.id, { onDelete: 'cascade' }),
    observedAt: timestamp({ withTimezone: true }).notNull(),
    source: text().notNull(),
    stationId: integer().references(() => weatherStations.id, { onDelete: 'set null' }),
    metarStationId: text(),
    metarStationName: text(),
    temperatureC: doublePrecision(),
    relativeHumidityPct: doublePrecision(),
    dewPointC: doublePrecision(),
    windSpeedMs: doublePrecision(),
    windGustMs: doublePrecision(),
    windDirectionDeg: doublePrecision(),
    pressureHpa: doublePrecision(),
    solarWm2: doublePrecision(),
    rainMm: doublePrecision(),
    rainTodayMm: doublePrecision(),
    weatherCode: text(),
    feelsLikeC: doublePrecision(),
    wbgtC: doublePrecision(),
    wbgtIsEstimate: boolean().notNull().default(false),
    /** PM2.5 NowCast AQI and its sensor's distance, miles, when a sensor is within reach. */
    pm25NowcastAqi: doublePrecision(),
    /** Highest current AQI over the pollutants of sensors within 10 miles, and per pollutant. */
    aqiMax: doublePrecision(),
    aqiPm25: doublePrecision(),
    aqiPm10: doublePrecision(),
    aqiO3: doublePrecision(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [check('location_conditions_source_check', sql`${t.source} in ('station', 'metar', 'model')`)],
);

/** The conditions timeline of a location: one point per recorded observation (°C, m/s). */
export const locationObservationHistory = pgTable(
  'location_observation_history',
  {
    locationId: integer()
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    observedAt: timestamp({ withTimezone: true }).notNull(),
    source: text().notNull(),
    temperatureC: doublePrecision(),
    windSpeedMs: doublePrecision(),
    wbgtC: doublePrecision(),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.observedAt] })],
);

/**
 * A policy warning of a location: one per location and policy type while active (ended_at null). value (the
 * latest), peak_value and threshold in the policy's unit; all_clear_at set while the value is clear, cleared on
 * a new breach.
 */
export const policyWarnings = pgTable(
  'policy_warnings',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    locationId: integer()
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    policyId: integer()
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    policyTypeId: integer()
      .notNull()
      .references(() => policyTypes.id),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    lastAlertAt: timestamp({ withTimezone: true }).notNull(),
    lastUpdateAt: timestamp({ withTimezone: true }).notNull(),
    value: doublePrecision().notNull(),
    threshold: doublePrecision().notNull(),
    /** The most severe value while breached (policy unit) and when it was seen: what the warning's texts quote. */
    peakValue: doublePrecision().notNull(),
    peakAt: timestamp({ withTimezone: true }).notNull(),
    allClearAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    correlationId: text().notNull(),
  },
  (t) => [
    uniqueIndex('policy_warnings_active_unique')
      .on(t.locationId, t.policyTypeId)
      .where(sql`${t.endedAt} is null`),
    index('policy_warnings_customer_id_idx').on(t.customerId),
  ],
);

/** An NWS alert applied to a location (polygon containment first, zone second); notified once. */
export const nwsAlertApplications = pgTable(
  'nws_alert_applications',
  {
    id: serial().primaryKey(),
    alertId: text().notNull(),
    locationId: integer()
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    event: text().notNull(),
    headline: text().notNull(),
    description: text().notNull(),
    severity: text().notNull(),
    onset: timestamp({ withTimezone: true }).notNull(),
    /** The alert's end (or expiry when it has no end): it no longer applies from then. */
    endsAt: timestamp({ withTimezone: true }).notNull(),
    firstSeen: timestamp({ withTimezone: true }).notNull(),
    notified: boolean().notNull().default(false),
  },
  (t) => [
    unique('nws_alert_applications_alert_location_unique').on(t.alertId, t.locationId),
    index('nws_alert_applications_location_id_idx').on(t.locationId),
  ],
);

/** A customer's air-quality sensor (spec 03 §2.7), with its latest AQI values. */
export const airQualitySensors = pgTable(
  'air_quality_sensors',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    enabled: boolean().notNull().default(true),
    pm25Aqi: doublePrecision(),
    pm10Aqi: doublePrecision(),
    lastActivityAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('air_quality_sensors_customer_id_idx').on(t.customerId)],
);
