// The next-tick shape kept alive (tick-shape.ts): one tick object held, whose maps every later tick is built on,
// across full garbage collections.
import { executionAsyncResource } from 'node:async_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { keepTickShape } from './tick-shape.ts';

setFlagsFromString('--expose-gc');
setFlagsFromString('--allow-natives-syntax');
const fullGc = runInNewContext('gc') as () => void;
// V8's own test of two objects' maps
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

const nextTickObject = () =>
  new Promise<object>((resolve) => process.nextTick(() => resolve(executionAsyncResource())));

describe('keepTickShape', () => {
  it('keeps one tick object, on whose maps the ticks after full collections are built', async () => {
    const kept = await keepTickShape();
    // a tick object: its async id symbols, its callback
    expect(Object.getOwnPropertySymbols(kept).map(String)).toEqual(
      expect.arrayContaining(['Symbol(async_id_symbol)', 'Symbol(trigger_async_id_symbol)']),
    );
    expect(typeof (kept as { callback?: unknown }).callback).toBe('function');
    expect(await keepTickShape()).toBe(kept);
    for (let i = 0; i < 3; i++) {
      fullGc();
      expect(haveSameMap(kept, await nextTickObject())).toBe(true);
    }
    // the check itself tells maps apart
    expect(haveSameMap(kept, { callback: () => undefined })).toBe(false);
  });
});
