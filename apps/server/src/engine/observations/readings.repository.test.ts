// Rollups kept on ingest equal a recomputation from the raw readings (issue 17 'Data that lasts'), whatever order
// the readings arrive in, with late readings, corrections (a reading of the same time again, replacing it) and
// repeats (ignored) among them. The recomputation here is independent of the SQL: the final raw rows are read back
// and grouped in TypeScript, by UTC quarter hour, UTC hour and the station's local day (America/Chicago, across a
// daylight-saving change). On PGlite, and on PostgreSQL's monthly partitions with TEST_DATABASE_URL.
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { buildCustomer, buildHardware, buildWeatherStation } from '../../db/factories.ts';
import { createTestDatabase } from '../../db/test-db.ts';
import { ReadingsRepository, ROLLUP_COLUMNS, type ReadingInsert } from './readings.repository.ts';
import {
  bucket15mOf,
  bucketHourOf,
  et0OfDay,
  heatIndexWhereRead,
  localDayOf,
  rainIncrementMm,
  windChillWhereRead,
} from './readings.ts';
import { maintainReadings } from './readings-maintenance.ts';

let db: DatabaseHandle;
let station: { id: number; latitude: number };
const ZONE = 'America/Chicago';
// two days around the end of daylight saving time (2026-11-01 02:00 CDT → 01:00 CST): a 25-hour local day
const START = Date.parse('2026-10-31T12:00:00Z');
const SPAN_MINUTES = 2 * 24 * 60;

beforeAll(async () => {
  db = await createTestDatabase();
  const customer = await buildCustomer(db.db);
  const unit = await buildHardware(db.db, { customerId: customer.id, timeZoneId: ZONE, latitude: 32.78 });
  const ws = await buildWeatherStation(db.db, { customerId: customer.id, hardwareId: unit.id });
  station = { id: ws.id, latitude: unit.latitude };
  // the months the readings fall in (on PostgreSQL: their partitions)
  await maintainReadings(db.db, new Date(START), { rawDays: 3650, quarterHourDays: 3650, hourlyDays: 3650 });
}, 60_000);

afterAll(async () => {
  await db?.close();
});

beforeEach(async () => {
  await db.exec(
    'DELETE FROM station_observations; DELETE FROM station_readings_15m; DELETE FROM station_readings_hourly; DELETE FROM station_readings_daily;',
  );
});

const nullable = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 4 });
const measures = fc.record({
  temperatureC: fc.double({ min: -15, max: 42, noNaN: true }),
  relativeHumidityPct: fc.double({ min: 1, max: 100, noNaN: true }),
  dewPointC: nullable(fc.double({ min: -20, max: 30, noNaN: true })),
  windSpeedMs: fc.double({ min: 0, max: 25, noNaN: true }),
  gustExtraMs: fc.double({ min: 0, max: 10, noNaN: true }),
  solarWm2: nullable(fc.double({ min: 0, max: 1100, noNaN: true })),
  rainMm: fc.double({ min: 0, max: 30, noNaN: true }),
  rainTodayMm: nullable(fc.double({ min: 0, max: 80, noNaN: true })),
  wbgtC: nullable(fc.double({ min: -10, max: 40, noNaN: true })),
  pm25Aqi: nullable(fc.integer({ min: 0, max: 300 })),
});

type Measures = typeof measures extends fc.Arbitrary<infer T> ? T : never;

/** One arrival: a reading at a minute of the span; `replace` for a correction, otherwise a repeat is ignored. */
const arrival = fc.record({
  // a few minutes come up often (bucket edges, a minute apart), so repeats and corrections of a time are common
  minute: fc.oneof(
    fc.integer({ min: 0, max: SPAN_MINUTES - 1 }),
    fc.constantFrom(0, 1, 14, 15, 16, 59, 60, 61, 719, 720, 721, 1439),
  ),
  replace: fc.boolean(),
  m: measures,
});

function rowOf(minute: number, m: Measures): ReadingInsert {
  const windGustMs = m.windSpeedMs + m.gustExtraMs;
  return {
    stationId: station.id,
    observedAt: new Date(START + minute * 60_000),
    temperatureC: m.temperatureC,
    relativeHumidityPct: m.relativeHumidityPct,
    dewPointC: m.dewPointC,
    windSpeedMs: m.windSpeedMs,
    windGustMs,
    windDirectionDeg: 180,
    pressureHpa: null,
    solarWm2: m.solarWm2,
    rainMm: m.rainMm,
    rainTodayMm: m.rainTodayMm,
    weatherCode: null,
    feelsLikeC: m.temperatureC - 1,
    wbgtC: m.wbgtC,
    wbgtIsEstimate: true,
    source: 'test',
    heatIndexC: heatIndexWhereRead(m.temperatureC, m.relativeHumidityPct),
    windChillC: windChillWhereRead(m.temperatureC, m.windSpeedMs),
    pm25Aqi: m.pm25Aqi,
    pm10Aqi: null,
  };
}

interface RawRow {
  observed_at: Date | string;
  temperature_c: number;
  feels_like_c: number;
  heat_index_c: number | null;
  wind_chill_c: number | null;
  wbgt_c: number | null;
  relative_humidity_pct: number;
  dew_point_c: number | null;
  wind_speed_ms: number;
  wind_gust_ms: number;
  rain_increment_mm: number;
  rain_mm: number;
  rain_today_mm: number | null;
  solar_wm2: number | null;
  pm25_aqi: number | null;
  pm10_aqi: number | null;
}

type Agg = 'count' | 'min' | 'max' | 'sum' | 'nonNull';
/** Each rollup column as the raw column and aggregate it comes from: the recomputation's own definition. */
const EXPECTED: Record<string, [keyof RawRow | null, Agg]> = {
  readings: [null, 'count'],
  temperature_min_c: ['temperature_c', 'min'],
  temperature_max_c: ['temperature_c', 'max'],
  temperature_sum_c: ['temperature_c', 'sum'],
  feels_like_min_c: ['feels_like_c', 'min'],
  feels_like_max_c: ['feels_like_c', 'max'],
  feels_like_sum_c: ['feels_like_c', 'sum'],
  heat_index_max_c: ['heat_index_c', 'max'],
  heat_index_sum_c: ['heat_index_c', 'sum'],
  heat_index_count: ['heat_index_c', 'nonNull'],
  wind_chill_min_c: ['wind_chill_c', 'min'],
  wind_chill_sum_c: ['wind_chill_c', 'sum'],
  wind_chill_count: ['wind_chill_c', 'nonNull'],
  wbgt_min_c: ['wbgt_c', 'min'],
  wbgt_max_c: ['wbgt_c', 'max'],
  wbgt_sum_c: ['wbgt_c', 'sum'],
  wbgt_count: ['wbgt_c', 'nonNull'],
  humidity_min_pct: ['relative_humidity_pct', 'min'],
  humidity_max_pct: ['relative_humidity_pct', 'max'],
  humidity_sum_pct: ['relative_humidity_pct', 'sum'],
  dew_point_min_c: ['dew_point_c', 'min'],
  dew_point_max_c: ['dew_point_c', 'max'],
  dew_point_sum_c: ['dew_point_c', 'sum'],
  dew_point_count: ['dew_point_c', 'nonNull'],
  wind_speed_min_ms: ['wind_speed_ms', 'min'],
  wind_speed_max_ms: ['wind_speed_ms', 'max'],
  wind_speed_sum_ms: ['wind_speed_ms', 'sum'],
  wind_gust_max_ms: ['wind_gust_ms', 'max'],
  rain_mm: ['rain_increment_mm', 'sum'],
  rain1h_max_mm: ['rain_mm', 'max'],
  solar_sum_wm2: ['solar_wm2', 'sum'],
  solar_count: ['solar_wm2', 'nonNull'],
  pm25_aqi_max: ['pm25_aqi', 'max'],
  pm25_aqi_sum: ['pm25_aqi', 'sum'],
  pm25_aqi_count: ['pm25_aqi', 'nonNull'],
  pm10_aqi_max: ['pm10_aqi', 'max'],
  pm10_aqi_sum: ['pm10_aqi', 'sum'],
  pm10_aqi_count: ['pm10_aqi', 'nonNull'],
};

function aggregate(rows: readonly RawRow[]): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const [column, [field, agg]] of Object.entries(EXPECTED)) {
    const values = field ? rows.map((r) => r[field]).filter((v): v is number => v !== null) : [];
    out[column] =
      agg === 'count'
        ? rows.length
        : agg === 'nonNull'
          ? values.length
          : agg === 'sum'
            ? values.reduce((a, b) => a + Number(b), 0)
            : values.length === 0
              ? null
              : agg === 'min'
                ? Math.min(...values.map(Number))
                : Math.max(...values.map(Number));
  }
  return out;
}

function groupBy(rows: readonly RawRow[], key: (r: RawRow) => string): Map<string, RawRow[]> {
  const groups = new Map<string, RawRow[]>();
  for (const r of rows) {
    const k = key(r);
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  return groups;
}

async function rows<T>(query: string): Promise<T[]> {
  return db.query<T>(query);
}

const at = (r: { observed_at: Date | string }) => new Date(r.observed_at);

/** Compares a rollup table with the groups it must equal: same buckets, same values (sums to 1e-6). */
function expectRollups(stored: Record<string, unknown>[], key: string, groups: Map<string, RawRow[]>) {
  expect(new Set(stored.map((r) => String(r.key))), key).toEqual(new Set(groups.keys()));
  for (const row of stored) {
    const want = aggregate(groups.get(String(row.key))!);
    for (const [column] of ROLLUP_COLUMNS) {
      const got = row[column] === null ? null : Number(row[column]);
      if (want[column] === null) expect(got, `${key} ${String(row.key)} ${column}`).toBeNull();
      else expect(got, `${key} ${String(row.key)} ${column}`).toBeCloseTo(want[column]!, 6);
    }
  }
}

describe('station readings rolled up on ingest (issue 17)', () => {
  it('equal a recomputation from the raw readings, with late, corrected and repeated readings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(arrival, { minLength: 1, maxLength: 40 }), async (arrivals) => {
        await db.exec(
          'DELETE FROM station_observations; DELETE FROM station_readings_15m; DELETE FROM station_readings_hourly; DELETE FROM station_readings_daily;',
        );
        const repo = new ReadingsRepository(db.db);
        const final = new Map<number, Measures>();
        for (const a of arrivals) {
          const stored = await repo.record(station, rowOf(a.minute, a.m), a.replace);
          // a repeat is ignored unless it replaces; the first of a time is always stored
          expect(stored).toBe(a.replace || !final.has(a.minute));
          if (stored) final.set(a.minute, a.m);
        }

        const raw = await rows<RawRow>(`SELECT * FROM station_observations ORDER BY observed_at`);
        expect(raw.map((r) => at(r).getTime())).toEqual(
          [...final.keys()].sort((x, y) => x - y).map((m) => START + m * 60_000),
        );
        // each reading's rain increment is the one its final predecessor gives, whatever the arrival order
        raw.forEach((r, i) => {
          const prev = i > 0 ? raw[i - 1]! : null;
          const sample = (x: RawRow) => ({
            observedAt: at(x),
            rainMm: x.rain_mm,
            rainTodayMm: x.rain_today_mm,
          });
          expect(r.rain_increment_mm).toBeCloseTo(rainIncrementMm(prev && sample(prev), sample(r)), 9);
        });

        const quarters = groupBy(raw, (r) => bucket15mOf(at(r)).toISOString());
        const hours = groupBy(raw, (r) => bucketHourOf(at(r)).toISOString());
        const days = groupBy(raw, (r) => localDayOf(at(r), ZONE));
        const keyed = (table: string, key: string) =>
          rows<Record<string, unknown>>(`SELECT ${key} AS key, * FROM ${table} ORDER BY 1`);
        const iso = (r: Record<string, unknown>) => ({ ...r, key: new Date(r.key as string).toISOString() });
        expectRollups((await keyed('station_readings_15m', 'bucket_start')).map(iso), '15m', quarters);
        expectRollups((await keyed('station_readings_hourly', 'bucket_start')).map(iso), 'hour', hours);
        const daily = await keyed('station_readings_daily', 'day::text');
        expectRollups(daily, 'day', days);
        for (const d of daily) {
          const a = aggregate(days.get(String(d.key))!);
          const et0 = et0OfDay(
            {
              day: String(d.key),
              readings: a.readings!,
              temperatureMinC: a.temperature_min_c!,
              temperatureMaxC: a.temperature_max_c!,
              humidityMinPct: a.humidity_min_pct!,
              humidityMaxPct: a.humidity_max_pct!,
              windSpeedSumMs: a.wind_speed_sum_ms!,
              solarSumWm2: a.solar_sum_wm2!,
              solarCount: a.solar_count!,
            },
            station.latitude,
          );
          if (et0 === null) expect(d.et0_mm).toBeNull();
          else expect(Number(d.et0_mm)).toBeCloseTo(et0, 3);
          expect(d.time_zone).toBe(ZONE);
        }
      }),
      { numRuns: 25 },
    );
  }, 240_000);

  it('a local day of 25 hours (daylight saving ends) is one daily bucket from local midnight to local midnight', async () => {
    const repo = new ReadingsRepository(db.db);
    const base = rowOf(0, {
      temperatureC: 20,
      relativeHumidityPct: 50,
      dewPointC: null,
      windSpeedMs: 2,
      gustExtraMs: 1,
      solarWm2: 100,
      rainMm: 0,
      rainTodayMm: null,
      wbgtC: null,
      pm25Aqi: null,
    });
    // 04:59Z Nov 1 is 23:59 CDT Oct 31; 05:00Z is 00:00 CDT Nov 1; 07:30Z is 01:30 CST; 05:59Z Nov 2 is 23:59 CST Nov 1
    for (const t of [
      '2026-11-01T04:59:00Z',
      '2026-11-01T05:00:00Z',
      '2026-11-01T07:30:00Z',
      '2026-11-02T05:59:00Z',
    ]) {
      await repo.record(station, { ...base, observedAt: new Date(t) }, false);
    }
    const days = await rows<{ day: string; readings: number; bucket_start: Date | string }>(
      `SELECT day::text AS day, readings, bucket_start FROM station_readings_daily ORDER BY day`,
    );
    expect(days.map((d) => [d.day, Number(d.readings), new Date(d.bucket_start).toISOString()])).toEqual([
      ['2026-10-31', 1, '2026-10-31T05:00:00.000Z'],
      ['2026-11-01', 3, '2026-11-01T05:00:00.000Z'],
    ]);
    const [hours] = await rows<{ n: number }>(`SELECT count(*)::int AS n FROM station_readings_hourly`);
    expect(hours!.n).toBe(4);
  });
});
