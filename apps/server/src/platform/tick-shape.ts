// Keeps the shape of Node's next-tick objects alive for the life of the process (issue 18).
//
// `process.nextTick` makes each tick as an object literal with computed keys (its async id symbols; node's
// internal/process/task_queues.js), built from the empty object's map by transitions. Transitions are weak: when no
// tick object is alive at a full garbage collection, V8 clears them, and the next tick is built on new maps. The
// literal's feedback then sees map after map, goes megamorphic, and every nextTick from then on defines its properties
// through the runtime. Every request takes several ticks, so a process with a large heap (full collections every few
// seconds under load: the product) paid for it on every request: 13 to 17 % of the CPU of /healthz went to
// `Runtime_DefineKeyedOwnPropertyInLiteral` under nextTick, which a hello world never pays. A hello world forced into a
// full collection every second showed the same 13 %, and none with one tick object kept.
//
// One tick object kept alive keeps its maps, and so the transitions, for good: every later tick is built on them.
import { executionAsyncResource } from 'node:async_hooks';

let kept: object | undefined;

/** Keeps one next-tick object (the resource of a tick's callback) alive; resolves with it (tests). */
export function keepTickShape(): Promise<object> {
  return new Promise((resolve) =>
    process.nextTick(() => {
      kept ??= executionAsyncResource();
      resolve(kept);
    }),
  );
}
