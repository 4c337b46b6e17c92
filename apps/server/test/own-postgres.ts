// A PostgreSQL of a test's own (issue 21 fault tests): initdb in a temporary directory, on a free port, so
// stopping, restarting or killing it disturbs nothing else. Uses the server binaries of the machine's
// PostgreSQL (POSTGRES_BIN, else /usr/lib/postgresql/<newest>/bin); as root it runs them as 'postgres',
// since initdb and postgres refuse to run as root.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../src/db/client.ts';

const run = promisify(execFile);

/** The directory of initdb, pg_ctl and postgres, or null when this machine has none. */
export function postgresBinDir(): string | null {
  const fromEnv = process.env.POSTGRES_BIN;
  if (fromEnv && existsSync(join(fromEnv, 'pg_ctl'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** Starts the server (waits until it accepts connections). */
  start(): Promise<void>;
  /** Stops it: 'fast' ends sessions and shuts down cleanly; 'immediate' is a crash, recovered at the next start. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** `pg_ctl restart -m fast`: sessions ended, the server down and up again (waits until it accepts connections). */
  restart(): Promise<void>;
  /** Stops the server and removes its directory. */
  destroy(): Promise<void>;
}

/**
 * initdb a fresh cluster and start it. `fsync`: the server syncs its writes, as a production server does (the
 * strikes benchmark, whose replay rate is the database's); off by default, since a fault test tests the product's
 * journal, not the server's.
 */
export async function startOwnPostgres(options: { fsync?: boolean } = {}): Promise<OwnPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('no PostgreSQL server binaries (set POSTGRES_BIN to the directory of pg_ctl)');
  const dir = mkdtempSync(join(tmpdir(), 'allclear-own-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, Number((await run('id', ['-u', 'postgres'])).stdout.trim()), 0);
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]) : run(join(bin, tool), args);
  const data = join(dir, 'data');
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '-N']);
  const port = await freePort();
  // the socket in the test's own directory
  const durability = options.fsync ? '' : ' -c fsync=off -c full_page_writes=off';
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${durability}`;
  const serverCommand = (command: 'start' | 'restart') => [
    ...['-D', data, '-o', serverOptions, '-l', join(dir, 'server.log')],
    ...['-w', '-t', '60', command],
  ];
  const self: OwnPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await pg('pg_ctl', serverCommand('start'));
    },
    async stop(mode = 'fast') {
      await pg('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
    },
    async restart() {
      await pg('pg_ctl', ['-m', 'fast', ...serverCommand('restart')]);
    },
    async destroy() {
      await self.stop('immediate').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await self.start();
  return self;
}

/**
 * A fault test's own PostgreSQL with the product's schema, and a handle of the test's on it (its idle connections
 * lost at each stop are no error of the test's).
 */
export async function startMigratedOwnPostgres(): Promise<{ pg: OwnPostgres; db: DatabaseHandle }> {
  if (!postgresBinDir()) throw new Error('no PostgreSQL server binaries: set POSTGRES_BIN (dir of pg_ctl)');
  const pg = await startOwnPostgres();
  const db = await openDatabase({ url: pg.url, onIdleError: () => undefined });
  await migrateDatabase(db);
  return { pg, db };
}
