// The next-tick shape kept alive (tick-shape.ts): one tick object held by the module, whose maps every later tick is
// built on, across full garbage collections.
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

/** The kept tick object, checked, and held here only weakly: what keeps it alive is the module. */
async function keptWeakly(): Promise<WeakRef<object>> {
  const kept = await keepTickShape();
  // a tick object: its async id symbols, its callback
  expect(Object.getOwnPropertySymbols(kept).map(String)).toEqual(
    expect.arrayContaining(['Symbol(async_id_symbol)', 'Symbol(trigger_async_id_symbol)']),
  );
  expect(typeof (kept as { callback?: unknown }).callback).toBe('function');
  expect(await keepTickShape()).toBe(kept);
  return new WeakRef(kept);
}

describe('keepTickShape', () => {
  it('keeps one tick object, on whose maps the ticks after full collections are built', async () => {
    const kept = await keptWeakly();
    for (let i = 0; i < 3; i++) {
      // a new turn first: a WeakRef's target is held strongly only until the end of the job that made or read it
      await new Promise((resolve) => setImmediate(resolve));
      fullGc();
      expect(kept.deref(), 'the module still holds the tick object').toBeDefined();
      expect(haveSameMap(kept.deref()!, await nextTickObject())).toBe(true);
    }
    // the check itself tells maps apart
    expect(haveSameMap(kept.deref()!, { callback: () => undefined })).toBe(false);
  });
});
