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
]);

/** What node-postgres says when a connection ends under a statement, or a statement comes after the pool closed. */
const LOST = /Connection terminated|Cannot use a pool after calling end on the pool/;

/** True when `err` (or an error it wraps as `cause`) says the database went away. */
export function isLostDatabase(err: unknown): boolean {
  for (const { message } of causeChain(err))
    if (typeof message === 'string' && LOST.test(message)) return true;
  return hasErrorCode(err, UNREACHABLE_CODES);
}

/** Where an unhandled rejection is logged when it is a lost database. */
interface ErrorLog {
  error(details: { err: unknown }, message: string): void;
}

/**
 * The product process's handler of unhandled rejections: one that says the database went away is an outage the
 * product rides out (issue 21), so it is logged; any other is thrown again and ends the process.
 */
export function rideOutLostDatabase(log: ErrorLog): (reason: unknown) => void {
  return (reason) => {
    if (!isLostDatabase(reason)) throw reason;
    log.error({ err: reason }, 'a database statement nobody awaited failed: the database went away');
  };
}
