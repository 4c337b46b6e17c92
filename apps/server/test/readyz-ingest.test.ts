// /readyz through a database outage (issue 21): 503 'degraded' while the database does not answer, with the
// strikes waiting in the journal and the age of the oldest; 200 'degraded' while they are being applied after
// it answers again; 'ready' once nothing waits, with what was dropped and why still shown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { createTestDatabase } from '../src/db/test-db.ts';
import { flakyDatabase, type FlakyDatabase } from '../src/engine/ingest/test-support.ts';
import { createConfiguredWeather } from '../src/engine/weather.ts';
import { createLocalBus } from '../src/platform/bus.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { loadConfig } from '../src/platform/config.ts';
import { createIngestBoard, type IngestQueueStatus } from '../src/platform/ingest-status.ts';

let db: DatabaseHandle;
let flaky: FlakyDatabase;
let app: FastifyInstance;
const clock = new ManualClock('2026-07-01T17:00:00Z');
let strikes: IngestQueueStatus;
let devices: IngestQueueStatus;

beforeAll(async () => {
  db = await createTestDatabase();
  flaky = flakyDatabase(db);
  const config = loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent' });
  const board = createIngestBoard();
  const live = (name: string): IngestQueueStatus => ({
    name,
    state: 'live',
    waiting: 0,
    oldestReceivedAt: null,
    heldSince: null,
    dropped: {},
    failed: 0,
    lastCatchUp: null,
  });
  strikes = live('strikes');
  devices = live('device-events');
  board.register(() => strikes);
  board.register(() => devices);
  const weather = await createConfiguredWeather(config, db, clock);
  app = await buildApp({
    config,
    db: flaky.handle,
    clock,
    weather,
    enqueueAlert: async () => {},
    bus: createLocalBus(),
    ingest: board,
  });
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
});

const readyz = async () => {
  const res = await app.inject({ method: 'GET', url: '/readyz' });
  return { status: res.statusCode, body: res.json() };
};

describe('/readyz and the ingest journals', () => {
  it('is ready while the database answers and nothing waits', async () => {
    expect(await readyz()).toMatchObject({
      status: 200,
      body: {
        status: 'ready',
        database: 'ready',
        alertsHeldBack: false,
        ingest: { strikes: { state: 'live', waiting: 0, oldestWaitingSeconds: null } },
      },
    });
  });

  it('is 503 degraded while the database is away, with the strikes waiting and the age of the oldest', async () => {
    flaky.down();
    strikes = {
      ...strikes,
      state: 'held',
      waiting: 1234,
      oldestReceivedAt: new Date('2026-07-01T16:59:18Z'),
      heldSince: new Date('2026-07-01T16:59:17Z'),
    };
    devices = { ...devices, state: 'held', dropped: { 'thinned: one reading a minute per station': 3 } };
    expect(await readyz()).toMatchObject({
      status: 503,
      body: {
        status: 'degraded',
        database: 'unavailable',
        alertsHeldBack: true,
        ingest: {
          strikes: {
            state: 'held',
            waiting: 1234,
            oldestWaitingSeconds: 42,
            heldSince: '2026-07-01T16:59:17.000Z',
          },
          'device-events': { dropped: { 'thinned: one reading a minute per station': 3 } },
        },
      },
    });
  });

  it('is 200 degraded while the strikes that waited are applied, then ready, saying what was dropped', async () => {
    flaky.up();
    strikes = { ...strikes, state: 'catching-up', waiting: 200 };
    devices = { ...devices, state: 'live' };
    expect(await readyz()).toMatchObject({
      status: 200,
      body: { status: 'degraded', database: 'ready', alertsHeldBack: true },
    });
    strikes = {
      ...strikes,
      state: 'live',
      waiting: 0,
      oldestReceivedAt: null,
      heldSince: null,
      lastCatchUp: { records: 1234, ms: 812, at: new Date('2026-07-01T17:00:00Z') },
    };
    expect(await readyz()).toMatchObject({
      status: 200,
      body: {
        status: 'ready',
        ingest: {
          strikes: { lastCatchUp: { records: 1234, seconds: 0.8 } },
          'device-events': { dropped: { 'thinned: one reading a minute per station': 3 } },
        },
      },
    });
  });
});
