// pg-boss's statements inside a business transaction: the only code of the job queue that hands SQL to
// drizzle. A job sent through `txExecutor(tx)` exists exactly when the caller's transaction commits.
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../contracts.ts';
import type { SqlExecutor } from './job-queue.ts';

/** An executor bound to a drizzle transaction: pg-boss's `$n` placeholders become bound parameters. */
export function txExecutor(tx: Tx): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const result = (await tx.execute(toDrizzleSql(text, values))) as unknown as
        { rows: unknown[] } | unknown[];
      return { rows: Array.isArray(result) ? result : result.rows };
    },
  };
}

/** Turns 'select $1, $2' and its values into a drizzle SQL with the same parameters in order. */
export function toDrizzleSql(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const query = sql.empty();
  parts.forEach((part, i) => {
    if (i % 2 === 0) {
      if (part) query.append(sql.raw(part));
    } else {
      const value = values[Number(part) - 1];
      query.append(sql`${toParam(value)}`);
    }
  });
  return query;
}

// node-postgres and PGlite would each serialise objects; drizzle passes params through, so send JSON text.
function toParam(value: unknown): unknown {
  if (value === undefined) return null;
  if (value !== null && typeof value === 'object' && !(value instanceof Date) && !Array.isArray(value)) {
    return JSON.stringify(value);
  }
  return value;
}
