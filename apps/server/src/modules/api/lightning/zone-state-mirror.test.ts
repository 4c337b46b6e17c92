// The zone-state mirror's stored rows: read once per DATABASE_ROWS_TTL_MS, read again beside the requests of the last
// quarter of it (they never wait for the database then), never served past it, and overtaken by the engine's events.
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.ts';
import type { ZoneStateView } from '../../../engine/lightning/queries.ts';
import { createLocalBus } from '../../../platform/bus.ts';
import { DATABASE_ROWS_TTL_MS, ZoneStateMirror } from './zone-state-mirror.ts';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const zone = (n: number, minutesAgo: number): ZoneStateView => ({
  zone: n,
  lastStrikeAt: new Date(Date.UTC(2026, 10, 29, 12, 0) - minutesAgo * 60_000),
  lastStrikeDistanceMiles: 5,
  lastStrikeBearingDeg: 90,
});

function setup() {
  let now = 0;
  const reads: ReturnType<typeof deferred<ZoneStateView[]>>[] = [];
  const bus = createLocalBus();
  const mirror = new ZoneStateMirror(
    {} as Database,
    bus,
    () => now,
    () => {
      const read = deferred<ZoneStateView[]>();
      reads.push(read);
      return read.promise;
    },
  );
  return { mirror, bus, reads, advance: (ms: number) => (now += ms) };
}

/** A mirror whose location 1 has been read once (the rows given), at time 0. */
async function setupRead(rows: ZoneStateView[]) {
  const t = setup();
  const first = t.mirror.zones(1);
  t.reads[0]!.resolve(rows);
  expect(await first).toEqual(rows);
  return t;
}

describe('ZoneStateMirror', () => {
  it('serves stored rows in the last quarter of their life and reads them again beside, once', async () => {
    const t = await setupRead([zone(1, 10)]);
    t.advance(DATABASE_ROWS_TTL_MS * 0.75 - 1);
    expect(t.mirror.zones(1)).toEqual([zone(1, 10)]);
    expect(t.reads).toHaveLength(1);
    t.advance(1);
    // answered from memory while a read runs beside, and the requests behind it do not start another
    expect(t.mirror.zones(1)).toEqual([zone(1, 10)]);
    expect(t.mirror.zones(1)).toEqual([zone(1, 10)]);
    expect(t.reads).toHaveLength(2);
    t.reads[1]!.resolve([zone(1, 2)]);
    await t.reads[1]!.promise;
    await Promise.resolve();
    expect(t.mirror.zones(1)).toEqual([zone(1, 2)]);
  });

  it('waits at the end of the rows for a read not done, and keeps them when a read beside fails', async () => {
    const t = await setupRead([zone(1, 10)]);
    t.advance(DATABASE_ROWS_TTL_MS * 0.8);
    expect(t.mirror.zones(1)).toEqual([zone(1, 10)]);
    t.reads[1]!.reject(new Error('database away'));
    await t.reads[1]!.promise.catch(() => undefined);
    await Promise.resolve();
    expect(t.mirror.zones(1)).toEqual([zone(1, 10)]);
    expect(t.reads).toHaveLength(3);
    t.advance(DATABASE_ROWS_TTL_MS * 0.2);
    // past their time: the read under way is waited for, never the old rows
    const late = t.mirror.zones(1);
    expect(late).toBeInstanceOf(Promise);
    t.reads[2]!.resolve([zone(1, 1)]);
    expect(await late).toEqual([zone(1, 1)]);
  });

  it("does not keep a read beside that straddles the engine's event, and serves the event's zones", async () => {
    const t = await setupRead([zone(1, 10)]);
    t.advance(DATABASE_ROWS_TTL_MS * 0.9);
    t.mirror.zones(1);
    expect(t.reads).toHaveLength(2);
    t.bus.publish('lightning-changed', {
      locationId: 1,
      customerId: 1,
      allClearMinutes: 15,
      zones: [{ ...zone(1, 0), radiusMiles: 10, inDelay: true }],
    });
    t.reads[1]!.resolve([zone(1, 10)]);
    await t.reads[1]!.promise;
    await Promise.resolve();
    t.advance(DATABASE_ROWS_TTL_MS * 5);
    expect(t.mirror.zones(1)).toEqual([zone(1, 0)]);
    expect(t.reads).toHaveLength(2);
  });
});
