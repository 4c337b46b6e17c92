// pg-boss 10 as the delivery job queue, on PGlite and PostgreSQL alike, through pg-boss's `db` option.
// Jobs are sent inside the business transaction: `txExecutor(tx)` (job-queue.repository.ts) runs pg-boss's
// statements through the caller's drizzle transaction, so a job exists exactly when the event and its
// deliveries commit.
import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../../db/client.ts';
import { causeChain } from '../../platform/cause-chain.ts';
import { isLostDatabase } from '../../platform/lost-database.ts';

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
   * (manager.js onFetch), so its graceful stop can resolve while that statement still runs. Await this after stop()
   * and before closing the database.
   */
  settled(): Promise<void>;
  /**
   * Stops waiting for a lost database (call it before pg-boss's stop()): a statement that meets one from then on
   * resolves with no rows, so a stop while the database is away ends; what it would have written is left to the
   * jobs' expiry, which retries them.
   */
  close(): void;
}

/** Between tries of a statement that met a lost database, ms. */
export const LOST_DATABASE_RETRY_MS = 1_000;

export interface ExecutorOptions {
  /** Between tries of a statement that met a lost database, ms (LOST_DATABASE_RETRY_MS). */
  retryMs?: number;
  /** Told when a statement meets a lost database and the executor starts waiting, once per outage. */
  onLost?: (err: unknown) => void;
  /** Told when the database answers again after onLost. */
  onBack?: () => void;
}

/** What node-postgres says to a statement after the handle was closed: nothing will ever answer it. */
const CLOSED = /Cannot use a pool after calling end on the pool/;

/**
 * pg-boss's database adapter over a DatabaseHandle: statements with parameters go to `query`; those
 * without go to `query` too when they are one statement, else to `exec` (pg-boss's migrations hold
 * several statements, which PGlite's extended protocol refuses).
 * A statement that meets a lost database (down, restarting, shutting down: platform/lost-database.ts) waits for it
 * and is tried again, rather than rejecting: pg-boss does not await every statement it runs (a job's completion or
 * failure, manager.js onFetch), and such a rejection had nobody to catch it and ended the process. Every statement
 * pg-boss runs here can be run again: fetching takes jobs still created, completing and failing change only active
 * jobs, maintenance and monitoring are idempotent.
 */
export function handleExecutor(handle: DatabaseHandle, opts: ExecutorOptions = {}): TrackedExecutor {
  const retryMs = opts.retryMs ?? LOST_DATABASE_RETRY_MS;
  const running = new Set<Promise<unknown>>();
  const closing = new AbortController();
  let lost = false;
  async function once(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
    if (values && values.length > 0) return { rows: await handle.query(text, values) };
    try {
      return { rows: await handle.query(text) };
    } catch (error) {
      if (!isMultipleCommandsError(error)) throw error;
      await handle.exec(text);
      return { rows: [] };
    }
  }
  async function run(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
    for (;;) {
      try {
        const result = await once(text, values);
        if (lost) {
          lost = false;
          opts.onBack?.();
        }
        return result;
      } catch (error) {
        if (!isLostDatabase(error)) throw error;
        if (closing.signal.aborted || causeChainMatches(error, CLOSED)) return { rows: [] };
        if (!lost) {
          lost = true;
          opts.onLost?.(error);
        }
      }
      // woken early by close(): one more try, which gives up at once if the database is still away
      await sleep(retryMs, undefined, { signal: closing.signal }).catch(() => undefined);
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
    close() {
      closing.abort();
    },
  };
}

function causeChainMatches(error: unknown, pattern: RegExp): boolean {
  for (const { message } of causeChain(error))
    if (typeof message === 'string' && pattern.test(message)) return true;
  return false;
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
