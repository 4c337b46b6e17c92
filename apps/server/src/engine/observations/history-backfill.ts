// History backfill (issue 6 'Conditions timeline'): the ingest only records from the moment the engine runs, so
// a fresh start had a single point on the conditions timeline and the chart drew no observed line. On engine
// start, each location whose timeline covers less than the timeline's 12 hours gets the missing earlier points
// from the simulated world, at the ingest's 5-minute cadence, recorded with the 'simulator' source.
//
// Simulator mode only: the simulated world is deterministic for past times, so a backfilled point is the value
// the ingest would have recorded then. Real sources (stations, METAR, the forecast model) cannot be asked for
// the past this way, so with them the timeline starts when the ingest does.
import type { Bus } from '../../platform/bus.ts';
import type { EngineContext, EngineService } from '../contracts.ts';
import {
  BackfillRepository,
  type BackfillLocation,
  type HistoryInsert,
} from './history-backfill.repository.ts';
import { deriveMeasures } from './derive.ts';
import { OBSERVATION_PERIOD_MS, simulatedMeasures } from './observation-ingest.ts';
import { ReadingsRepository } from './readings.repository.ts';
import { BACKFILL_DAILY_DAYS, simulatedStationHistory } from './station-history-backfill.ts';

/** The conditions timeline's default range, hours (spec 01 §5 'Conditions timeline'). */
export const BACKFILL_HOURS = 12;
/** Source recorded on backfilled points. */
export const BACKFILL_SOURCE = 'simulator';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The 5-minute slots a location's timeline lacks before its first point: from the slot at or before
 * `now - 12 h` up to (not including) its first point, and never the current slot, which the ingest records.
 */
export function missingSlots(now: number, firstPoint: number | null): number[] {
  const start = Math.floor((now - BACKFILL_HOURS * HOUR_MS) / OBSERVATION_PERIOD_MS) * OBSERVATION_PERIOD_MS;
  const current = Math.floor(now / OBSERVATION_PERIOD_MS) * OBSERVATION_PERIOD_MS;
  const end = Math.min(current, firstPoint ?? current);
  const slots: number[] = [];
  for (let t = start; t < end; t += OBSERVATION_PERIOD_MS) slots.push(t);
  return slots;
}

/** Backfills on start; `run()` does one pass at the clock's now and returns how many points it added. */
export function createHistoryBackfill(
  ctx: EngineContext & { bus?: Bus },
): EngineService & { run(): Promise<number>; runStations(): Promise<number> } {
  const repo = new BackfillRepository(ctx.db.db);
  const { weather, clock } = ctx;

  /** A timeline point of the simulated world at a place and time, rounded as the ingest rounds its readings. */
  function simulatedPoint(location: BackfillLocation, t: number): HistoryInsert {
    const w = weather.simulator.world.weatherAt(location.latitude, location.longitude, t);
    const raw = simulatedMeasures(w);
    const observedAt = new Date(t);
    const derived = deriveMeasures(raw, observedAt, location.latitude, location.longitude);
    return {
      locationId: location.id,
      observedAt,
      source: BACKFILL_SOURCE,
      temperatureC: raw.temperatureC,
      windSpeedMs: raw.windSpeedMs,
      wbgtC: derived.wbgtC,
    };
  }

  async function run(): Promise<number> {
    if (!weather.simulatorMode) return 0;
    const now = clock.now().getTime();
    const firstPoints = await repo.earliestSince(
      new Date(now - BACKFILL_HOURS * HOUR_MS - OBSERVATION_PERIOD_MS),
    );
    let added = 0;
    for (const location of await repo.listLocations()) {
      const slots = missingSlots(now, firstPoints.get(location.id)?.getTime() ?? null);
      await repo.insert(slots.map((t) => simulatedPoint(location, t)));
      added += slots.length;
    }
    // the API's kept timelines are read again
    if (added > 0) ctx.bus?.publish('observations-changed', { at: new Date(now) });
    return added;
  }

  /** Stations with no history yet get the demo's two years (station-history-backfill.ts); returns how many. */
  async function runStations(): Promise<number> {
    if (!weather.simulatorMode) return 0;
    const readings = new ReadingsRepository(ctx.db.db);
    const now = clock.now();
    // a day after the start of the two years: the backfill's oldest day, which it writes last
    const historyBefore = new Date(now.getTime() - (BACKFILL_DAILY_DAYS - 1) * DAY_MS);
    const stations = await readings.stationsWithoutHistory(historyBefore);
    // each station's statements let the event loop turn (yieldAfterEachQuery): requests are answered between them
    for (const s of stations) {
      await readings.insertRollups(simulatedStationHistory(weather.simulator.world.seed, s, now));
    }
    if (stations.length > 0) ctx.bus?.publish('observations-changed', { at: now });
    return stations.length;
  }

  return {
    runStations,
    async start() {
      try {
        const added = await run();
        if (added > 0) ctx.log.info({ added }, 'conditions timeline backfilled from the simulator');
      } catch (err) {
        // A timeline without its past is not worth stopping the engine for.
        ctx.log.error({ err }, 'conditions timeline backfill failed');
      }
      try {
        const started = Date.now();
        const stations = await runStations();
        if (stations > 0)
          ctx.log.info(
            { stations, ms: Date.now() - started },
            'station history backfilled from the simulated climate (2 years daily, 90 days hourly, 14 days 15-minute)',
          );
      } catch (err) {
        ctx.log.error({ err }, 'station history backfill failed');
      }
    },
    stop: async () => {},
    run,
  };
}
