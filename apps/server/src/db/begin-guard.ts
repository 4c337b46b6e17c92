// drizzle-orm's node-postgres transaction() (0.45) checks a client out of the pool and sends BEGIN before the try
// whose finally releases it: a BEGIN that fails keeps its client out of the pool for good
// (drizzle-team/drizzle-orm#6241, open). It fails when the database stops between the checkout and the BEGIN: bench
// strikes' outage phase left one client checked out for ever after each `pg_ctl stop -m fast`, so with the pool's
// ten clients, ten such stops and every transaction would have waited for a client that never came.
import type pg from 'pg';

/** The text of a query's first argument (a string or a query config). */
function queryText(first: unknown): string {
  if (typeof first === 'string') return first;
  if (typeof first === 'object' && first !== null && 'text' in first) return String(first.text);
  return '';
}

/**
 * Makes the clients `pool.connect()` hands out as a promise (drizzle's transactions; pool.query checks out with a
 * callback and releases itself) give themselves back, destroyed, when their first statement is a BEGIN that
 * fails: nothing else would. Their other statements are untouched, and so is a BEGIN that succeeds.
 */
export function releaseClientsOnFailedBegin(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    if (args.length > 0) return connect(...args);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      const { query, release } = client;
      // the client goes back to the pool with its own methods, whoever releases it
      client.release = ((...releaseArgs: unknown[]) => {
        client.query = query;
        client.release = release;
        return (release as (...a: unknown[]) => unknown).apply(client, releaseArgs);
      }) as typeof client.release;
      client.query = ((...queryArgs: unknown[]) => {
        // only the checkout's first statement is watched
        client.query = query;
        const result = (query as (...a: unknown[]) => unknown).apply(client, queryArgs);
        if (/^\s*begin\b/i.test(queryText(queryArgs[0])) && result instanceof Promise) {
          // the caller still sees the rejection; this branch only gives the client back
          result.catch((err: unknown) => client.release(err instanceof Error ? err : new Error(String(err))));
        }
        return result;
      }) as typeof client.query;
      return client;
    });
  }) as typeof pool.connect;
}
