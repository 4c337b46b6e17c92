// Station history (issue 17, spec 03 §2.4, §2.5, §3): the rollups of the raw station readings
// (station_observations) at 15 minutes, one hour and one local day, kept current on ingest
// (engine/observations/readings.repository.ts), and the e-mailed reports with their files.
//
// A rollup row holds, per metric of spec 03 §3 'Observations and their metrics', what its Minimum, Maximum,
// Average (a sum and a count) and Accumulation need, so a coarser bucket is exactly the merge of finer ones.
// Units are the raw readings' SI units (°C, %, m/s, mm, W/m²); the API converts when it presents them.
import {
  bigint,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { weatherStations } from './hardware.ts';

/** The aggregate columns every rollup grain has. */
function rollupMeasures() {
  return {
    /** Readings in the bucket. */
    readings: integer().notNull(),
    temperatureMinC: doublePrecision().notNull(),
    temperatureMaxC: doublePrecision().notNull(),
    temperatureSumC: doublePrecision().notNull(),
    feelsLikeMinC: doublePrecision().notNull(),
    feelsLikeMaxC: doublePrecision().notNull(),
    feelsLikeSumC: doublePrecision().notNull(),
    heatIndexMaxC: doublePrecision(),
    heatIndexSumC: doublePrecision().notNull().default(0),
    heatIndexCount: integer().notNull().default(0),
    windChillMinC: doublePrecision(),
    windChillSumC: doublePrecision().notNull().default(0),
    windChillCount: integer().notNull().default(0),
    wbgtMinC: doublePrecision(),
    wbgtMaxC: doublePrecision(),
    wbgtSumC: doublePrecision().notNull().default(0),
    wbgtCount: integer().notNull().default(0),
    humidityMinPct: doublePrecision().notNull(),
    humidityMaxPct: doublePrecision().notNull(),
    humiditySumPct: doublePrecision().notNull(),
    dewPointMinC: doublePrecision(),
    dewPointMaxC: doublePrecision(),
    dewPointSumC: doublePrecision().notNull().default(0),
    dewPointCount: integer().notNull().default(0),
    windSpeedMinMs: doublePrecision().notNull(),
    windSpeedMaxMs: doublePrecision().notNull(),
    windSpeedSumMs: doublePrecision().notNull(),
    windGustMaxMs: doublePrecision().notNull(),
    /** Rain that fell in the bucket, mm (the readings' increments). */
    rainMm: doublePrecision().notNull(),
    /** Highest 'rain over the last hour' a reading of the bucket gave, mm (the hourly maxRain1Hr). */
    rain1hMaxMm: doublePrecision().notNull(),
    solarSumWm2: doublePrecision().notNull().default(0),
    solarCount: integer().notNull().default(0),
    pm25AqiMax: doublePrecision(),
    pm25AqiSum: doublePrecision().notNull().default(0),
    pm25AqiCount: integer().notNull().default(0),
    pm10AqiMax: doublePrecision(),
    pm10AqiSum: doublePrecision().notNull().default(0),
    pm10AqiCount: integer().notNull().default(0),
  };
}

const stationRef = () =>
  integer()
    .notNull()
    .references(() => weatherStations.id, { onDelete: 'cascade' });

/** 15-minute rollups, buckets aligned on UTC quarter hours (every time zone's offset is a multiple of 15 min). */
export const stationReadings15m = pgTable(
  'station_readings_15m',
  {
    stationId: stationRef(),
    bucketStart: timestamp({ withTimezone: true }).notNull(),
    ...rollupMeasures(),
  },
  (t) => [primaryKey({ columns: [t.stationId, t.bucketStart] })],
);

/** Hourly rollups, buckets aligned on UTC hours. */
export const stationReadingsHourly = pgTable(
  'station_readings_hourly',
  {
    stationId: stationRef(),
    bucketStart: timestamp({ withTimezone: true }).notNull(),
    ...rollupMeasures(),
  },
  (t) => [primaryKey({ columns: [t.stationId, t.bucketStart] })],
);

/** Daily rollups: one local day of the station's unit (hardware.time_zone_id), with its reference ET. */
export const stationReadingsDaily = pgTable(
  'station_readings_daily',
  {
    stationId: stationRef(),
    /** The local date. */
    day: date({ mode: 'string' }).notNull(),
    /** Local midnight of that day, as an instant. */
    bucketStart: timestamp({ withTimezone: true }).notNull(),
    timeZone: text().notNull(),
    ...rollupMeasures(),
    /** ASCE standardized short-reference ET of the day, mm (et0AsceDaily); null without solar radiation. */
    et0Mm: doublePrecision(),
  },
  (t) => [primaryKey({ columns: [t.stationId, t.day] })],
);

/** Bytes in PostgreSQL (bytea); node-postgres and PGlite both hand back a Uint8Array or Buffer. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** A report asked for with POST reports/generate (spec 03 §3 'Report request'), built by a pg-boss job. */
export const reportJobs = pgTable(
  'report_jobs',
  {
    id: uuid().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The user who asked (the Requestor). */
    requestedBy: uuid().notNull(),
    name: text().notNull(),
    /** The request as validated (contracts ZReportRequest). */
    request: jsonb().notNull(),
    /** queued → running → done | failed; a failed job may be queued again (retry). */
    status: text().notNull().default('queued'),
    /** 0–100 while running. */
    progress: integer().notNull().default(0),
    /** Why it failed, in words a user can act on. */
    error: text(),
    rows: integer(),
    /** 'attachment' (files up to 5 MB in the e-mail) or 'link' (a signed download link valid 7 days). */
    delivery: text(),
    attempts: integer().notNull().default(0),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('report_jobs_customer_id_idx').on(t.customerId, t.created)],
);

/** A file a report job wrote (CSV or XLSX), kept in the database so every process can send or serve it. */
export const reportFiles = pgTable(
  'report_files',
  {
    id: uuid().primaryKey(),
    reportId: uuid()
      .notNull()
      .references(() => reportJobs.id, { onDelete: 'cascade' }),
    format: text().notNull(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull().default(0),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Its download link works until then (7 days). */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('report_files_report_id_idx').on(t.reportId)],
);

/** A file's bytes in chunks of up to 1 MiB, in order: written as the job streams, read back as a stream. */
export const reportFileChunks = pgTable(
  'report_file_chunks',
  {
    fileId: uuid()
      .notNull()
      .references(() => reportFiles.id, { onDelete: 'cascade' }),
    seq: integer().notNull(),
    bytes: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);
