// Opens the database: PGlite (embedded PostgreSQL; on disk or in memory) by default, PostgreSQL
// (node-postgres pool) when a URL is given. One schema and one set of migrations serve both.
import { mkdir } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { releaseClientsOnFailedBegin } from './begin-guard.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL with no parameters (several statements allowed). */
  exec(sql: string): Promise<void>;
  /** Runs one parameterised statement and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres:// or postgresql:// URL: selects PostgreSQL. */
  url?: string;
  /** PGlite data directory (created when missing); in memory when undefined. */
  dataDir?: string;
  /** Told when an idle PostgreSQL connection fails (the pool replaces it); silent when omitted. */
  onIdleError?: (err: Error) => void;
}

/** Column names are snake_case in the database, camelCase in TypeScript (drizzle.config.ts uses the same). */
const CASING = 'snake_case' as const;

/** url = postgres://... selects PostgreSQL; otherwise PGlite, on disk at dataDir, in memory when dataDir is undefined. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (opts.url && /^postgres(ql)?:\/\//.test(opts.url)) return openPostgres(opts.url, opts.onIdleError);
  return openPglite(opts.dataDir);
}

/**
 * An in-memory PGlite's start parameters: PGlite's own, and new WAL segments not zero-filled. In memory, starting a
 * 16 MB segment wrote 16 MB of zeros into an in-memory file grown by copying, and the garbage collector then ran for
 * the freed buffers: a 35 to 45 ms stall every 16 MB of WAL (one in 60,000 inserts), and in bench strikes a strike
 * queue stalled 80 to 130 ms at a storm's onset. PostgreSQL documents wal_init_zero = off as safe wherever zero-filling
 * buys nothing; in memory it buys nothing. On disk the zero-fill costs no stall (measured) and is left as it is.
 */
const IN_MEMORY_START_PARAMS: readonly string[] = [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off'];

/** The most write-ahead log an on-disk PGlite keeps before it checkpoints and recycles it, MB (PostgreSQL: 1 GB). */
export const ON_DISK_MAX_WAL_MB = 64;

/**
 * An on-disk PGlite's start parameters: PGlite's own, with
 * - PostgreSQL's buffer cache at 32 MB instead of its 128 MB default. PGlite keeps the cache in its WebAssembly
 *   memory, which never shrinks, so once filled (the demo's history backfill fills it) the default held 157 MB resident
 *   for the life of the process, on top of the operating system's cache of the same files, which PGlite reads through
 *   the file system. At 32 MB the memory held 53 MB (`bench soak`); the working set of zones, locations and the last
 *   hours of readings is a few megabytes, and the reads from memory (platform/read-cache.ts) ask for it seldom.
 * - at most ON_DISK_MAX_WAL_MB of write-ahead log. PGlite is one backend with no checkpointer: it checkpoints when the
 *   log reaches max_wal_size, so with the default the data folder carried up to 1 GB of log before its first
 *   checkpoint. A checkpoint writes at most the 32 MB of cache; the demo writes about 60 MB of log a simulated day.
 * See docs/decisions/memory-of-the-embedded-default.md.
 */
export const ON_DISK_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=32MB',
  '-c',
  `max_wal_size=${ON_DISK_MAX_WAL_MB}MB`,
  '-c',
  `min_wal_size=${ON_DISK_MAX_WAL_MB / 2}MB`,
];

/**
 * PGlite runs each query on the event loop and resolves it in a microtask, so a chain of awaited queries (the policy
 * cycle's steps, a transaction's statements) never yields: every request waits for the whole chain. Under the read
 * bench's load the policy cycle held every read, cached ones included, up to 128 ms at each minute, and slowed them
 * for half a second (issue 18).
 * After each query (every statement of `query`, `exec` and `transaction` passes through `_runExclusiveQuery`), its
 * caller goes on at the next turn of the loop, once what is waiting (requests, timers) has run. The query mutex is
 * released first, so the next query is not held. PostgreSQL's client yields by itself: its answers come from a socket.
 */
export function yieldAfterEachQuery(client: PGlite): void {
  const runExclusiveQuery = client._runExclusiveQuery.bind(client);
  client._runExclusiveQuery = async <T>(query: () => Promise<T>): Promise<T> => {
    try {
      return await runExclusiveQuery(query);
    } finally {
      await nextTurn();
    }
  };
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = dataDir
    ? await PGlite.create(dataDir, { startParams: [...ON_DISK_START_PARAMS] })
    : await PGlite.create({ startParams: [...IN_MEMORY_START_PARAMS] });
  yieldAfterEachQuery(client);
  const db = drizzlePglite({ client, schema, casing: CASING });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    async exec(sql) {
      await client.exec(sql);
    },
    async query<T = Record<string, unknown>>(sql: string, params?: unknown[]) {
      const result = await client.query<T>(sql, params);
      return result.rows;
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, onIdleError?: (err: Error) => void): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url });
  // An idle client's connection can end under us (a server restart, or a test dropping its database):
  // the pool replaces it; without a listener the error would crash the process.
  pool.on('error', (err) => onIdleError?.(err));
  // So can a client's that is checked out (a transaction when the server stops, issue 21): its queries fail,
  // and the pool drops it on release; the client's own 'error' event, which the pool listens to only while
  // the client is idle, must not crash the process either.
  pool.on('connect', (client) => client.on('error', () => undefined));
  // a transaction whose BEGIN fails as the server stops must not keep its client for good (begin-guard.ts)
  releaseClientsOnFailedBegin(pool);
  // Fail at open, not at first use, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePostgres({ client: pool, schema, casing: CASING });
  let closed = false;
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    async exec(sql) {
      await pool.query(sql);
    },
    async query<T = Record<string, unknown>>(sql: string, params?: unknown[]) {
      const result = await pool.query(sql, params);
      return result.rows as T[];
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** The committed migrations folder next to this module (in the esbuild bundle: dist/migrations). */
export function defaultMigrationsFolder(): string {
  return fileURLToPath(new URL('./migrations', import.meta.url));
}

/** Applies the committed migrations (idempotent: applied ones are recorded in drizzle.__drizzle_migrations). */
export async function migrateDatabase(
  handle: DatabaseHandle,
  migrationsFolder: string = defaultMigrationsFolder(),
): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
  } else {
    await migratePostgres(handle.db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
  }
}
