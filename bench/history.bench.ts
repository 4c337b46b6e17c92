// Station history benchmark (issue 17 'Performance'), on PostgreSQL in a database of its own (allclear_bench_history,
// dropped at the end): 50 stations × 2 years of minute readings (about 52.6 million rows, monthly partitions, written
// set-based with generate_series), their rollups built set-based by the ingest's own statements (refreshRollups), and
// three more years of daily rollups so a 5-year report has its days. Raw retention is 2 years here (the product's is
// 35 days). Measured, each beside a naive query over the raw readings in the same run:
//  - every read the station page makes (HistoryService: station, Day, Week, Month, Custom 90 days, ET 7 days and a
//    custom 14 days, the 24-hour snapshots): p95 under 50 ms;
//  - a 24-hour report of 1,825 days × 10 stations and a 15-minute report of 14 days × 10 stations, CSV and XLSX written
//    to their last byte (the report worker's build): each under 2 s;
//  - ingest of 50 stations at one reading per station per second through the ingest's path (insertStationObservation:
//    the reading and its rollups in one transaction), with the rollups current after each second.
// HISTORY_BENCH_KEEP=1 keeps the database (and reuses it next run); HISTORY_BENCH_PG_URL names the server.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../apps/server/src/db/client.ts';
import {
  customers,
  hardware,
  reportJobs,
  users,
  weatherStations,
} from '../apps/server/src/db/schema/index.ts';
import { seedReferenceData } from '../apps/server/src/db/seed/reference.ts';
import { ObservationRepository } from '../apps/server/src/engine/observations/observation.repository.ts';
import { maintainReadings } from '../apps/server/src/engine/observations/readings-maintenance.ts';
import {
  refreshRollups,
  ReadingsRepository,
} from '../apps/server/src/engine/observations/readings.repository.ts';
import { createReportWorker } from '../apps/server/src/engine/reports/report-worker.ts';
import { silentLogger } from '../apps/server/src/engine/lightning/test-support.ts';
import { HistoryService } from '../apps/server/src/modules/api/history/history.service.ts';
import type { Principal } from '../apps/server/src/platform/auth.ts';
import { ManualClock } from '../apps/server/src/platform/clock.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import type { ConfiguredWeather } from '@allclear/weather';

const STATIONS = 50;
/** HISTORY_BENCH_RAW_DAYS shortens the raw history for a quick check of the bench itself. */
const RAW_DAYS = Number(process.env.HISTORY_BENCH_RAW_DAYS ?? 730);
const EXTRA_DAILY_DAYS = 1825 - RAW_DAYS + 5;
const READS = 200;
const PAGE_P95_TARGET_MS = 50;
const REPORT_TARGET_MS = 2000;
const INGEST_SECONDS = Number(process.env.HISTORY_BENCH_INGEST_SECONDS ?? 30);
const PG_URL = process.env.HISTORY_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'allclear_bench_history';
const KEEP = process.env.HISTORY_BENCH_KEEP === '1';
/** The bench's 'now': the data ends here (a fixed instant keeps runs comparable). */
const NOW = new Date(Date.UTC(2026, 6, 15, 17, 0, 0));
const DAY_MS = 86_400_000;

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const ms = (v: number) => `${v.toFixed(1)} ms`;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function dbUrl(): string {
  const url = new URL(PG_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

/** Fills the database: stations, 2 years of minute readings, rollups, 3 more years of days. Returns the station ids. */
async function fill(
  db: DatabaseHandle,
): Promise<{ stationIds: number[]; hardwareIds: number[]; latitude: number }> {
  await seedReferenceData(db);
  const [customer] = await db.db.insert(customers).values({ name: 'Bench Mesonet' }).returning();
  const latitude = 32.75;
  const units = await db.db
    .insert(hardware)
    .values(
      Array.from({ length: STATIONS }, (_, i) => ({
        customerId: customer!.id,
        name: `Bench Station ${i + 1}`,
        modelId: 'WXS',
        webRelayType: 3,
        latitude: latitude + i * 0.01,
        longitude: -97.1 + i * 0.01,
        timeZoneId: 'America/Chicago',
      })),
    )
    .returning();
  const stations = await db.db
    .insert(weatherStations)
    .values(units.map((u) => ({ customerId: customer!.id, hardwareId: u.id, name: u.name, type: 'WXS' })))
    .returning();
  const from = new Date(NOW.getTime() - RAW_DAYS * DAY_MS);
  await maintainReadings(
    db.db,
    NOW,
    { rawDays: RAW_DAYS + 40, quarterHourDays: 3650, hourlyDays: 3650 },
    from,
  );

  // minute readings, set-based, one month at a time: smooth daily and seasonal cycles plus a per-station phase
  const months: Date[] = [];
  for (
    let m = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
    m < NOW;
    m = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1))
  )
    months.push(m);
  let written = 0;
  const started = performance.now();
  for (const m of months) {
    const start = new Date(Math.max(m.getTime(), from.getTime()));
    const end = new Date(Math.min(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1), NOW.getTime()));
    await db.query(
      `WITH t AS (SELECT generate_series($1::timestamptz, $2::timestamptz - interval '1 minute', interval '1 minute') AS at),
            s AS (SELECT id, id * 0.37 AS phase FROM weather_stations)
       INSERT INTO station_observations (station_id, observed_at, temperature_c, relative_humidity_pct, dew_point_c,
         wind_speed_ms, wind_gust_ms, wind_direction_deg, pressure_hpa, solar_wm2, rain_mm, rain_today_mm, feels_like_c,
         wbgt_c, wbgt_is_estimate, source, heat_index_c, wind_chill_c, rain_increment_mm)
       SELECT s.id, t.at, v.temp, v.rh, v.temp - (100 - v.rh) / 5, v.wind, v.wind * 1.5, 180, 1012, v.solar,
              v.rain * 60, NULL, v.temp, v.temp - 4, true, 'bench',
              CASE WHEN v.temp >= 26.7 THEN v.temp + 1 END, CASE WHEN v.temp <= 10 AND v.wind >= 2.3 THEN v.temp - 2 END,
              v.rain
       FROM t CROSS JOIN s,
       LATERAL (SELECT
         19 + 11 * sin(2 * pi() * (extract(doy FROM t.at) - 105) / 365.25) + 6 * sin(2 * pi() * (extract(epoch FROM t.at) / 86400 - 0.375) + s.phase / 10) AS temp,
         55 + 25 * cos(2 * pi() * extract(epoch FROM t.at) / 86400 + s.phase) AS rh,
         3 + 2 * abs(sin(extract(epoch FROM t.at) / 7200 + s.phase)) AS wind,
         greatest(0, 800 * sin(2 * pi() * (extract(epoch FROM t.at) / 86400 - 0.5))) AS solar,
         CASE WHEN (extract(epoch FROM t.at)::bigint / 3600 + s.id * 7) % 97 = 0 THEN 0.02 ELSE 0 END AS rain) v
`,
      [start, end],
    );
    const [{ n }] = (await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM station_observations WHERE observed_at >= $1 AND observed_at < $2`,
      [start, end],
    )) as [{ n: string }];
    written += Number(n);
    process.stdout.write(
      `\r  readings: ${written.toLocaleString()} (${((performance.now() - started) / 1000).toFixed(0)} s)   `,
    );
  }
  console.log('');
  const places = stations.map((s) => ({ id: s.id, latitude }));
  const rollStart = performance.now();
  for (const m of months) {
    const start = new Date(Math.max(m.getTime(), from.getTime()));
    const end = new Date(Math.min(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1), NOW.getTime()));
    await db.db.transaction((tx) => refreshRollups(tx, places, start, end));
    process.stdout.write(
      `\r  rollups to ${end.toISOString().slice(0, 10)} (${((performance.now() - rollStart) / 1000).toFixed(0)} s)   `,
    );
  }
  console.log('');
  // three more years of days, as the daily rollups of those years would be (no raw: past retention anyway)
  await db.query(
    `INSERT INTO station_readings_daily (station_id, day, bucket_start, time_zone, readings, temperature_min_c,
       temperature_max_c, temperature_sum_c, feels_like_min_c, feels_like_max_c, feels_like_sum_c, humidity_min_pct,
       humidity_max_pct, humidity_sum_pct, wind_speed_min_ms, wind_speed_max_ms, wind_speed_sum_ms, wind_gust_max_ms,
       rain_mm, rain1h_max_mm, et0_mm)
     SELECT s.id, d::date, (d::date)::timestamp AT TIME ZONE 'America/Chicago', 'America/Chicago', 1440,
            10, 28, 1440 * 19, 10, 28, 1440 * 19, 30, 80, 1440 * 55, 1, 5, 1440 * 3, 7.5, 0, 0, 4.2
     FROM weather_stations s,
          generate_series($1::date, $2::date, interval '1 day') d
     ON CONFLICT DO NOTHING`,
    [
      new Date(NOW.getTime() - (RAW_DAYS + EXTRA_DAILY_DAYS) * DAY_MS),
      new Date(NOW.getTime() - (RAW_DAYS + 1) * DAY_MS),
    ],
  );
  await db.exec('ANALYZE');
  return { stationIds: stations.map((s) => s.id), hardwareIds: units.map((u) => u.id), latitude };
}

export async function run(): Promise<boolean> {
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (!KEEP) await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  let fresh = false;
  try {
    await admin(`CREATE DATABASE ${DB_NAME}`);
    fresh = true;
  } catch {
    // kept from an earlier run (HISTORY_BENCH_KEEP=1)
  }
  const db = await openDatabase({ url: dbUrl() });
  let ok = true;
  try {
    await migrateDatabase(db);
    const fillStart = performance.now();
    const { stationIds, hardwareIds } = fresh
      ? await fill(db)
      : await (async () => {
          const rows = await db.db
            .select({ id: weatherStations.id, hardwareId: weatherStations.hardwareId })
            .from(weatherStations);
          return {
            stationIds: rows.map((r) => r.id),
            hardwareIds: rows.map((r) => r.hardwareId!),
            latitude: 32.75,
          };
        })();
    const [{ rows, size }] = (await db.query<{ rows: string; size: string }>(
      `SELECT (SELECT count(*) FROM station_observations) AS rows, pg_size_pretty(pg_database_size(current_database())) AS size`,
    )) as [{ rows: string; size: string }];
    console.log(
      `data: ${Number(rows).toLocaleString()} raw readings of ${stationIds.length} stations, database ${size}` +
        (fresh ? `, written in ${((performance.now() - fillStart) / 1000).toFixed(0)} s` : ' (kept)'),
    );

    const clock = new ManualClock(NOW);
    const weather = {
      providers: {
        observations: { stations: async () => [] },
        skyImages: { image: async () => null, takenAt: async () => null },
      },
    } as unknown as ConfiguredWeather;
    const history = new HistoryService(db.db, clock, weather);
    const caller: Principal = {
      userId: '00000000-0000-4000-8000-000000000001',
      customerId: 1,
      role: 'Super Admin',
      roleHierarchy: 1,
      siteId: null,
      permissions: ['historical_report.access'],
      features: [],
    };
    const pick = (i: number) => stationIds[(i * 7919) % stationIds.length]!;
    const iso = (t: number) => new Date(t).toISOString();
    const day = (t: number) => iso(t).slice(0, 10);
    const reads: [string, (id: number) => Promise<unknown>, string, unknown[]][] = [
      [
        'station and current conditions',
        (id) => history.station(caller, id),
        `SELECT * FROM station_observations WHERE station_id = $1 ORDER BY observed_at DESC LIMIT 1`,
        [],
      ],
      [
        'Hourly (24 h)',
        (id) => history.range(caller, id, 'Day'),
        `SELECT date_trunc('hour', observed_at), min(temperature_c), avg(temperature_c), max(temperature_c), max(wind_speed_ms), max(wind_gust_ms), sum(rain_increment_mm), max(rain_mm) FROM station_observations WHERE station_id = $1 AND observed_at >= $2 GROUP BY 1`,
        [new Date(NOW.getTime() - DAY_MS)],
      ],
      [
        '7 Days',
        (id) => history.range(caller, id, 'Week'),
        `SELECT (observed_at AT TIME ZONE 'America/Chicago')::date, min(temperature_c), avg(temperature_c), max(temperature_c), max(wind_speed_ms), max(wind_gust_ms), sum(rain_increment_mm), max(rain_mm) FROM station_observations WHERE station_id = $1 AND observed_at >= $2 GROUP BY 1`,
        [new Date(NOW.getTime() - 7 * DAY_MS)],
      ],
      [
        '30 Days',
        (id) => history.range(caller, id, 'Month'),
        `SELECT (observed_at AT TIME ZONE 'America/Chicago')::date, min(temperature_c), avg(temperature_c), max(temperature_c), max(wind_speed_ms), max(wind_gust_ms), sum(rain_increment_mm), max(rain_mm) FROM station_observations WHERE station_id = $1 AND observed_at >= $2 GROUP BY 1`,
        [new Date(NOW.getTime() - 30 * DAY_MS)],
      ],
      [
        'Custom 90 days',
        (id) => history.custom(caller, id, new Date(NOW.getTime() - 90 * DAY_MS), NOW),
        `SELECT (observed_at AT TIME ZONE 'America/Chicago')::date, min(temperature_c), avg(temperature_c), max(temperature_c), max(wind_speed_ms), max(wind_gust_ms), sum(rain_increment_mm), max(rain_mm) FROM station_observations WHERE station_id = $1 AND observed_at >= $2 GROUP BY 1`,
        [new Date(NOW.getTime() - 90 * DAY_MS)],
      ],
      [
        'Evapotranspiration 7 days',
        (id) => history.evapotranspiration(caller, id, { days: '7' }),
        `SELECT (observed_at AT TIME ZONE 'America/Chicago')::date, min(temperature_c), max(temperature_c), min(relative_humidity_pct), max(relative_humidity_pct), avg(wind_speed_ms), avg(solar_wm2) FROM station_observations WHERE station_id = $1 AND observed_at >= $2 GROUP BY 1`,
        [new Date(NOW.getTime() - 8 * DAY_MS)],
      ],
      [
        'Evapotranspiration custom 14 days',
        (id) =>
          history.evapotranspiration(caller, id, {
            startDate: day(NOW.getTime() - 14 * DAY_MS),
            endDate: day(NOW.getTime() - DAY_MS),
          }),
        `SELECT (observed_at AT TIME ZONE 'America/Chicago')::date, min(temperature_c), max(temperature_c), min(relative_humidity_pct), max(relative_humidity_pct), avg(wind_speed_ms), avg(solar_wm2) FROM station_observations WHERE station_id = $1 AND observed_at >= $2 GROUP BY 1`,
        [new Date(NOW.getTime() - 15 * DAY_MS)],
      ],
      [
        'condition snapshots 24 h',
        (id) => history.snapshots(caller, id, day(NOW.getTime() - DAY_MS), day(NOW.getTime())),
        `SELECT DISTINCT ON (date_trunc('hour', observed_at)) * FROM station_observations WHERE station_id = $1 AND observed_at >= $2 ORDER BY date_trunc('hour', observed_at), observed_at DESC`,
        [new Date(NOW.getTime() - 2 * DAY_MS)],
      ],
    ];
    console.log(
      `\nstation page reads (${READS} each, random stations; target p95 < ${PAGE_P95_TARGET_MS} ms), beside the naive query over raw readings:`,
    );
    console.log('  read                                 p50        p95      naive p50  naive p95');
    for (const [name, read, naive, params] of reads) {
      for (let i = 0; i < 5; i++) await read(pick(i));
      const times: number[] = [];
      for (let i = 0; i < READS; i++) {
        const t0 = performance.now();
        await read(pick(i + 11));
        times.push(performance.now() - t0);
      }
      const naiveTimes: number[] = [];
      for (let i = 0; i < 20; i++) {
        const t0 = performance.now();
        await db.query(naive, [pick(i + 101), ...params]);
        naiveTimes.push(performance.now() - t0);
      }
      const p95 = pct(times, 95);
      if (!(p95 < PAGE_P95_TARGET_MS)) ok = false;
      console.log(
        `  ${name.padEnd(34)} ${ms(pct(times, 50)).padStart(9)} ${ms(p95).padStart(9)} ${p95 < PAGE_P95_TARGET_MS ? 'ok  ' : 'SLOW'} ${ms(pct(naiveTimes, 50)).padStart(9)} ${ms(pct(naiveTimes, 95)).padStart(9)}`,
      );
    }

    // reports: the worker's build, to the last byte of both files
    const [requester] = await db.db
      .insert(users)
      .values({
        customerId: 1,
        userName: 'bench@bench.test',
        email: 'bench@bench.test',
        firstName: 'Bench',
        lastName: 'User',
        roleId: 1,
      })
      .onConflictDoNothing()
      .returning();
    const requesterId = requester?.id ?? (await db.db.select({ id: users.id }).from(users).limit(1))[0]!.id;
    const config = loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent' });
    const worker = createReportWorker({
      config,
      db,
      clock,
      weather,
      log: silentLogger,
      enqueueAlert: async () => {},
    });
    const all = {
      AmbientTemperature: ['max', 'min', 'avg'],
      FeelsLike: ['max', 'min', 'avg'],
      HeatIndex: ['avg', 'max'],
      WindChill: ['avg', 'min'],
      WBGT: ['avg', 'max'],
      Precipitation: ['sum'],
      RelativeHumidity: ['max', 'min', 'avg'],
      DewPoint: ['max', 'min', 'avg'],
      WindGust: ['max'],
      WindSpeed: ['max', 'min', 'avg'],
    };
    const reports: [string, number, number, string][] = [
      [
        '24-hour, 1,825 days × 10 stations',
        1440,
        1825,
        `SELECT station_id, (observed_at AT TIME ZONE 'America/Chicago')::date, min(temperature_c), max(temperature_c), avg(temperature_c), min(feels_like_c), max(feels_like_c), avg(feels_like_c), avg(heat_index_c), max(heat_index_c), avg(wind_chill_c), min(wind_chill_c), avg(wbgt_c), max(wbgt_c), sum(rain_increment_mm), min(relative_humidity_pct), max(relative_humidity_pct), avg(relative_humidity_pct), min(dew_point_c), max(dew_point_c), avg(dew_point_c), max(wind_gust_ms), min(wind_speed_ms), max(wind_speed_ms), avg(wind_speed_ms) FROM station_observations WHERE station_id = ANY($1) AND observed_at >= $2 GROUP BY 1, 2 ORDER BY 1, 2`,
      ],
      [
        '15-minute, 14 days × 10 stations',
        15,
        14,
        `SELECT station_id, date_bin('15 minutes', observed_at, TIMESTAMPTZ '2000-01-01'), min(temperature_c), max(temperature_c), avg(temperature_c), min(feels_like_c), max(feels_like_c), avg(feels_like_c), avg(heat_index_c), max(heat_index_c), avg(wind_chill_c), min(wind_chill_c), avg(wbgt_c), max(wbgt_c), sum(rain_increment_mm), min(relative_humidity_pct), max(relative_humidity_pct), avg(relative_humidity_pct), min(dew_point_c), max(dew_point_c), avg(dew_point_c), max(wind_gust_ms), min(wind_speed_ms), max(wind_speed_ms), avg(wind_speed_ms) FROM station_observations WHERE station_id = ANY($1) AND observed_at >= $2 GROUP BY 1, 2 ORDER BY 1, 2`,
      ],
    ];
    console.log(
      `\nreports (CSV and XLSX built to the last byte; target < ${REPORT_TARGET_MS} ms), beside the naive aggregation over raw readings:`,
    );
    for (const [name, interval, days, naive] of reports) {
      const id = crypto.randomUUID();
      const endDay = new Date(NOW.getTime() - DAY_MS).toISOString().slice(0, 10);
      const startDay = new Date(NOW.getTime() - days * DAY_MS).toISOString().slice(0, 10);
      await db.db.insert(reportJobs).values({
        id,
        customerId: 1,
        requestedBy: requesterId,
        name: `Bench ${name}`,
        request: {
          Name: `Bench ${interval}`,
          Recipients: [],
          UnitType: 'imperial',
          DataInterval: interval,
          Filters: {
            HardwareIds: hardwareIds.slice(0, 10),
            ObservationTypes: all,
            TimeFilter: { StartDate: startDay, EndDate: endDay },
          },
        },
      });
      const t0 = performance.now();
      await worker.build(id);
      const took = performance.now() - t0;
      const [job] = await db.query<{ status: string; rows: number; error: string | null }>(
        `SELECT status, rows, error FROM report_jobs WHERE id = $1`,
        [id],
      );
      const [files] = await db.query<{ bytes: string }>(
        `SELECT sum(size_bytes) AS bytes FROM report_files WHERE report_id = $1`,
        [id],
      );
      const n0 = performance.now();
      await db.query(naive, [stationIds.slice(0, 10), new Date(NOW.getTime() - days * DAY_MS)]);
      const naiveTook = performance.now() - n0;
      if (!(took < REPORT_TARGET_MS) || job?.status !== 'done') ok = false;
      console.log(
        `  ${name.padEnd(34)} ${ms(took).padStart(10)} ${took < REPORT_TARGET_MS && job?.status === 'done' ? 'ok  ' : 'SLOW'} ${job?.status} ${job?.rows} rows, ${(Number(files?.bytes ?? 0) / 1e6).toFixed(1)} MB   naive query ${ms(naiveTook)}`,
      );
    }

    // ingest: 50 stations, one reading each per second, through insertStationObservation (reading + rollups)
    console.log(
      `\ningest: ${stationIds.length} stations × 1 reading/s for ${INGEST_SECONDS} s through the ingest path (reading and rollups in one transaction):`,
    );
    const observations = new ObservationRepository(db.db);
    const readings = new ReadingsRepository(db.db);
    const places = await readings.rollupStations(stationIds);
    const latencies: number[] = [];
    const plain: number[] = [];
    let behind = 0;
    const ingestStart = NOW.getTime() + 60_000;
    const wall = performance.now();
    for (let second = 0; second < INGEST_SECONDS; second++) {
      const tick = performance.now();
      await Promise.all(
        places.map(async (station) => {
          const t0 = performance.now();
          await observations.insertStationObservation(station, {
            stationId: station.id,
            observedAt: new Date(ingestStart + second * 1000),
            temperatureC: 30 + Math.sin(second / 10),
            relativeHumidityPct: 50,
            windSpeedMs: 4,
            windGustMs: 6,
            feelsLikeC: 31,
            source: 'bench',
          });
          latencies.push(performance.now() - t0);
        }),
      );
      const spent = performance.now() - tick;
      if (spent > 1000) behind += 1;
      else await sleep(1000 - spent);
    }
    const elapsed = (performance.now() - wall) / 1000;
    const [{ n, quarters }] = (await db.query<{ n: string; quarters: string }>(
      `SELECT (SELECT count(*) FROM station_observations WHERE observed_at >= $1) AS n,
              (SELECT coalesce(sum(readings), 0) FROM station_readings_15m WHERE bucket_start >= $2) AS quarters`,
      [new Date(ingestStart), new Date(Math.floor(ingestStart / 900_000) * 900_000)],
    )) as [{ n: string; quarters: string }];
    const current = Number(n) === Number(quarters);
    // naive: the same readings inserted without their rollups
    await db.exec(`CREATE TEMP TABLE plain_readings (LIKE station_observations INCLUDING DEFAULTS)`);
    for (let i = 0; i < 500; i++) {
      const t0 = performance.now();
      await db.query(
        `INSERT INTO plain_readings (station_id, observed_at, temperature_c, relative_humidity_pct, wind_speed_ms, wind_gust_ms, feels_like_c, source) VALUES ($1, $2, 30, 50, 4, 6, 31, 'bench')`,
        [stationIds[i % stationIds.length], new Date(ingestStart + i * 1000)],
      );
      plain.push(performance.now() - t0);
    }
    const rate = Number(n) / elapsed;
    const sustained = behind === 0 && current;
    if (!sustained) ok = false;
    console.log(
      `  ${Number(n).toLocaleString()} readings in ${elapsed.toFixed(1)} s (${rate.toFixed(1)}/s, target ${stationIds.length}/s); seconds that overran: ${behind}; rollups current: ${current ? 'yes' : 'NO'} ${sustained ? 'ok' : 'SLOW'}`,
    );
    console.log(
      `  per reading with rollups p50 ${ms(pct(latencies, 50))}, p99 ${ms(pct(latencies, 99))}; a plain insert without rollups p50 ${ms(pct(plain, 50))}, p99 ${ms(pct(plain, 99))}`,
    );
  } finally {
    await db.close();
    if (!KEEP) await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  }
  console.log(
    `\nload average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}${KEEP ? '' : `; ${DB_NAME} dropped`}`,
  );
  return ok;
}
