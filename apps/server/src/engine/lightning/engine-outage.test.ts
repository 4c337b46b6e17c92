// The lightning engine through a database outage (issue 21): strikes taken while the database is away wait
// in the journal and are applied when it answers; a delay takes its time from its strike (the countdown reads
// as if there had been no outage), its alert goes out once and says how late; no all-clear passes a strike
// still waiting; a strike whose transaction committed as the connection dropped is applied again, raising
// nothing. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (the outage is the handle refusing calls;
// the fault tests in test/ingest-outage.test.ts stop a real PostgreSQL).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { buildCustomer, buildLocation } from '../../db/factories.ts';
import { lightningZoneStates, strikes } from '../../db/schema/index.ts';
import { createIngestBoard } from '../../platform/ingest-status.ts';
import { flakyDatabase } from '../ingest/test-support.ts';
import { createLightningEngine, type EngineWork, type LightningEngine } from './engine.ts';
import { getDelayItems } from './queries.ts';
import { createEngineHarness, silentLogger, strikeAt, type EngineHarness } from './test-support.ts';

const MINUTE = 60_000;
let h: EngineHarness;
let spot = 0;
const engines: LightningEngine[] = [];

beforeAll(async () => {
  h = await createEngineHarness();
}, 60_000);

afterAll(async () => {
  for (const e of engines) await e.stop();
  await h.close();
});

async function place() {
  spot += 1;
  const customer = await buildCustomer(h.db, { name: `Outage ${spot}` });
  return buildLocation(h.db, {
    customerId: customer.id,
    latitude: 20 + spot * 2,
    longitude: -80,
    radius1: 10,
    allClearMinutes: 30,
  });
}

interface EngineOptions {
  retryMs?: number;
  catchUpChunk?: number;
  onWork?: (work: EngineWork) => void;
  /** Wraps the (flaky) database the engine uses. */
  wrap?: (db: Database) => Database;
}

async function startEngine({ retryMs = 5, catchUpChunk, onWork, wrap }: EngineOptions = {}) {
  const flaky = flakyDatabase(h.db);
  const board = createIngestBoard();
  const engine = createLightningEngine({
    config: h.config,
    db: wrap ? { ...flaky.handle, db: wrap(flaky.handle.db) } : flaky.handle,
    clock: h.clock,
    weather: h.weather,
    log: silentLogger,
    enqueueAlert: h.enqueueAlert,
    bus: h.bus,
    autoTick: false,
    ingestBoard: board,
    intake: { retryMs, maxRetryMs: retryMs, catchUpChunk },
    onWork,
  });
  engines.push(engine);
  await engine.start();
  return { engine, flaky, board };
}

const eventsOf = (locationId: number) => h.events.filter((e) => e.locationId === locationId);
const zoneRow = async (locationId: number) =>
  (
    await h.db.db.select().from(lightningZoneStates).where(eq(lightningZoneStates.locationId, locationId))
  ).find((z) => z.zone === 1);

describe('lightning engine: a database outage', () => {
  it('takes a strike 2 minutes into an outage; once the database is back its delay counts down as if there had been none, alerted once, saying how late', async () => {
    const location = await place();
    const { engine, flaky, board } = await startEngine();
    const t0 = h.clock.now();
    flaky.down();
    h.clock.advance(2 * MINUTE);
    const strike = strikeAt(location, 3, h.clock.now());
    expect(await engine.take([strike])).toBe('held');
    expect(board.read()).toEqual([
      expect.objectContaining({
        name: 'strikes',
        state: 'held',
        waiting: 1,
        oldestReceivedAt: new Date(t0.getTime() + 2 * MINUTE),
      }),
    ]);
    expect(eventsOf(location.id)).toEqual([]);

    h.clock.advance(MINUTE);
    flaky.up();
    await engine.ingestIdle();
    expect(engine.ingestStatus()).toMatchObject({ state: 'live', waiting: 0, heldSince: null });

    const events = eventsOf(location.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'lightning-delay',
      details: { strikeId: strike.id, strikeTime: strike.time.toISOString(), heldSeconds: 60 },
    });
    expect(events[0]!.body).toContain('Sent 60 s late');
    // three minutes after t0, one after the strike's time: 29 minutes left, as without the outage
    expect((await getDelayItems(h.db.db, location.id, h.clock.now())).item1).toBe('00:29:00');
    expect(await zoneRow(location.id)).toMatchObject({ inDelay: true, delayStartedAt: strike.time });
    const [stored] = await h.db.db.select().from(strikes).where(eq(strikes.id, strike.id));
    expect(stored!.receivedAt).toEqual(strike.time);

    // taken again (a feed resending after a reconnect): nothing changes, nothing is raised
    await engine.take([strike]);
    expect(eventsOf(location.id)).toHaveLength(1);
  });

  it('clears no zone past a strike still waiting: the held strike restarts it', async () => {
    const location = await place();
    const { engine, flaky } = await startEngine({ retryMs: 400 });
    const t0 = h.clock.now();
    await engine.take([strikeAt(location, 3, t0)]);
    h.clock.set(new Date(t0.getTime() + 29 * MINUTE + 50_000));
    flaky.down();
    const held = strikeAt(location, 4, h.clock.now());
    expect(await engine.take([held])).toBe('held');
    h.clock.set(new Date(t0.getTime() + 30 * MINUTE + 30_000));
    await expect(engine.tick()).rejects.toThrow(/ECONNREFUSED/);
    // the database answers; the held strike is not applied yet (the intake probes 400 ms later)
    flaky.up();
    await engine.tick();
    expect(eventsOf(location.id).map((e) => e.kind)).toEqual(['lightning-delay']);
    await engine.ingestIdle();
    await engine.tick();
    expect(eventsOf(location.id).map((e) => e.kind)).toEqual(['lightning-delay']);
    expect(await zoneRow(location.id)).toMatchObject({ inDelay: true, lastStrikeId: held.id });

    h.clock.set(new Date(held.time.getTime() + 30 * MINUTE));
    await engine.tick();
    expect(eventsOf(location.id).map((e) => e.kind)).toEqual(['lightning-delay', 'lightning-all-clear']);
  });

  it('tells onWork of each transaction of strikes (the held ones as offered again) and of each write of zone rows', async () => {
    const location = await place();
    const works: EngineWork[] = [];
    const { engine, flaky } = await startEngine({ onWork: (w) => works.push(w) });
    const strikesOf = () => works.filter((w) => w.kind === 'strikes');
    const rowsWritten = () =>
      works.filter((w) => w.kind === 'zone-rows').reduce((rows, w) => rows + w.rows, 0);
    const zonesInDelay = async () =>
      (
        await h.db.db
          .select()
          .from(lightningZoneStates)
          .where(eq(lightningZoneStates.locationId, location.id))
      ).filter((z) => z.inDelay).length;

    await engine.take([strikeAt(location, 3, h.clock.now())]);
    expect(strikesOf()).toEqual([expect.objectContaining({ strikes: 1, redelivered: 0, rows: 0 })]);
    // the delay's zone rows, written behind the strike's transaction while the queue is idle (with the rows of
    // earlier tests' locations that the engine's start replayed)
    expect(await zonesInDelay()).toBeGreaterThan(0);
    expect(rowsWritten()).toBeGreaterThanOrEqual(await zonesInDelay());

    flaky.down();
    h.clock.advance(MINUTE);
    const held = [strikeAt(location, 4, h.clock.now()), strikeAt(location, 5, h.clock.now())];
    expect(await engine.take(held)).toBe('held');
    // a transaction the database refused is no work done
    expect(strikesOf()).toHaveLength(1);
    works.length = 0;
    flaky.up();
    await engine.ingestIdle();
    expect(strikesOf()).toEqual([expect.objectContaining({ strikes: 2, redelivered: 2 })]);
    // each zone the held strikes extended, written once
    expect(rowsWritten()).toBe(await zonesInDelay());
    for (const w of works) {
      expect(w.ms).toBeGreaterThanOrEqual(0);
      expect(w.startMs).toBeLessThanOrEqual(performance.now());
    }
  });

  it('while catching up, the new strikes that wait go in one transaction, not one per 20', async () => {
    const location = await place();
    // the next transaction, once armed, waits for release(): the catch-up's first chunk is held in flight
    let armed = false;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const gated = (db: Database) =>
      new Proxy(db, {
        get(target, prop, receiver) {
          const value = Reflect.get(target, prop, receiver) as unknown;
          if (prop !== 'transaction' || !armed) return value;
          armed = false;
          return async (...args: unknown[]) => {
            await gate;
            return (value as (...a: unknown[]) => unknown)(...args);
          };
        },
      });
    const works: EngineWork[] = [];
    const { engine, flaky } = await startEngine({
      catchUpChunk: 3,
      onWork: (w) => works.push(w),
      wrap: gated,
    });

    flaky.down();
    const at = () => strikeAt(location, 3, h.clock.now());
    expect(await engine.take([at(), at(), at()])).toBe('held');
    expect(await engine.take([at(), at(), at()])).toBe('held');
    armed = true;
    flaky.up();
    // the first chunk of 3 is in flight; 25 new strikes arrive one by one behind it
    await vi.waitFor(() => expect(armed).toBe(false));
    expect(engine.ingestStatus().state).toBe('catching-up');
    const fresh = Array.from({ length: 25 }, () => engine.take([at()]));
    await vi.waitFor(() => expect(engine.ingestStatus().waiting).toBe(31));
    release();
    expect(await Promise.all(fresh)).toEqual(Array(25).fill('applied'));
    await engine.ingestIdle();

    const transactions = works.filter((w) => w.kind === 'strikes').map((w) => [w.strikes, w.redelivered]);
    expect(transactions).toEqual([
      [3, 3],
      [25, 0],
      [3, 3],
    ]);
  });

  it('applies a redelivered strike that is already stored to the zones again, raising nothing', async () => {
    const location = await place();
    const { engine } = await startEngine();
    const strike = strikeAt(location, 3, h.clock.now());
    // its transaction committed, but the answer was lost with the connection: the zones never saw it
    await h.db.db.insert(strikes).values({ ...strike, receivedAt: strike.time });
    await engine.ingest([strike]);
    expect((await getDelayItems(h.db.db, location.id, h.clock.now())).item1).toBe('00:00:00');
    await engine.ingest([strike], { redelivered: true });
    await engine.tick();
    expect((await getDelayItems(h.db.db, location.id, h.clock.now())).item1).toBe('00:30:00');
    expect(eventsOf(location.id)).toEqual([]);
  });
});
