// A fresh, migrated database for one test file: PGlite in memory, or a throw-away database on the
// PostgreSQL server named by TEST_DATABASE_URL (dropped again by close()).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateDatabase, openDatabase, type DatabaseHandle } from './client.ts';

/** Creates a fresh, migrated database (PGlite in memory, or allclear_t_<random> on TEST_DATABASE_URL). */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({});
    await migrateDatabase(handle);
    return handle;
  }
  const name = `allclear_t_${randomBytes(6).toString('hex')}`;
  await runAdmin(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ url: url.toString() });
    await migrateDatabase(handle);
  } catch (error) {
    await runAdmin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw error;
  }
  const closeDatabase = handle.close.bind(handle);
  let dropped = false;
  return {
    ...handle,
    async close() {
      await closeDatabase();
      if (dropped) return;
      dropped = true;
      await runAdmin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function runAdmin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
