// pg-boss's database adapter: a statement with one command goes to query, several to exec, and settled() waits for
// the statements still running (pg-boss 10 completes a job without awaiting it, so its stop can resolve first).
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { handleExecutor } from './job-queue.ts';

/** A handle whose queries answer when the test says, in the order they were asked. */
function heldHandle() {
  const answers: { resolve: (rows: unknown[]) => void; reject: (err: Error) => void; text: string }[] = [];
  const handle = {
    query: (text: string) =>
      new Promise<unknown[]>((resolve, reject) => answers.push({ resolve, reject, text })),
    exec: async () => undefined,
  } as unknown as DatabaseHandle;
  return { handle, answers };
}

/** Whether a promise has settled after the queued callbacks have run. */
async function isSettled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setImmediate(r));
  return done;
}

describe('job queue executor', () => {
  it('settles once every statement handed to it has finished, a failed one included', async () => {
    const { handle, answers } = heldHandle();
    const executor = handleExecutor(handle);
    expect(await isSettled(executor.settled())).toBe(true);

    const complete = executor.executeSql('update pgboss.job set state = $1', ['completed']);
    const fetch = executor.executeSql('select 1');
    const settled = executor.settled();
    expect(await isSettled(settled)).toBe(false);

    answers[0]!.resolve([{ count: '1' }]);
    expect(await complete).toEqual({ rows: [{ count: '1' }] });
    expect(await isSettled(settled)).toBe(false);

    answers[1]!.reject(new Error('Cannot use a pool after calling end on the pool'));
    // the caller still sees the failure; settled() only waits for it
    await expect(fetch).rejects.toThrow(/after calling end/);
    expect(await isSettled(settled)).toBe(true);
  });

  it('waits for statements handed to it while it waits', async () => {
    const { handle, answers } = heldHandle();
    const executor = handleExecutor(handle);
    const first = executor.executeSql('select 1');
    const settled = executor.settled();
    const second = executor.executeSql('select 2');
    answers[0]!.resolve([]);
    await first;
    expect(await isSettled(settled)).toBe(false);
    answers[1]!.resolve([]);
    await second;
    expect(await isSettled(settled)).toBe(true);
  });
});
