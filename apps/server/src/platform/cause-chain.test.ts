// Reading a code through drizzle's wrapping of the driver's error.
import { describe, expect, it } from 'vitest';
import { causeChain, hasErrorCode } from './cause-chain.ts';

const withCode = (code: string, cause?: unknown) =>
  Object.assign(new Error(`failed ${code}`, { cause }), { code });

describe('causeChain', () => {
  it('walks from the outer error to the innermost cause', () => {
    const inner = withCode('23503');
    const outer = new Error('Failed query: insert', { cause: inner });
    expect([...causeChain(outer)]).toEqual([outer, inner]);
    expect(hasErrorCode(outer, new Set(['23503']))).toBe(true);
    expect(hasErrorCode(outer, new Set(['23505']))).toBe(false);
  });

  it('stops at a chain that loops, and yields nothing for what is not an object', () => {
    const looped = withCode('X');
    Object.assign(looped, { cause: looped });
    expect([...causeChain(looped)]).toHaveLength(5);
    expect(hasErrorCode(looped, new Set(['23503']))).toBe(false);
    expect([...causeChain(undefined)]).toEqual([]);
    expect([...causeChain('23503')]).toEqual([]);
    expect(hasErrorCode('23503', new Set(['23503']))).toBe(false);
  });
});
