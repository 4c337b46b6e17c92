// Waiting for a condition in the fault tests (own PostgreSQL, the product in a process of its own): probed every
// 200 ms until it holds, never a fixed sleep standing in for it.
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Resolves with the first value of `probe` that is neither undefined nor false; a probe that throws is tried again.
 * Past `ms` it throws, naming `what`, the last error and what `context` adds (the product's output).
 */
export async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  ms: number,
  context: () => string = () => '',
): Promise<T> {
  const end = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const v = await probe();
      if (v !== undefined && v !== false) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > end) {
      throw new Error(`timed out waiting for ${what}${last ? ` (${String(last)})` : ''}\n${context()}`);
    }
    await sleep(200);
  }
}
