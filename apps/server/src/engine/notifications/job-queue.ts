// pg-boss 10 as the delivery job queue, on PGlite and PostgreSQL alike, through pg-boss's `db` option.
// Jobs are sent inside the business transaction: `txExecutor(tx)` (job-queue.repository.ts) runs pg-boss's
// statements through the caller's drizzle transaction, so a job exists exactly when the event and its
// deliveries commit.
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../../db/client.ts';

/** The queue that carries one job per delivery row (data: { deliveryId }). */
export const DELIVERY_QUEUE = 'notification-delivery';
/**
 * The queue that says, once the event's transaction has committed, which history rows (the bell) it wrote (data:
 * { notifications }), so 'notification-sent' goes on the bus only for what readers can see (issue 15).
 */
export const ANNOUNCE_QUEUE = 'notification-announce';

/** pg-boss's database adapter: runs one statement with `$n` placeholders and returns its rows. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** An executor that knows the statements it was handed and has not finished. */
export interface TrackedExecutor extends SqlExecutor {
  /**
   * Resolves once every statement handed to it so far has finished. pg-boss 10 completes a job without awaiting it
   * (manager.js onFetch), so its graceful stop can resolve while that statement still runs: a database closed then
   * made it reject unhandled. Await this after stop() and before closing the database.
   */
  settled(): Promise<void>;
}

/**
 * pg-boss's database adapter over a DatabaseHandle: statements with parameters go to `query`; those
 * without go to `query` too when they are one statement, else to `exec` (pg-boss's migrations hold
 * several statements, which PGlite's extended protocol refuses).
 */
export function handleExecutor(handle: DatabaseHandle): TrackedExecutor {
  const running = new Set<Promise<unknown>>();
  async function run(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
    if (values && values.length > 0) return { rows: await handle.query(text, values) };
    try {
      return { rows: await handle.query(text) };
    } catch (error) {
      if (!isMultipleCommandsError(error)) throw error;
      await handle.exec(text);
      return { rows: [] };
    }
  }
  return {
    executeSql(text, values) {
      const statement = run(text, values);
      running.add(statement);
      const forget = () => void running.delete(statement);
      statement.then(forget, forget);
      return statement;
    },
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

function isMultipleCommandsError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /multiple commands|more than one statement/i.test(message);
}

export interface JobQueueOptions {
  /** Attempts in all (first try plus retries). */
  attempts: number;
  /** Base of the exponential backoff, seconds (pg-boss: delay × 2^n with jitter). */
  retryDelaySeconds: number;
  /** A delivery running longer than this is taken as lost (its process died) and retried. */
  expireInSeconds: number;
  pollingIntervalSeconds: number;
  /** pg-boss maintenance (expiry of lost jobs) interval, seconds. */
  maintenanceIntervalSeconds: number;
}

/** A started pg-boss on the executor (handleExecutor), with the delivery queue created. */
export async function startJobQueue(executor: SqlExecutor, opts: JobQueueOptions): Promise<PgBoss> {
  const boss = new PgBoss({
    db: executor,
    schema: 'pgboss',
    supervise: true,
    schedule: false,
    maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds,
    monitorStateIntervalSeconds: Math.max(opts.maintenanceIntervalSeconds, 60),
  } as PgBoss.ConstructorOptions);
  boss.on('error', () => undefined);
  await boss.start();
  const queue = {
    name: DELIVERY_QUEUE,
    retryLimit: opts.attempts - 1,
    retryDelay: opts.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: opts.expireInSeconds,
  };
  const existing = await boss.getQueue(DELIVERY_QUEUE);
  if (existing) await boss.updateQueue(DELIVERY_QUEUE, queue);
  else await boss.createQueue(DELIVERY_QUEUE, queue);
  // an announcement is worth nothing late: never retried, dropped after a minute
  const announce = { name: ANNOUNCE_QUEUE, retryLimit: 0, expireInSeconds: 60, retentionMinutes: 10 };
  if (await boss.getQueue(ANNOUNCE_QUEUE)) await boss.updateQueue(ANNOUNCE_QUEUE, announce);
  else await boss.createQueue(ANNOUNCE_QUEUE, announce);
  return boss;
}
