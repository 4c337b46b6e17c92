// pg-boss's database adapter: a statement with one command goes to query, several to exec, settled() waits for
// the statements still running (pg-boss 10 completes a job without awaiting it, so its stop can resolve first), and a
// statement that meets a lost database waits for it rather than rejecting with nobody to catch it.
import { describe, expect, it, vi } from 'vitest';
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

    answers[1]!.reject(Object.assign(new Error('relation "pgboss.job" does not exist'), { code: '42P01' }));
    // the caller still sees a statement's own failure; settled() only waits for it
    await expect(fetch).rejects.toThrow(/does not exist/);
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

  it('tries a statement that met a lost database again until the database answers, saying so once each way', async () => {
    const { handle, answers } = heldHandle();
    const said: string[] = [];
    const executor = handleExecutor(handle, {
      retryMs: 1,
      onLost: () => void said.push('lost'),
      onBack: () => void said.push('back'),
    });
    const complete = executor.executeSql('update pgboss.job set state = $1', ['completed']);
    answers[0]!.reject(Object.assign(new Error('the database system is shutting down'), { code: '57P03' }));
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!.reject(
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    );
    await vi.waitFor(() => expect(answers).toHaveLength(3));
    expect(await isSettled(complete)).toBe(false);
    answers[2]!.resolve([{ id: 'j1' }]);
    expect(await complete).toEqual({ rows: [{ id: 'j1' }] });
    expect(answers.map((a) => a.text)).toEqual(Array(3).fill('update pgboss.job set state = $1'));
    expect(said).toEqual(['lost', 'back']);
  });

  it('once closed, stops waiting: a statement waiting for the database, or closed out, resolves with no rows', async () => {
    const { handle, answers } = heldHandle();
    const executor = handleExecutor(handle, { retryMs: 60_000 });
    const waiting = executor.executeSql('select 1');
    answers[0]!.reject(new Error('Connection terminated unexpectedly'));
    await new Promise((r) => setImmediate(r));
    expect(await isSettled(waiting)).toBe(false);
    executor.close();
    // woken at once for one more try, which meets the database still away
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    expect(await waiting).toEqual({ rows: [] });
    expect(await isSettled(executor.settled())).toBe(true);
  });

  it('does not wait for a database handle that was closed: nothing would ever answer', async () => {
    const { handle, answers } = heldHandle();
    const executor = handleExecutor(handle, { retryMs: 60_000 });
    const late = executor.executeSql('update pgboss.job set state = $1', ['completed']);
    answers[0]!.reject(new Error('Cannot use a pool after calling end on the pool'));
    expect(await late).toEqual({ rows: [] });
    expect(answers).toHaveLength(1);
  });
});
