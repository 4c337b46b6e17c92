// An error and the errors it wraps: drizzle wraps the driver's error as its `cause`, and the driver's code (a
// PostgreSQL SQLSTATE, a socket's errno name) is on the innermost one.

/** How deep a chain of causes is followed (a cause that wraps itself must not loop). */
const MAX_DEPTH = 5;

/** `err` and each error it wraps as `cause`, outermost first; nothing for a value that is not an object. */
export function* causeChain(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (let e: unknown = err, depth = 0; e !== null && typeof e === 'object' && depth < MAX_DEPTH; depth++) {
    yield e as { code?: unknown; message?: unknown };
    e = (e as { cause?: unknown }).cause;
  }
}

/** True when `err` or an error it wraps carries one of `codes`. */
export function hasErrorCode(err: unknown, codes: ReadonlySet<string>): boolean {
  for (const e of causeChain(err)) if (codes.has(String(e.code))) return true;
  return false;
}
