// How many turns the event loop took while some work ran: background work that shares the loop with the reads must
// leave it turns (on the embedded PGlite an awaited query resolves in a microtask, so a chain of them never does).

/** Counts the turns of the event loop (setImmediate callbacks) from now until `stop()`; `turns` is the count so far. */
export function countTurns(): { readonly turns: number; stop(): void } {
  let turns = 0;
  let ticking = true;
  const tick = () => {
    turns += 1;
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    get turns() {
      return turns;
    },
    stop: () => {
      ticking = false;
    },
  };
}

/** Runs `work`, counting the turns of the event loop until it settles. */
export async function turnsWhile<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  const counter = countTurns();
  try {
    const result = await work();
    return { result, turns: counter.turns };
  } finally {
    counter.stop();
  }
}
