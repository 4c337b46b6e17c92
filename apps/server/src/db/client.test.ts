// An in-memory PGlite starts with PGlite's own parameters and WAL segments not zero-filled; the PostgreSQL pool
// survives an idle connection dying under it, and says so through onIdleError (runs in the PostgreSQL pass, where
// TEST_DATABASE_URL names a server).
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
