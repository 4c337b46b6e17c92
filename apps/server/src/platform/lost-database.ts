// Errors that say the database went away (down, restarting, or its connection ended under a statement), as opposed
// to errors of the statement itself or of a wrong address or password.

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
  for (let e: unknown = err, depth = 0; e !== null && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (UNREACHABLE_CODES.has(String(code))) return true;
    if (typeof message === 'string' && LOST.test(message)) return true;
    e = cause;
  }
  return false;
}
