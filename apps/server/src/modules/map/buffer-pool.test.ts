// The answer buffer pool: slabs are lent once, reused only after they are given back, and a
// stale or foreign release never frees a slab another answer holds.
import { describe, expect, it } from 'vitest';
import { BufferPool } from './buffer-pool.ts';

describe('BufferPool', () => {
  it('lends the start of a slab and lends the same memory again once it is given back', () => {
    const pool = new BufferPool(1024, 2);
    const a = pool.take(100);
    expect(a.length).toBe(100);
    pool.release(a);
    expect(pool.free).toBe(1);
    const b = pool.take(300);
    expect(b.buffer).toBe(a.buffer);
    expect(pool.free).toBe(0);
  });

  it('never lends a slab twice at once, and allocates beyond its slabs', () => {
    const pool = new BufferPool(1024, 2);
    const held = [pool.take(10), pool.take(10), pool.take(10)];
    expect(new Set(held.map((b) => b.buffer)).size).toBe(3);
    held.forEach((b) => pool.release(b));
    // the third was allocated: only the two slabs come back
    expect(pool.free).toBe(2);
  });

  it('allocates an answer larger than a slab', () => {
    const pool = new BufferPool(1024, 2);
    const big = pool.take(4096);
    expect(big.length).toBe(4096);
    pool.release(big);
    expect(pool.free).toBe(0);
  });

  it('ignores a second release of an answer whose slab is lent again', () => {
    const pool = new BufferPool(1024, 1);
    const first = pool.take(10);
    pool.release(first);
    const second = pool.take(10);
    pool.release(first);
    expect(pool.free).toBe(0);
    // the next answer does not get the memory `second` still holds
    expect(pool.take(10).buffer).not.toBe(second.buffer);
    pool.release(second);
    expect(pool.free).toBe(1);
  });

  it('ignores a view of a lent slab that is not the answer itself', () => {
    const pool = new BufferPool(1024, 1);
    const answer = pool.take(10);
    pool.release(answer.subarray(0, 5));
    expect(pool.free).toBe(0);
  });

  it('says which answers it lends until they are given back', () => {
    const pool = new BufferPool(1024, 1);
    const lent = pool.take(100);
    const allocated = pool.take(100);
    const tooBig = pool.take(2048);
    expect([pool.lends(lent), pool.lends(allocated), pool.lends(tooBig)]).toEqual([true, false, false]);
    expect(pool.lends(lent.subarray(0, 5))).toBe(false);
    pool.release(lent);
    expect(pool.lends(lent)).toBe(false);
  });
});
