// An in-memory PGlite starts with PGlite's own parameters and WAL segments not zero-filled, an on-disk one with a small
// buffer cache and a bounded write-ahead log, and each of their queries lets the event loop turn before its caller goes
// on; the PostgreSQL pool survives an idle connection dying under it, and says so through onIdleError, and a
// transaction whose BEGIN fails gives its client back (runs in the PostgreSQL pass, where TEST_DATABASE_URL names a
// server).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { turnsWhile } from '../../test/turns.ts';
import { ON_DISK_MAX_WAL_MB, openDatabase } from './client.ts';

describe('openDatabase on disk (the embedded default)', () => {
  it("keeps PGlite's start parameters with a 32 MB buffer cache and a bounded write-ahead log", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'allclear-client-'));
    const handle = await openDatabase({ dataDir: dir });
    try {
      expect(await handle.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '32MB' }]);
      expect(await handle.query('SHOW max_wal_size')).toEqual([{ max_wal_size: `${ON_DISK_MAX_WAL_MB}MB` }]);
      expect(await handle.query('SHOW max_worker_processes')).toEqual([{ max_worker_processes: '0' }]);
      expect(await handle.query('SHOW search_path')).toEqual([{ search_path: 'public' }]);
    } finally {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

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

  it('lets the event loop turn after each query: a chain of queries, a transaction, a failed query', async () => {
    const handle = await openDatabase({});
    try {
      // without the turn, a chain of PGlite's queries resolves in microtasks: the loop turns 0 times
      const chain = await turnsWhile(async () => {
        for (let i = 0; i < 5; i++) await handle.query('SELECT 1');
        await handle.exec('SELECT 2');
      });
      expect(chain.turns).toBeGreaterThanOrEqual(6);
      // BEGIN, the statement and COMMIT
      const transaction = await turnsWhile(() =>
        handle.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT 3`);
        }),
      );
      expect(transaction.turns).toBeGreaterThanOrEqual(3);
      const failed = await turnsWhile(() =>
        handle.query('SELECT * FROM no_such_table').then(
          () => 'answered',
          (err: Error) => err.message,
        ),
      );
      expect(failed.result).toMatch(/no_such_table/);
      expect(failed.turns).toBeGreaterThanOrEqual(1);
      // the next query is not held
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

  it('gives back the client of a transaction whose BEGIN fails on a connection that ended', async () => {
    const handle = await openDatabase({ url: serverUrl });
    const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
    try {
      // the connection ends between the checkout and the BEGIN, as when the server stops under a busy pool
      pool.once('acquire', (client) => void client.end());
      const failed = await handle.db
        .transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
        })
        .then(
          () => 'committed',
          (err: Error) => String((err.cause as Error | undefined)?.message ?? err.message),
        );
      expect(failed).toMatch(/not queryable/);
      // nothing is checked out any more: drizzle's transaction() alone kept the client for good
      expect(pool.totalCount - pool.idleCount).toBe(0);
      expect(await handle.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      // and a later transaction gets a working client
      await handle.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 2`);
      });
      expect(pool.totalCount - pool.idleCount).toBe(0);
    } finally {
      // the pool's end would wait for a leaked client for ever
      if (pool.totalCount === pool.idleCount) await handle.close();
      else void handle.close();
    }
  });
});
