// The read cache: time to live, one load per key, tags dropped by change events, and loads that straddle a drop.
import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.ts';

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function setup(maxEntries?: number) {
  let now = 1_000;
  const cache = new ReadCache({ now: () => now, maxEntries });
  let loads = 0;
  const load = (value: string) => async () => {
    loads++;
    return value;
  };
  return {
    cache,
    load,
    loads: () => loads,
    advance: (ms: number) => (now += ms),
  };
}

describe('ReadCache', () => {
  it('serves a loaded value until its time to live is over, then reads again', async () => {
    const t = setup();
    expect(await t.cache.get('k', 10_000, [], t.load('a'))).toBe('a');
    t.advance(9_999);
    expect(await t.cache.get('k', 10_000, [], t.load('b'))).toBe('a');
    t.advance(1);
    expect(await t.cache.get('k', 10_000, [], t.load('b'))).toBe('b');
    expect(t.loads()).toBe(2);
  });

  it('reads again when the clock is set back before the value was loaded', async () => {
    const t = setup();
    await t.cache.get('k', 10_000, [], t.load('a'));
    t.advance(-1);
    expect(await t.cache.get('k', 10_000, [], t.load('b'))).toBe('b');
  });

  it('shares one load between the requests that arrive while it runs', async () => {
    const t = setup();
    const gate = deferred<string>();
    let loads = 0;
    const load = () => {
      loads++;
      return gate.promise;
    };
    const both = Promise.all([t.cache.get('k', 1_000, [], load), t.cache.get('k', 1_000, [], load)]);
    gate.resolve('v');
    expect(await both).toEqual(['v', 'v']);
    expect(loads).toBe(1);
  });

  it('forgets every entry with a dropped tag, and only those', async () => {
    const t = setup();
    await t.cache.get('a', 60_000, ['customer:1'], t.load('a1'));
    await t.cache.get('b', 60_000, ['customer:2'], t.load('b1'));
    t.cache.drop('customer:1');
    expect(await t.cache.get('a', 60_000, ['customer:1'], t.load('a2'))).toBe('a2');
    expect(await t.cache.get('b', 60_000, ['customer:2'], t.load('b2'))).toBe('b1');
  });

  it('takes tags from the loaded value', async () => {
    const t = setup();
    const row = { id: 5, customerId: 3 };
    await t.cache.get(
      'location:5',
      60_000,
      (r: typeof row) => [`customer:${r.customerId}`],
      async () => row,
    );
    t.cache.drop('customer:3');
    const again = { id: 5, customerId: 4 };
    expect(
      await t.cache.get(
        'location:5',
        60_000,
        () => [],
        async () => again,
      ),
    ).toBe(again);
  });

  it('answers a load that straddles a drop of its tag but does not keep it, and a later request does not join it', async () => {
    const t = setup();
    const before = deferred<string>();
    const first = t.cache.get('k', 60_000, ['customer:1'], () => before.promise);
    t.cache.drop('customer:1');
    // the request after the change reads again rather than waiting for the read begun before it
    const second = t.cache.get('k', 60_000, ['customer:1'], t.load('after'));
    before.resolve('before');
    expect(await first).toBe('before');
    expect(await second).toBe('after');
    expect(await t.cache.get('k', 60_000, ['customer:1'], t.load('later'))).toBe('after');
  });

  it('does not keep a load whose tags, read from its value, were dropped while it ran', async () => {
    const t = setup();
    const gate = deferred<{ customerId: number }>();
    const first = t.cache.get(
      'location:5',
      60_000,
      (r) => [`customer:${r.customerId}`],
      () => gate.promise,
    );
    t.cache.drop('customer:3');
    gate.resolve({ customerId: 3 });
    await first;
    expect(await t.cache.get('location:5', 60_000, [], async () => ({ customerId: 9 }))).toEqual({
      customerId: 9,
    });
  });

  it('keeps nothing of a failed load', async () => {
    const t = setup();
    await expect(
      t.cache.get('k', 60_000, [], async () => {
        throw new Error('database away');
      }),
    ).rejects.toThrow('database away');
    expect(await t.cache.get('k', 60_000, [], t.load('v'))).toBe('v');
  });

  it('serves an entry in the last quarter of its life and reads it again beside it, once', async () => {
    const t = setup();
    await t.cache.get('k', 10_000, [], t.load('a'));
    const gate = deferred<string>();
    let refreshes = 0;
    const refresh = () => {
      refreshes++;
      return gate.promise;
    };
    t.advance(7_499);
    expect(await t.cache.get('k', 10_000, [], refresh)).toBe('a');
    expect(refreshes).toBe(0);
    t.advance(1);
    // answered before the refresh is done, and the requests behind it do not start another
    expect(await t.cache.get('k', 10_000, [], refresh)).toBe('a');
    expect(await t.cache.get('k', 10_000, [], refresh)).toBe('a');
    expect(refreshes).toBe(1);
    gate.resolve('b');
    await gate.promise;
    expect(await t.cache.get('k', 10_000, [], t.load('c'))).toBe('b');
    // the refreshed entry's life counts from when its read began
    t.advance(7_499);
    expect(await t.cache.get('k', 10_000, [], refresh)).toBe('b');
    expect(refreshes).toBe(1);
    t.advance(1);
    expect(await t.cache.get('k', 10_000, [], refresh)).toBe('b');
    expect(refreshes).toBe(2);
  });

  it('peeks at what get would serve, at once: undefined when not kept, late or dropped, and refreshes ahead as get does', async () => {
    const t = setup();
    // not kept: nothing is read (the caller reads through get)
    expect(t.cache.peek('k', 10_000, ['tag'], t.load('a'))).toBeUndefined();
    expect(t.loads()).toBe(0);
    await t.cache.get('k', 10_000, ['tag'], t.load('a'));
    expect(t.cache.peek('k', 10_000, ['tag'], t.load('b'))).toBe('a');
    // in the last quarter of its life: served, and read again beside it, once
    t.advance(7_500);
    const gate = deferred<string>();
    let refreshes = 0;
    const refresh = () => {
      refreshes++;
      return gate.promise;
    };
    expect(t.cache.peek('k', 10_000, ['tag'], refresh)).toBe('a');
    expect(t.cache.peek('k', 10_000, ['tag'], refresh)).toBe('a');
    expect(refreshes).toBe(1);
    gate.resolve('b');
    await gate.promise;
    await Promise.resolve();
    expect(t.cache.peek('k', 10_000, ['tag'], t.load('c'))).toBe('b');
    // dropped by its change: not served
    t.cache.drop('tag');
    expect(t.cache.peek('k', 10_000, ['tag'], t.load('c'))).toBeUndefined();
    // past its time to live: not served
    await t.cache.get('k', 10_000, ['tag'], t.load('d'));
    t.advance(10_000);
    expect(t.cache.peek('k', 10_000, ['tag'], t.load('e'))).toBeUndefined();
    expect(await t.cache.get('k', 10_000, ['tag'], t.load('e'))).toBe('e');
  });

  it('keeps an entry whose refresh failed until its end, and waits at its end for a refresh not done', async () => {
    const t = setup();
    await t.cache.get('k', 10_000, [], t.load('a'));
    t.advance(8_000);
    const failing = async (): Promise<string> => {
      throw new Error('database away');
    };
    expect(await t.cache.get('k', 10_000, [], failing)).toBe('a');
    const throwing = (): Promise<string> => {
      throw new Error('not even a promise');
    };
    expect(await t.cache.get('k', 10_000, [], throwing)).toBe('a');
    await Promise.resolve();
    t.advance(1_000);
    const gate = deferred<string>();
    expect(await t.cache.get('k', 10_000, [], () => gate.promise)).toBe('a');
    t.advance(1_000);
    // expired: the refresh under way is waited for, never the old value
    let answered: string | undefined;
    const late = t.cache.get('k', 10_000, [], t.load('e')).then((v) => (answered = v));
    await Promise.resolve();
    expect(answered).toBeUndefined();
    gate.resolve('c');
    await late;
    expect(answered).toBe('c');
  });

  it('does not keep a refresh that straddles a drop of its tag', async () => {
    const t = setup();
    await t.cache.get('k', 10_000, ['customer:1'], t.load('a'));
    t.advance(8_000);
    const gate = deferred<string>();
    let refreshes = 0;
    const refresh = () => {
      refreshes++;
      return gate.promise;
    };
    expect(await t.cache.get('k', 10_000, ['customer:1'], refresh)).toBe('a');
    expect(refreshes).toBe(1);
    t.cache.drop('customer:1');
    gate.resolve('b');
    await gate.promise;
    expect(await t.cache.get('k', 10_000, ['customer:1'], t.load('c'))).toBe('c');
  });

  it('drops the oldest entry past its size, and clear() forgets everything', async () => {
    const t = setup(2);
    await t.cache.get('a', 60_000, ['x'], t.load('a'));
    await t.cache.get('b', 60_000, ['x'], t.load('b'));
    await t.cache.get('c', 60_000, ['x'], t.load('c'));
    expect(t.cache.size).toBe(2);
    expect(await t.cache.get('a', 60_000, ['x'], t.load('a2'))).toBe('a2');
    t.cache.clear();
    expect(t.cache.size).toBe(0);
  });
});
