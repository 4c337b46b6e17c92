// The zone cache's write-behind: which rows wait, which a chunk takes and in what order (README 'Lightning
// state is cached by one engine process': delay starts first; an extension within 5 s under load, 30 s at most).
import { describe, expect, it } from 'vitest';
import type { ZoneStateRow } from './lightning.repository.ts';
import { isExtensionOnly, ZoneCache } from './zone-cache.ts';
import { blankZones } from './zone-transitions.ts';

/** A cache on a hand-moved real-time clock (ms), with locations 1..n loaded blank. */
function cacheOf(locations: number) {
  const clock = { ms: 1_000_000 };
  const cache = new ZoneCache(() => clock.ms);
  cache.load(Array.from({ length: locations }, (_, i) => blankZones(i + 1)).flat());
  return { cache, clock };
}

const keys = (rows: ZoneStateRow[]) => rows.map((r) => `${r.locationId}/${r.zone}`);

describe('zone cache: the rows a flush takes', () => {
  it('takes every waiting row when unbounded, each zone once, in the order the locations became dirty', () => {
    const { cache } = cacheOf(3);
    cache.markDirty(2, 1);
    cache.markDirty(1, 3);
    cache.markDirty(2, 1);
    cache.markDirty(2, 2, true);
    expect(keys(cache.takeDirty())).toEqual(['2/1', '2/2', '1/3']);
    expect(cache.dirtyLocations).toBe(0);
    expect(cache.takeDirty()).toEqual([]);
  });

  it('under load takes transitions first, however young, and leaves an extension dirty for 4.999 s', () => {
    const { cache, clock } = cacheOf(3);
    cache.markDirty(1, 1); // extension
    clock.ms += 4_000;
    cache.markDirty(2, 1, true); // delay start
    clock.ms += 999;
    expect(keys(cache.takeDirty(150))).toEqual(['2/1']);
    expect(cache.dirtyLocations).toBe(1);
  });

  it('under load takes an extension once it has waited exactly 5 s', () => {
    const { cache, clock } = cacheOf(1);
    cache.markDirty(1, 2);
    clock.ms += 5_000;
    expect(keys(cache.takeDirty(150))).toEqual(['1/2']);
  });

  it('under load takes whole locations, oldest first, until the chunk holds maxRows; the rest wait', () => {
    const { cache, clock } = cacheOf(3);
    for (const id of [3, 1, 2]) for (const zone of [1, 2]) cache.markDirty(id, zone);
    clock.ms += 5_000;
    expect(keys(cache.takeDirty(3))).toEqual(['3/1', '3/2', '1/1', '1/2']);
    expect(keys(cache.takeDirty(3))).toEqual(['2/1', '2/2']);
  });

  it('a chunk of transitions also stops at maxRows', () => {
    const { cache } = cacheOf(3);
    for (const id of [1, 2, 3]) cache.markDirty(id, 1, true);
    expect(keys(cache.takeDirty(2))).toEqual(['1/1', '2/1']);
    expect(keys(cache.takeDirty(2))).toEqual(['3/1']);
  });

  it('is overdue once the oldest waiting row has waited more than 30 s (exactly 30 s not yet)', () => {
    const { cache, clock } = cacheOf(2);
    expect(cache.overdue()).toBe(false);
    cache.markDirty(1, 1);
    clock.ms += 20_000;
    cache.markDirty(2, 1);
    clock.ms += 10_000;
    expect(cache.overdue()).toBe(false);
    clock.ms += 1;
    expect(cache.overdue()).toBe(true);
  });

  it('has a chunk due when no strikes wait, or once overdue while they do; never while a backlog is caught up', () => {
    const { cache, clock } = cacheOf(2);
    expect(cache.chunkDue(false, false)).toBe(false);
    cache.markDirty(1, 1);
    expect(cache.chunkDue(false, false)).toBe(true);
    expect(cache.chunkDue(true, false)).toBe(false);
    expect(cache.chunkDue(false, true)).toBe(false);
    clock.ms += 30_001;
    expect(cache.chunkDue(true, false)).toBe(true);
    // the rows from before an outage, all overdue when it ends, wait for the catch-up to finish
    expect(cache.chunkDue(true, true)).toBe(false);
    expect(cache.chunkDue(false, true)).toBe(false);
  });

  it("keeps overdue rows to a third of the queue while strikes wait: the next chunk after twice the last one's time", () => {
    const { cache, clock } = cacheOf(2);
    cache.markDirty(1, 1);
    cache.markDirty(2, 1);
    clock.ms += 30_001;
    expect(cache.chunkDue(true, false)).toBe(true);
    // a chunk of 12 ms ends now: strikes have the next 24 ms
    cache.chunkWritten(12);
    clock.ms += 23;
    expect(cache.chunkDue(true, false)).toBe(false);
    // with no strikes waiting the queue is the rows' own
    expect(cache.chunkDue(false, false)).toBe(true);
    clock.ms += 1;
    expect(cache.chunkDue(true, false)).toBe(true);
    // not overdue: none while strikes wait, whatever the share
    cache.takeDirty();
    cache.markDirty(1, 2);
    clock.ms += 1_000;
    expect(cache.chunkDue(true, false)).toBe(false);
  });

  it('a row written with its transaction no longer waits; the location stays dirty for its other zones', () => {
    const { cache } = cacheOf(1);
    cache.markDirty(1, 1);
    cache.markDirty(1, 2);
    cache.markWritten(1, 1);
    expect(keys(cache.takeDirty())).toEqual(['1/2']);
  });

  it('a deleted location is forgotten with its waiting rows; one missing from a reload gives no rows', () => {
    const { cache } = cacheOf(2);
    cache.markDirty(1, 1, true);
    cache.markDirty(2, 1);
    cache.forget(1);
    expect(cache.has(1)).toBe(false);
    expect(cache.dirtyLocations).toBe(1);
    cache.load([]);
    expect(cache.takeDirty()).toEqual([]);
    expect(cache.dirtyLocations).toBe(0);
  });

  it('hands over the rows as the cache holds them after a committed working copy', () => {
    const { cache } = cacheOf(1);
    const longLived = cache.get(1)!;
    const copy = longLived.map((z) => ({ ...z }));
    copy[0]!.inDelay = true;
    cache.store(1, copy);
    expect(cache.get(1)).toBe(longLived);
    cache.markDirty(1, 1);
    const [row] = cache.takeDirty();
    expect(row).toBe(longLived[0]);
    expect(row!.inDelay).toBe(true);
  });
});

describe('zone cache: an extension may wait, a transition may not', () => {
  const delayStartedAt = new Date('2026-07-01T17:00:00Z');
  const inDelay = (over: Partial<ZoneStateRow> = {}): ZoneStateRow => ({
    ...blankZones(1)[0]!,
    inDelay: true,
    delayStartedAt,
    correlationId: 'episode-a',
    ...over,
  });

  it.each([
    {
      name: 'the same episode extended',
      before: inDelay(),
      after: inDelay({ lastStrikeId: 's-2' }),
      expected: true,
    },
    { name: 'a zone never stored (delay start)', before: undefined, after: inDelay(), expected: false },
    { name: 'a delay start', before: inDelay({ inDelay: false }), after: inDelay(), expected: false },
    { name: 'an all-clear', before: inDelay(), after: inDelay({ inDelay: false }), expected: false },
    {
      name: 'a new episode',
      before: inDelay(),
      after: inDelay({ correlationId: 'episode-b' }),
      expected: false,
    },
    {
      name: 'a restarted delay',
      before: inDelay(),
      after: inDelay({ delayStartedAt: new Date('2026-07-01T17:05:00Z') }),
      expected: false,
    },
  ])('$name: extension only is $expected', ({ before, after, expected }) => {
    expect(isExtensionOnly(before, after)).toBe(expected);
  });
});
