// The PostgreSQL pool survives an idle connection dying under it, and says so through onIdleError
// (runs in the PostgreSQL pass, where TEST_DATABASE_URL names a server).
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

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
