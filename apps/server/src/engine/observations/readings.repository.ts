// The raw station readings and their rollups in the database (issue 17 'Data that lasts'). A reading is stored and
// its 15-minute, hourly and daily buckets brought up to date in one transaction: the 15-minute bucket from the
// raw readings it holds, the hour and the local day from their 15-minute buckets, the day's reference ET from its
// aggregates. A reading also changes its successor's rain increment (the rain since the previous reading), so a
// late reading updates that neighbour and its buckets too. Recomputing a touched bucket (at most 15 raw rows, 4 or
// 96 quarter hours) rather than adding to it keeps a corrected reading exact: minima and maxima cannot be taken
// back. The same statements rebuild any range set-based (the demo backfill, the benchmark).
import { and, asc, desc, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  hardware,
  stationObservations,
  stationReadings15m,
  stationReadingsDaily,
  stationReadingsHourly,
  weatherStations,
} from '../../db/schema/index.ts';
import type { Tx } from '../contracts.ts';
import {
  bucket15mOf,
  et0OfDay,
  RAIN_NEIGHBOUR_WINDOW_MS,
  rainIncrementMm,
  type DayForEt,
} from './readings.ts';

export type ReadingInsert = typeof stationObservations.$inferInsert;
/** A 15-minute or hourly rollup row; a daily one adds its local date, zone and ET. */
export type RollupRow = typeof stationReadings15m.$inferInsert;
export type DailyRollupRow = typeof stationReadingsDaily.$inferInsert;

const QUARTER_MS = 15 * 60_000;
/** Rows per statement of a backfill's insert: one statement is one uninterrupted stretch of the event loop. */
export const BACKFILL_CHUNK_ROWS = 100;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BACKFILL_CHUNK_ROWS) out.push(rows.slice(i, i + BACKFILL_CHUNK_ROWS));
  return out;
}
const HOUR_MS = 3_600_000;

/**
 * Every rollup column: its aggregate over raw readings and its merge over finer buckets. Averages are kept as a sum
 * and a count, so a coarser bucket is exactly the merge of its finer ones.
 */
export const ROLLUP_COLUMNS: readonly (readonly [column: string, fromRaw: string, merge: string])[] = [
  ['readings', 'count(*)', 'sum(readings)'],
  ['temperature_min_c', 'min(temperature_c)', 'min(temperature_min_c)'],
  ['temperature_max_c', 'max(temperature_c)', 'max(temperature_max_c)'],
  ['temperature_sum_c', 'sum(temperature_c)', 'sum(temperature_sum_c)'],
  ['feels_like_min_c', 'min(feels_like_c)', 'min(feels_like_min_c)'],
  ['feels_like_max_c', 'max(feels_like_c)', 'max(feels_like_max_c)'],
  ['feels_like_sum_c', 'sum(feels_like_c)', 'sum(feels_like_sum_c)'],
  ['heat_index_max_c', 'max(heat_index_c)', 'max(heat_index_max_c)'],
  ['heat_index_sum_c', 'coalesce(sum(heat_index_c), 0)', 'sum(heat_index_sum_c)'],
  ['heat_index_count', 'count(heat_index_c)', 'sum(heat_index_count)'],
  ['wind_chill_min_c', 'min(wind_chill_c)', 'min(wind_chill_min_c)'],
  ['wind_chill_sum_c', 'coalesce(sum(wind_chill_c), 0)', 'sum(wind_chill_sum_c)'],
  ['wind_chill_count', 'count(wind_chill_c)', 'sum(wind_chill_count)'],
  ['wbgt_min_c', 'min(wbgt_c)', 'min(wbgt_min_c)'],
  ['wbgt_max_c', 'max(wbgt_c)', 'max(wbgt_max_c)'],
  ['wbgt_sum_c', 'coalesce(sum(wbgt_c), 0)', 'sum(wbgt_sum_c)'],
  ['wbgt_count', 'count(wbgt_c)', 'sum(wbgt_count)'],
  ['humidity_min_pct', 'min(relative_humidity_pct)', 'min(humidity_min_pct)'],
  ['humidity_max_pct', 'max(relative_humidity_pct)', 'max(humidity_max_pct)'],
  ['humidity_sum_pct', 'sum(relative_humidity_pct)', 'sum(humidity_sum_pct)'],
  ['dew_point_min_c', 'min(dew_point_c)', 'min(dew_point_min_c)'],
  ['dew_point_max_c', 'max(dew_point_c)', 'max(dew_point_max_c)'],
  ['dew_point_sum_c', 'coalesce(sum(dew_point_c), 0)', 'sum(dew_point_sum_c)'],
  ['dew_point_count', 'count(dew_point_c)', 'sum(dew_point_count)'],
  ['wind_speed_min_ms', 'min(wind_speed_ms)', 'min(wind_speed_min_ms)'],
  ['wind_speed_max_ms', 'max(wind_speed_ms)', 'max(wind_speed_max_ms)'],
  ['wind_speed_sum_ms', 'sum(wind_speed_ms)', 'sum(wind_speed_sum_ms)'],
  ['wind_gust_max_ms', 'max(wind_gust_ms)', 'max(wind_gust_max_ms)'],
  ['rain_mm', 'sum(rain_increment_mm)', 'sum(rain_mm)'],
  ['rain1h_max_mm', 'max(rain_mm)', 'max(rain1h_max_mm)'],
  ['solar_sum_wm2', 'coalesce(sum(solar_wm2), 0)', 'sum(solar_sum_wm2)'],
  ['solar_count', 'count(solar_wm2)', 'sum(solar_count)'],
  ['pm25_aqi_max', 'max(pm25_aqi)', 'max(pm25_aqi_max)'],
  ['pm25_aqi_sum', 'coalesce(sum(pm25_aqi), 0)', 'sum(pm25_aqi_sum)'],
  ['pm25_aqi_count', 'count(pm25_aqi)', 'sum(pm25_aqi_count)'],
  ['pm10_aqi_max', 'max(pm10_aqi)', 'max(pm10_aqi_max)'],
  ['pm10_aqi_sum', 'coalesce(sum(pm10_aqi), 0)', 'sum(pm10_aqi_sum)'],
  ['pm10_aqi_count', 'count(pm10_aqi)', 'sum(pm10_aqi_count)'],
];

const names = ROLLUP_COLUMNS.map(([c]) => c).join(', ');
const fromRaw = ROLLUP_COLUMNS.map(([, raw]) => raw).join(', ');
const merged = ROLLUP_COLUMNS.map(([, , merge]) => merge).join(', ');
// each day merged in a LATERAL subquery over its own range of the station's 15-minute buckets, which the primary key
// answers: as a join of the days with those buckets, the planner (which guesses 1,000 rows of generate_series) chose
// a scan of every station's buckets, seconds once they hold years (issue 17 bench); a day without buckets merges to
// a NULL count and is left out, as the join left it
const mergedAs = ROLLUP_COLUMNS.map(([c, , merge]) => `${merge} AS ${c}`).join(', ');
const namesOfM = ROLLUP_COLUMNS.map(([c]) => `m.${c}`).join(', ');
const updateAll = ROLLUP_COLUMNS.map(([c]) => `${c} = excluded.${c}`).join(', ');

/** A station as its rollups need it: its unit's zone (the local day) and latitude (the ET). */
export interface RollupStation {
  id: number;
  latitude: number;
}

/** A neighbour's rain measures and its stored increment. */
const neighbourColumns = {
  observedAt: stationObservations.observedAt,
  rainMm: stationObservations.rainMm,
  rainTodayMm: stationObservations.rainTodayMm,
  rainIncrementMm: stationObservations.rainIncrementMm,
};

export class ReadingsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Stores a reading and brings its rollups up to date, in one transaction. A second reading of the same station and
   * time is ignored, unless `replace` (a correction, or a station's own report replacing a provider's): then it
   * replaces the first and its buckets are computed again. Returns false when nothing was stored.
   */
  async record(station: RollupStation, row: ReadingInsert, replace: boolean): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const at = row.observedAt;
      const window = RAIN_NEIGHBOUR_WINDOW_MS;
      const [previous] = await tx
        .select(neighbourColumns)
        .from(stationObservations)
        .where(
          and(
            eq(stationObservations.stationId, station.id),
            lt(stationObservations.observedAt, at),
            gte(stationObservations.observedAt, new Date(at.getTime() - window)),
          ),
        )
        .orderBy(desc(stationObservations.observedAt))
        .limit(1);
      const rain = { observedAt: at, rainMm: row.rainMm ?? 0, rainTodayMm: row.rainTodayMm ?? null };
      const value = { ...row, rainIncrementMm: rainIncrementMm(previous ?? null, rain) };
      const insert = tx.insert(stationObservations).values(value);
      const { stationId: _s, observedAt: _o, ...set } = value;
      const stored = replace
        ? await insert
            .onConflictDoUpdate({
              target: [stationObservations.stationId, stationObservations.observedAt],
              set,
            })
            .returning({ at: stationObservations.observedAt })
        : await insert.onConflictDoNothing().returning({ at: stationObservations.observedAt });
      if (stored.length === 0) return false;

      const touched = [at];
      const [next] = await tx
        .select(neighbourColumns)
        .from(stationObservations)
        .where(
          and(
            eq(stationObservations.stationId, station.id),
            gt(stationObservations.observedAt, at),
            lt(stationObservations.observedAt, new Date(at.getTime() + window)),
          ),
        )
        .orderBy(asc(stationObservations.observedAt))
        .limit(1);
      if (next) {
        const increment = rainIncrementMm(rain, next);
        if (increment !== next.rainIncrementMm) {
          await tx
            .update(stationObservations)
            .set({ rainIncrementMm: increment })
            .where(
              and(
                eq(stationObservations.stationId, station.id),
                eq(stationObservations.observedAt, next.observedAt),
              ),
            );
          touched.push(next.observedAt);
        }
      }
      for (const range of quarterRanges(touched)) {
        await refreshRollups(tx, [station], range.from, range.to);
      }
      return true;
    });
  }

  /** Brings every rollup of these stations over [from, to) up to date from the raw readings (set-based). */
  async refresh(stations: readonly RollupStation[], from: Date, to: Date): Promise<void> {
    await this.db.transaction((tx) => refreshRollups(tx, stations, from, to));
  }

  /** Weather stations with their unit's place and zone that have no daily rollup yet (the demo backfill's). */
  /**
   * The stations with no daily rollup before `historyBefore`: the backfill passes a day after the start of its two
   * years, so a station whose backfill was cut short (its oldest days go in last) is backfilled again.
   */
  async stationsWithoutHistory(
    historyBefore: Date,
  ): Promise<{ id: number; latitude: number; longitude: number; timeZone: string }[]> {
    return this.db
      .select({
        id: weatherStations.id,
        latitude: hardware.latitude,
        longitude: hardware.longitude,
        timeZone: hardware.timeZoneId,
      })
      .from(weatherStations)
      .innerJoin(hardware, eq(hardware.id, weatherStations.hardwareId))
      .where(
        // the live ingest may already have written today (and, across midnight, yesterday): history is older
        sql`not exists (select 1 from ${stationReadingsDaily} d where d.station_id = ${weatherStations.id}
          and d.bucket_start < ${historyBefore})`,
      );
  }

  /**
   * Writes rollups a backfill computed, leaving any bucket already written (by the live ingest) as it is: a
   * statement per `BACKFILL_CHUNK_ROWS` rows, not one transaction: each statement lets the event loop turn
   * (`yieldAfterEachQuery`, db/client.ts), where the one transaction this was held every request, the sign-in page's
   * included, for 6 s at a fresh demo start on PGlite (30 s on a slow machine: a journey's sign-in timed out).
   * The days go in last, the oldest last, so a backfill cut short leaves its station without its oldest day, and
   * `stationsWithoutHistory` gives it to the next start again.
   */
  async insertRollups(rows: {
    quarterHours: readonly RollupRow[];
    hours: readonly RollupRow[];
    days: readonly DailyRollupRow[];
  }): Promise<void> {
    const oldestLast = [...rows.days].sort((a, b) => b.bucketStart.getTime() - a.bucketStart.getTime());
    const inserts = [
      ...chunks(rows.quarterHours).map((c) => () => this.db.insert(stationReadings15m).values(c)),
      ...chunks(rows.hours).map((c) => () => this.db.insert(stationReadingsHourly).values(c)),
      ...chunks(oldestLast).map((c) => () => this.db.insert(stationReadingsDaily).values(c)),
    ];
    for (const insert of inserts) {
      await insert().onConflictDoNothing();
    }
  }

  /** The stations' latitudes, by id (for the ET of their days). */
  async rollupStations(ids: readonly number[]): Promise<RollupStation[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: weatherStations.id, latitude: hardware.latitude })
      .from(weatherStations)
      .innerJoin(hardware, eq(hardware.id, weatherStations.hardwareId))
      .where(inArray(weatherStations.id, [...ids]));
  }
}

/** The quarter hours touched, merged into ranges [from, to) (a reading and its neighbour share one mostly). */
function quarterRanges(times: readonly Date[]): { from: Date; to: Date }[] {
  const starts = [...new Set(times.map((t) => bucket15mOf(t).getTime()))].sort((a, b) => a - b);
  const out: { from: Date; to: Date }[] = [];
  for (const s of starts) {
    const last = out.at(-1);
    if (last && last.to.getTime() === s) last.to = new Date(s + QUARTER_MS);
    else out.push({ from: new Date(s), to: new Date(s + QUARTER_MS) });
  }
  return out;
}

const idList = (stations: readonly RollupStation[]) =>
  sql`ARRAY[${sql.join(
    stations.map((s) => sql`${s.id}`),
    sql`, `,
  )}]::int[]`;

/**
 * Recomputes the 15-minute buckets of [from, to) from the raw readings (`from` and `to` on quarter hours or not:
 * widened to them), then the hours and local days that hold them from their 15-minute buckets, then those days'
 * reference ET. Set-based: one statement per grain whatever the range and the number of stations.
 */
export async function refreshRollups(
  tx: Tx,
  stations: readonly RollupStation[],
  from: Date,
  to: Date,
): Promise<void> {
  if (stations.length === 0) return;
  const ids = idList(stations);
  const q0 = new Date(Math.floor(from.getTime() / QUARTER_MS) * QUARTER_MS);
  const q1 = new Date(Math.ceil(to.getTime() / QUARTER_MS) * QUARTER_MS);
  await tx.execute(sql`
    INSERT INTO station_readings_15m (station_id, bucket_start, ${sql.raw(names)})
    SELECT station_id, date_bin('15 minutes', observed_at, TIMESTAMPTZ '2000-01-01 00:00:00+00'), ${sql.raw(fromRaw)}
    FROM station_observations
    WHERE station_id = ANY(${ids}) AND observed_at >= ${q0} AND observed_at < ${q1}
    GROUP BY 1, 2
    ON CONFLICT (station_id, bucket_start) DO UPDATE SET ${sql.raw(updateAll)}`);
  const h0 = new Date(Math.floor(q0.getTime() / HOUR_MS) * HOUR_MS);
  const h1 = new Date(Math.ceil(q1.getTime() / HOUR_MS) * HOUR_MS);
  await tx.execute(sql`
    INSERT INTO station_readings_hourly (station_id, bucket_start, ${sql.raw(names)})
    SELECT station_id, date_bin('1 hour', bucket_start, TIMESTAMPTZ '2000-01-01 00:00:00+00'), ${sql.raw(merged)}
    FROM station_readings_15m
    WHERE station_id = ANY(${ids}) AND bucket_start >= ${h0} AND bucket_start < ${h1}
    GROUP BY 1, 2
    ON CONFLICT (station_id, bucket_start) DO UPDATE SET ${sql.raw(updateAll)}`);
  // at most this many local days (a bound, never reached, that tells the planner how few rows generate_series gives:
  // it guesses 1,000, and the cost of that guess made PostgreSQL compile the statement, a fifth of a second per reading)
  const spannedDays = Math.ceil((q1.getTime() - q0.getTime()) / 86_400_000) + 2;
  // the local days of each station that [q0, q1) touches, in its unit's zone, and their bounds as instants
  const days = (await tx.execute(sql`
    WITH zones AS (
      SELECT w.id AS station_id, coalesce(h.time_zone_id, 'America/Chicago') AS zone
      FROM weather_stations w LEFT JOIN hardware h ON h.id = w.hardware_id
      WHERE w.id = ANY(${ids})
    ), days AS (
      SELECT z.station_id, z.zone, d::date AS day,
             (d::date)::timestamp AT TIME ZONE z.zone AS day_start,
             ((d::date) + 1)::timestamp AT TIME ZONE z.zone AS day_end
      FROM zones z,
           LATERAL (SELECT d FROM generate_series((${q0}::timestamptz AT TIME ZONE z.zone)::date,
                           ((${q1}::timestamptz - interval '1 microsecond') AT TIME ZONE z.zone)::date,
                           interval '1 day') AS d LIMIT ${spannedDays}) AS d
    )
    INSERT INTO station_readings_daily (station_id, day, bucket_start, time_zone, ${sql.raw(names)})
    SELECT d.station_id, d.day, d.day_start, d.zone, ${sql.raw(namesOfM)}
    FROM days d CROSS JOIN LATERAL (
      SELECT ${sql.raw(mergedAs)} FROM station_readings_15m r
      WHERE r.station_id = d.station_id AND r.bucket_start >= d.day_start AND r.bucket_start < d.day_end
    ) m
    WHERE m.readings IS NOT NULL
    ON CONFLICT (station_id, day) DO UPDATE SET bucket_start = excluded.bucket_start,
      time_zone = excluded.time_zone, ${sql.raw(updateAll)}
    RETURNING station_id, day::text AS day, readings, temperature_min_c, temperature_max_c, humidity_min_pct,
      humidity_max_pct, wind_speed_sum_ms, solar_sum_wm2, solar_count`)) as unknown as
    { rows: DailyEtRow[] } | DailyEtRow[];
  await updateEt(tx, stations, Array.isArray(days) ? days : days.rows);
}

interface DailyEtRow {
  station_id: number;
  day: string;
  readings: number | string;
  temperature_min_c: number;
  temperature_max_c: number;
  humidity_min_pct: number;
  humidity_max_pct: number;
  wind_speed_sum_ms: number;
  solar_sum_wm2: number;
  solar_count: number | string;
}

/** Writes each returned day's reference ET (et0AsceDaily), in one statement. */
async function updateEt(
  tx: Tx,
  stations: readonly RollupStation[],
  rows: readonly DailyEtRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const latitude = new Map(stations.map((s) => [s.id, s.latitude]));
  const values: SQL[] = [];
  for (const r of rows) {
    const lat = latitude.get(Number(r.station_id));
    if (lat === undefined) continue;
    const day: DayForEt = {
      day: r.day,
      readings: Number(r.readings),
      temperatureMinC: Number(r.temperature_min_c),
      temperatureMaxC: Number(r.temperature_max_c),
      humidityMinPct: Number(r.humidity_min_pct),
      humidityMaxPct: Number(r.humidity_max_pct),
      windSpeedSumMs: Number(r.wind_speed_sum_ms),
      solarSumWm2: Number(r.solar_sum_wm2),
      solarCount: Number(r.solar_count),
    };
    values.push(sql`(${Number(r.station_id)}::int, ${r.day}::date, ${et0OfDay(day, lat)}::double precision)`);
  }
  for (let i = 0; i < values.length; i += 1000) {
    await tx.execute(sql`
      UPDATE station_readings_daily d SET et0_mm = v.et0
      FROM (VALUES ${sql.join(values.slice(i, i + 1000), sql`, `)}) AS v(station_id, day, et0)
      WHERE d.station_id = v.station_id AND d.day = v.day`);
  }
}

/** The table's monthly partitions (PostgreSQL), by month start; none on PGlite. */
const PARTITION_NAME = /^station_observations_p(\d{4})(\d{2})$/;

/** Partitions and retention of the raw readings, and retention of the finer rollups (readings-maintenance.ts). */
export class ReadingsMaintenanceRepository {
  constructor(private readonly db: Database) {}

  private async rows<T>(query: SQL): Promise<T[]> {
    const result = (await this.db.execute(query)) as unknown as { rows: T[] } | T[];
    return Array.isArray(result) ? result : result.rows;
  }

  /** True when the readings table is partitioned (PostgreSQL; migration 0009). */
  async partitioned(): Promise<boolean> {
    const [row] = await this.rows<{ partitioned: boolean }>(sql`
      SELECT exists (SELECT 1 FROM pg_partitioned_table p JOIN pg_class c ON c.oid = p.partrelid
                     JOIN pg_namespace n ON n.oid = c.relnamespace
                     WHERE c.relname = 'station_observations' AND n.nspname = current_schema()) AS partitioned`);
    return Boolean(row?.partitioned);
  }

  /** The monthly partitions, 'YYYY-MM' of each, oldest first. */
  async partitionMonths(): Promise<string[]> {
    const rows = await this.rows<{ name: string }>(sql`
      SELECT c.relname AS name FROM pg_inherits i
      JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
      JOIN pg_namespace n ON n.oid = p.relnamespace
      WHERE p.relname = 'station_observations' AND n.nspname = current_schema()`);
    return rows
      .map((r) => PARTITION_NAME.exec(r.name))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => `${m[1]}-${m[2]}`)
      .sort();
  }

  /** Makes the partition of a month ('YYYY-MM', UTC bounds) when missing. */
  async createPartition(month: string): Promise<void> {
    const start = `${month}-01T00:00:00Z`;
    const d = new Date(start);
    const end = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString();
    const name = `station_observations_p${month.replace('-', '')}`;
    await this.db.execute(
      sql.raw(
        `CREATE TABLE IF NOT EXISTS "${name}" PARTITION OF "station_observations" FOR VALUES FROM ('${start}') TO ('${end}')`,
      ),
    );
  }

  /** Drops a month's partition (its readings with it). */
  async dropPartition(month: string): Promise<void> {
    await this.db.execute(sql.raw(`DROP TABLE IF EXISTS "station_observations_p${month.replace('-', '')}"`));
  }

  /** Deletes raw readings older than `before` that no dropped partition took (PGlite's one table, the default). */
  async deleteReadingsBefore(before: Date, partitioned: boolean): Promise<void> {
    await this.db.execute(
      partitioned
        ? sql`DELETE FROM station_observations_default WHERE observed_at < ${before}`
        : sql`DELETE FROM station_observations WHERE observed_at < ${before}`,
    );
  }

  /** Deletes 15-minute rollups before `quarters` and hourly rollups before `hours`. */
  async pruneRollups(quarters: Date, hours: Date): Promise<void> {
    await this.db.execute(sql`DELETE FROM station_readings_15m WHERE bucket_start < ${quarters}`);
    await this.db.execute(sql`DELETE FROM station_readings_hourly WHERE bucket_start < ${hours}`);
  }
}
