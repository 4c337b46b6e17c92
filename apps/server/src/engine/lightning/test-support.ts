// Test support for the lightning engine and the device gateway: a migrated database, a manual clock,
// the simulator's weather, a recording notifier, and strikes placed at exact distances.
import { destinationPoint } from '@allclear/domain';
import type { ConfiguredWeather, Strike } from '@allclear/weather';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import { seedReferenceData } from '../../db/seed/reference.ts';
import { createTestDatabase } from '../../db/test-db.ts';
import { createLocalBus, type Bus } from '../../platform/bus.ts';
import { ManualClock } from '../../platform/clock.ts';
import { loadConfig, type Config } from '../../platform/config.ts';
import type { AlertEvent, EnqueueAlert } from '../contracts.ts';
import { createConfiguredWeather } from '../weather.ts';

/** A logger that drops everything. */
export const silentLogger: FastifyBaseLogger = (() => {
  const noop = () => {};
  const logger = {
    level: 'silent',
    fatal: noop,
    error: noop,
    warn: noop,
    info: noop,
    debug: noop,
    trace: noop,
    silent: noop,
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
})();

export interface EngineHarness {
  db: DatabaseHandle;
  clock: ManualClock;
  config: Config;
  weather: ConfiguredWeather;
  bus: Bus;
  events: AlertEvent[];
  enqueueAlert: EnqueueAlert;
  close(): Promise<void>;
}

/** A fresh database with reference data, a manual clock at 2026-07-01T17:00:00Z, and a recording notifier. */
export async function createEngineHarness(): Promise<EngineHarness> {
  const db = await createTestDatabase();
  await seedReferenceData(db);
  const config = loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent', PORT: '8080' });
  const clock = new ManualClock('2026-07-01T17:00:00Z');
  const weather = await createConfiguredWeather(config, db, clock);
  const events: AlertEvent[] = [];
  const bus = createLocalBus((err) => {
    throw err;
  });
  return {
    db,
    clock,
    config,
    weather,
    bus,
    events,
    enqueueAlert: async (_tx, event) => {
      events.push(event);
    },
    async close() {
      await weather.close();
      await db.close();
    },
  };
}

let strikeSeq = 0;

/** A strike `miles` from a point along `bearingDeg` (default due north), at `time`. */
export function strikeAt(
  origin: { latitude: number; longitude: number },
  miles: number,
  time: Date,
  overrides: Partial<Strike> & { bearingDeg?: number } = {},
): Strike {
  const { bearingDeg = 0, ...rest } = overrides;
  const p = destinationPoint(origin, bearingDeg, miles);
  strikeSeq += 1;
  return {
    id: `test-${strikeSeq}-${time.getTime()}`,
    time,
    latitude: p.latitude,
    longitude: p.longitude,
    type: 1,
    amperageKa: -20,
    cloud: false,
    source: 'test',
    observedAt: time,
    ...rest,
  };
}
