// Errors that say the database went away (down, restarting, or its connection ended under a statement), as opposed
// to errors of the statement itself or of a wrong address or password.
import { causeChain, hasErrorCode } from './cause-chain.ts';

/** Error codes of a PostgreSQL that is down, starting or shutting down (not of a wrong password or database name). */
export const UNREACHABLE_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  // connection exceptions: the connection failed, or does not exist any more
  '08000',
  '08003',
  '08006',
]);

/**
 * What node-postgres says when a connection ends under a statement, a statement comes to a client whose connection
 * failed, or after the pool closed.
 */
const LOST = /Connection terminated|Cannot use a pool after calling end on the pool|is not queryable/;

/** True when `err` (or an error it wraps as `cause`) says the database went away. */
export function isLostDatabase(err: unknown): boolean {
  for (const { message } of causeChain(err))
    if (typeof message === 'string' && LOST.test(message)) return true;
  return hasErrorCode(err, UNREACHABLE_CODES);
}

/** Where the process's unexpected faults are logged. */
interface ErrorLog {
  error(details: { err: unknown }, message: string): void;
}

/** The product process's handlers of what nobody caught, and how many unhandled rejections there were. */
export interface ProcessFaults {
  /** For process.on('unhandledRejection'): logs and counts it; the process goes on. */
  onUnhandledRejection(reason: unknown): void;
  /**
   * For process.on('uncaughtException'): one that says the database went away (an 'error' event nobody listened
   * to) is logged and counted, and the process goes on; any other is thrown again and ends the process.
   */
  onUncaughtException(err: unknown): void;
  /** Unhandled rejections and ridden-out exceptions since start (/readyz 'unhandledRejections'). */
  unhandledRejections(): number;
}

/**
 * Every query path awaits its statements and treats a lost database as a wait (the job queue's executor included,
 * job-queue.ts), so an unhandled rejection is a fault of ours: it is logged at error and counted where /readyz
 * shows it, and the fault tests fail on it. It does not end the process: alerts go on. An uncaught exception still
 * ends it unless it says the database went away, since after one the process's state is not known.
 */
export function createProcessFaults(log: ErrorLog): ProcessFaults {
  let count = 0;
  return {
    onUnhandledRejection(reason) {
      count += 1;
      log.error({ err: reason }, 'unhandled rejection: a promise failed that nobody awaited');
    },
    onUncaughtException(err) {
      if (!isLostDatabase(err)) throw err;
      count += 1;
      log.error({ err }, 'uncaught exception: the database went away and nobody listened');
    },
    unhandledRejections: () => count,
  };
}
