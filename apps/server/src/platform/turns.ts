// Background work that shares the event loop with the reads. On the embedded PGlite every query runs on the event
// loop, and an awaited query resolves in a microtask: ten jobs started together ran their queries back to back with
// no turn of the loop between them, and the notifier's batch of ten deliveries held every request for 50 to 90 ms
// (issue 18, a profile of the idle product). Started one turn apart, they leave the loop a turn between each.
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Runs `work` on every item concurrently, as Promise.all would, but starts each on its own turn of the event loop
 * (the first at once), so what is waiting (requests, timers) runs between them. Resolves with the results in order;
 * rejects with the first rejection, once every item has started.
 */
export async function eachOnItsOwnTurn<T, R>(
  items: readonly T[],
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const started: Promise<R>[] = [];
  for (const [i, item] of items.entries()) {
    if (i > 0) await nextTurn();
    const result = work(item);
    // handled below: a rejection while the next item waits for its turn is not an unhandled one
    result.catch(() => undefined);
    started.push(result);
  }
  return Promise.all(started);
}
