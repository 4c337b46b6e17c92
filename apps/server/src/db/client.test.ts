// An in-memory PGlite starts with PGlite's own parameters and WAL segments not zero-filled, and each of its queries
// lets the event loop turn before its caller goes on; the PostgreSQL pool
// survives an idle connection dying under it, and says so through onIdleError (runs in the PostgreSQL pass, where
// TEST_DATABASE_URL names a server).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

describe('openDatabase in memory', () => {
  it("keeps PGlite's start parameters and does not zero-fill new WAL segments", async () => {
    const handle = await openDatabase({});
    try {
      expect(await handle.query('SHOW wal_init_zero')).toEqual([{ wal_init_zero: 'off' }]);
      // two of PGlite's own: no parallel workers in a single process, and public first on the search path
      expect(await handle.query('SHOW max_worker_processes')).toEqual([{ max_worker_processes: '0' }]);
      expect(await handle.query('SHOW search_path')).toEqual([{ search_path: 'public' }]);
    } finally {
      await handle.close();
    }
  });

  it('lets what waits on the event loop run after each query, in a chain of queries and inside a transaction', async () => {
    const handle = await openDatabase({});
    try {
      // what a request's I/O or a timer would be: work queued for the next turn of the loop
      const turns: string[] = [];
      const queue = (name: string) => setImmediate(() => turns.push(name));
      queue('before the first query');
      await handle.query('SELECT 1');
      turns.push('after the first query');
      queue('before the second query');
      await handle.exec('SELECT 2');
      turns.push('after the second query');
      await handle.db.transaction(async (tx) => {
        queue('inside the transaction');
        await tx.execute(sql`SELECT 3`);
        turns.push('after its statement');
      });
      // without the turn, a chain of PGlite's queries resolves in microtasks and the queued work waits for all of it
      expect(turns).toEqual([
        'before the first query',
        'after the first query',
        'before the second query',
        'after the second query',
        'inside the transaction',
        'after its statement',
      ]);
      // a failed query lets the loop turn too, and the next query is not held
      queue('before a failing query');
      await expect(handle.query('SELECT * FROM no_such_table')).rejects.toThrow(/no_such_table/);
      expect(turns.at(-1)).toBe('before a failing query');
      expect(await handle.query('SELECT 4 AS four')).toEqual([{ four: 4 }]);
    } finally {
      await handle.close();
    }
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('openDatabase on PostgreSQL', () => {
  it('reports an idle connection killed by the server and keeps answering', async () => {
    const errors: Error[] = [];
    const handle = await openDatabase({ url: serverUrl, onIdleError: (err) => errors.push(err) });
    const other = await openDatabase({ url: serverUrl });
    try {
      const [row] = await handle.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await other.query('SELECT pg_terminate_backend($1)', [row!.pid]);
      await expect.poll(() => errors.length, { timeout: 5_000 }).toBeGreaterThan(0);
      expect(errors[0]!.message).toMatch(/terminat/i);
      expect(await handle.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await other.close();
      await handle.close();
    }
  });
});
