// Runs a task once per period of the product's clock (which may run faster than real time, or be moved by
// hand in tests): a real-time timer checks whether the clock has entered a new period.
import type { Clock } from '../../platform/clock.ts';

/** How often the real-time timer looks at the clock, ms. */
const CHECK_INTERVAL_MS = 1000;

export interface ClockTicker {
  start(): void;
  /** Stops the timer; resolves when a running task is done. */
  stop(): Promise<void>;
  /** Runs the task now (waiting for a running one first); errors go to onError. */
  runNow(): Promise<void>;
}

/** A ticker that calls `task` when the clock enters a new `periodMs` slot (and at start). */
export function createClockTicker(
  clock: Clock,
  periodMs: number,
  task: () => Promise<void>,
  onError: (err: unknown) => void,
): ClockTicker {
  let timer: NodeJS.Timeout | null = null;
  let lastSlot: number | null = null;
  let running: Promise<void> | null = null;

  const runNow = async (): Promise<void> => {
    while (running) await running;
    lastSlot = Math.floor(clock.now().getTime() / periodMs);
    running = task()
      .catch(onError)
      .finally(() => {
        running = null;
      });
    await running;
  };

  return {
    start() {
      if (timer) return;
      void runNow();
      timer = setInterval(() => {
        if (running) return;
        const slot = Math.floor(clock.now().getTime() / periodMs);
        if (slot !== lastSlot) void runNow();
      }, CHECK_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      while (running) await running;
    },
    runNow,
  };
}
