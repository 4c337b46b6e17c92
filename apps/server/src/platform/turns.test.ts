import { describe, expect, it } from 'vitest';
import { eachOnItsOwnTurn } from './turns.ts';

/** Work that holds the event loop as a PGlite query does, then resolves in a microtask. */
const blocking = (order: string[], name: string) => async () => {
  order.push(`${name} starts`);
  const until = performance.now() + 5;
  while (performance.now() < until);
  await Promise.resolve();
  order.push(`${name} done`);
  return name;
};

describe('eachOnItsOwnTurn', () => {
  it('lets what waits on the event loop run between the items', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 0);
    const jobs = ['a', 'b', 'c', 'd'].map((name) => blocking(order, name));
    expect(await eachOnItsOwnTurn(jobs, (job) => job())).toEqual(['a', 'b', 'c', 'd']);
    // the timer was due after a's 5 ms: it runs before the last item starts, not after all four
    expect(order.indexOf('timer')).toBeGreaterThan(order.indexOf('a done'));
    expect(order.indexOf('timer')).toBeLessThan(order.indexOf('d starts'));
  });

  it('runs the items concurrently: an item waiting on I/O does not hold back the next', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const order: string[] = [];
    const result = eachOnItsOwnTurn(['slow', 'quick'], async (name) => {
      order.push(`${name} starts`);
      if (name === 'slow') await gate;
      order.push(`${name} done`);
      return name;
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual(['slow starts', 'quick starts', 'quick done']);
    release();
    expect(await result).toEqual(['slow', 'quick']);
  });

  it('rejects with the first rejection, and no rejection goes unhandled while the others wait', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const started: string[] = [];
      const result = eachOnItsOwnTurn(['a', 'b', 'c'], async (name) => {
        started.push(name);
        if (name === 'a') throw new Error('a failed');
        return name;
      });
      await expect(result).rejects.toThrow('a failed');
      expect(started).toEqual(['a', 'b', 'c']);
      await new Promise((r) => setTimeout(r, 10));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
