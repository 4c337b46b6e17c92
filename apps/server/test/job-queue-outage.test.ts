// The job queue when PostgreSQL goes away under a job (own PostgreSQL, stopped by the test): pg-boss 10 completes a
// job without awaiting the statement (manager.js onFetch), so a completion that met the stopped database rejected
// with nobody listening, and the product process ended on it. The executor (job-queue.ts) waits for the database
// instead: the completion is written once it is back, and nothing rejects unhandled.
// Runs in the PostgreSQL pass of `npm test` (TEST_DATABASE_URL set); skipped without it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PgBoss from 'pg-boss';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import {
  handleExecutor,
  startJobQueue,
  type TrackedExecutor,
} from '../src/engine/notifications/job-queue.ts';
import { postgresBinDir, startOwnPostgres, type OwnPostgres } from './own-postgres.ts';
import { waitUntil } from './wait-until.ts';

const enabled = Boolean(process.env.TEST_DATABASE_URL);
const QUEUE = 'outage-probe';

let pg: OwnPostgres;
let db: DatabaseHandle;
let executor: TrackedExecutor;
let boss: PgBoss;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);

describe.skipIf(!enabled)('the job queue while PostgreSQL stops under a job (own PostgreSQL)', () => {
  beforeAll(async () => {
    if (!postgresBinDir()) throw new Error('no PostgreSQL server binaries: set POSTGRES_BIN (dir of pg_ctl)');
    process.on('unhandledRejection', onUnhandled);
    pg = await startOwnPostgres();
    db = await openDatabase({ url: pg.url, onIdleError: () => undefined });
    executor = handleExecutor(db, { retryMs: 200 });
    boss = await startJobQueue(executor, {
      attempts: 3,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      pollingIntervalSeconds: 0.5,
      maintenanceIntervalSeconds: 1,
    });
    await boss.createQueue(QUEUE, { name: QUEUE, retryLimit: 2, retryDelay: 1, expireInSeconds: 60 });
  }, 120_000);

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    executor?.close();
    await boss?.stop({ graceful: false, close: false });
    await executor?.settled();
    await db?.close().catch(() => undefined);
    await pg?.destroy();
  }, 60_000);

  for (const mode of ['fast', 'immediate'] as const) {
    it(`a job whose handler ends while the database is stopped (${mode}) is completed once it is back, and nothing rejects unhandled`, async () => {
      const runs: string[] = [];
      const workerId = await boss.work<{ n: number }>(
        QUEUE,
        { pollingIntervalSeconds: 0.5 },
        async ([job]) => {
          runs.push(job!.id);
          // the database goes away while the job runs: pg-boss completes it after that, without awaiting
          await pg.stop(mode);
        },
      );
      const jobId = (await boss.send(QUEUE, { n: 1 }))!;
      await waitUntil('the job to run', async () => runs.length > 0, 30_000);
      // its completion meets the stopped database; the worker's next fetches and the maintenance too
      await new Promise((r) => setTimeout(r, 1_500));
      await pg.start();
      const job = await waitUntil(
        'the job completed',
        async () => {
          const j = await boss.getJobById(QUEUE, jobId);
          return j?.state === 'completed' ? j : undefined;
        },
        30_000,
      );
      expect(job.state).toBe('completed');
      await boss.offWork({ id: workerId });
      expect(runs).toEqual([jobId]);
      expect(unhandled).toEqual([]);
    }, 60_000);
  }
});
