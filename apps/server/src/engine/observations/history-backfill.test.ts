// The timeline backfill on a real database: a fresh start gives every location 12 hours of simulated history
// (so the conditions timeline draws its observed line), a second start adds nothing, points the ingest recorded
// are kept, and with real weather sources nothing is invented.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq, lt } from 'drizzle-orm';
import { ZObservationHistoryPoint } from '@allclear/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { turnsWhile } from '../../../test/turns.ts';
import { buildWeatherStation } from '../../db/factories.ts';
import {
  locationConditions,
  locationObservationHistory,
  stationReadings15m,
  stationReadingsDaily,
  stationReadingsHourly,
} from '../../db/schema/index.ts';
import type { EngineContext } from '../contracts.ts';
import { BACKFILL_SOURCE, createHistoryBackfill, missingSlots } from './history-backfill.ts';
import { createObservationIngest, OBSERVATION_PERIOD_MS } from './observation-ingest.ts';
import { BACKFILL_CHUNK_ROWS } from './readings.repository.ts';

let t: TestApp;
const MIN = 60_000;
const HOUR = 60 * MIN;

function context(overrides: Partial<EngineContext> = {}): EngineContext {
  return {
    config: t.config,
    db: t.db,
    clock: t.clock,
    weather: t.weather,
    log: t.app.log,
    enqueueAlert: async () => {},
    ...overrides,
  };
}

async function historyOf(locationId: number) {
  return t.db.db
    .select()
    .from(locationObservationHistory)
    .where(eq(locationObservationHistory.locationId, locationId))
    .orderBy(asc(locationObservationHistory.observedAt));
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  t.clock.set('2026-07-01T17:02:30Z');
  await t.db.db.delete(locationConditions);
  await t.db.db.delete(locationObservationHistory);
});

describe('missingSlots', () => {
  const now = Date.parse('2026-07-01T17:02:30Z');
  const current = Date.parse('2026-07-01T17:00:00Z');

  it('covers 12 hours at 5-minute steps from the slot at or before now - 12 h, without the current slot', () => {
    const slots = missingSlots(now, null);
    expect(slots[0]).toBe(Date.parse('2026-07-01T05:00:00Z'));
    expect(slots.at(-1)).toBe(current - OBSERVATION_PERIOD_MS);
    expect(slots).toHaveLength(12 * 12);
    expect(slots.every((s, i) => i === 0 || s - slots[i - 1]! === OBSERVATION_PERIOD_MS)).toBe(true);
  });

  it('stops before the first recorded point, and asks for nothing when history already covers 12 hours', () => {
    expect(missingSlots(now, current - HOUR).at(-1)).toBe(current - HOUR - OBSERVATION_PERIOD_MS);
    expect(missingSlots(now, Date.parse('2026-07-01T05:00:00Z'))).toEqual([]);
    expect(missingSlots(now, Date.parse('2026-07-01T04:58:00Z'))).toEqual([]);
  });
});

describe('history backfill', () => {
  it('gives a fresh location 12 hours of simulated points, and a second run adds nothing', async () => {
    const backfill = createHistoryBackfill(context());
    await backfill.start();
    const rows = await historyOf(t.a.location.id);
    expect(rows).toHaveLength(12 * 12);
    expect(rows[0]!.observedAt.getTime()).toBeLessThanOrEqual(t.clock.now().getTime() - 12 * HOUR);
    expect(rows.at(-1)!.observedAt.getTime()).toBe(Date.parse('2026-07-01T16:55:00Z'));
    expect(rows.every((r) => r.source === BACKFILL_SOURCE)).toBe(true);
    // real simulated values, not placeholders: a July day in Texas, varying over the 12 hours
    expect(rows.every((r) => r.temperatureC !== null && r.wbgtC !== null && r.windSpeedMs !== null)).toBe(
      true,
    );
    expect(new Set(rows.map((r) => r.temperatureC)).size).toBeGreaterThan(10);
    expect(Math.max(...rows.map((r) => r.temperatureC!))).toBeGreaterThan(20);
    // other customers' locations too
    expect(await historyOf(t.b.location.id)).toHaveLength(12 * 12);

    expect(await backfill.run()).toBe(0);
    expect(await historyOf(t.a.location.id)).toHaveLength(12 * 12);
  });

  it('is the same world the simulator gives for those times (deterministic)', async () => {
    await createHistoryBackfill(context()).run();
    const first = await historyOf(t.a.location.id);
    await t.db.db.delete(locationObservationHistory);
    await createHistoryBackfill(context()).run();
    expect(await historyOf(t.a.location.id)).toEqual(first);
  });

  it("fills only before the ingest's first point and keeps the ingest's own points", async () => {
    const ingest = createObservationIngest(context());
    t.clock.set('2026-07-01T15:02:30Z');
    await ingest.runCycle();
    t.clock.set('2026-07-01T17:02:30Z');
    await ingest.runCycle();
    const recorded = await historyOf(t.a.location.id);
    expect(recorded).toHaveLength(2);

    await createHistoryBackfill(context()).run();
    const rows = await historyOf(t.a.location.id);
    const firstRecorded = recorded[0]!.observedAt.getTime();
    const added = rows.filter((r) => r.source === BACKFILL_SOURCE);
    expect(added.every((r) => r.observedAt.getTime() < firstRecorded)).toBe(true);
    expect(added).toHaveLength(
      Math.ceil((firstRecorded - Date.parse('2026-07-01T05:00:00Z')) / OBSERVATION_PERIOD_MS),
    );
    for (const r of recorded) expect(rows).toContainEqual(r);
  });

  it('the API gives 12 hours of timeline right after a fresh start', async () => {
    await createHistoryBackfill(context()).run();
    await createObservationIngest(context()).runCycle();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/Observations/Historical/${t.a.location.id}`,
      headers: { authorization: `Bearer ${await t.tokenFor(t.a.admin.id)}` },
    });
    expect(res.statusCode).toBe(200);
    const points = ZObservationHistoryPoint.array().parse(res.json().data);
    // the whole 12-hour window at the ingest's cadence: the first point within 5 minutes of its start, and no
    // step between points longer than 5 minutes (so the chart fills no gap and draws one observed line)
    const times = points.map((p) => Date.parse(p.date));
    const windowStart = t.clock.now().getTime() - 12 * HOUR;
    expect(points.length).toBeGreaterThanOrEqual(12 * 12 - 1);
    expect(times[0]! - windowStart).toBeLessThanOrEqual(OBSERVATION_PERIOD_MS);
    expect(times.every((time, i) => i === 0 || time - times[i - 1]! <= OBSERVATION_PERIOD_MS)).toBe(true);
    expect(points.every((p) => p.maxWetBulbGlobalTemp !== null)).toBe(true);
  });

  it('invents nothing when the weather comes from real sources', async () => {
    const real = createHistoryBackfill(context({ weather: { ...t.weather, simulatorMode: false } }));
    await real.start();
    expect(await real.run()).toBe(0);
    expect(await historyOf(t.a.location.id)).toEqual([]);
  });
});

describe('station history backfill (issue 17)', () => {
  it('gives a station without history 2 years of days, 90 days of hours and 14 of quarter hours, once', async () => {
    const station = await buildWeatherStation(t.db.db, { customerId: t.a.customer.id });
    const backfill = createHistoryBackfill(context());
    expect(await backfill.runStations()).toBeGreaterThanOrEqual(1);
    const count = async (
      table: typeof stationReadingsDaily | typeof stationReadingsHourly | typeof stationReadings15m,
    ) => (await t.db.db.select().from(table).where(eq(table.stationId, station.id))).length;
    expect(await count(stationReadingsDaily)).toBe(731);
    expect(await count(stationReadingsHourly)).toBe(90 * 24);
    expect(await count(stationReadings15m)).toBe(14 * 96);
    expect(await backfill.runStations()).toBe(0);
  }, 60_000);

  it("still gives it its past when the live ingest has already written today's rollups", async () => {
    const station = await buildWeatherStation(t.db.db, { customerId: t.a.customer.id });
    // at a fresh start the ingest's first cycle runs before the backfill
    await createObservationIngest(context()).runCycle();
    const days = async () =>
      (
        await t.db.db
          .select()
          .from(stationReadingsDaily)
          .where(eq(stationReadingsDaily.stationId, station.id))
      ).length;
    expect(await days()).toBeGreaterThanOrEqual(1);
    expect(await createHistoryBackfill(context()).runStations()).toBeGreaterThanOrEqual(1);
    expect(await days()).toBe(731);
  }, 60_000);

  it('backfills again a station whose backfill was cut short before its oldest days', async () => {
    const station = await buildWeatherStation(t.db.db, { customerId: t.a.customer.id });
    const backfill = createHistoryBackfill(context());
    await backfill.runStations();
    // the days go in last, oldest last: a start that ended before the last statement left these out
    const cutFrom = new Date(t.clock.now().getTime() - 700 * 24 * HOUR);
    await t.db.db
      .delete(stationReadingsDaily)
      .where(
        and(eq(stationReadingsDaily.stationId, station.id), lt(stationReadingsDaily.bucketStart, cutFrom)),
      );
    expect(await backfill.runStations()).toBe(1);
    const days = await t.db.db
      .select()
      .from(stationReadingsDaily)
      .where(eq(stationReadingsDaily.stationId, station.id));
    expect(days).toHaveLength(731);
  }, 60_000);

  it('leaves the event loop a turn between its statements (on PGlite an awaited query alone never does)', async () => {
    await buildWeatherStation(t.db.db, { customerId: t.a.customer.id });
    const { result, turns } = await turnsWhile(() => createHistoryBackfill(context()).runStations());
    expect(result).toBe(1);
    // 1,344 quarter hours, 2,160 hours and 731 days, BACKFILL_CHUNK_ROWS to a statement
    const statements = [1344, 2160, 731].reduce((n, rows) => n + Math.ceil(rows / BACKFILL_CHUNK_ROWS), 0);
    expect(turns).toBeGreaterThanOrEqual(statements);
  }, 60_000);
});
