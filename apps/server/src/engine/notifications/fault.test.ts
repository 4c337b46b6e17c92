// Fault test: the process is killed (SIGKILL) after alerts were committed and while their deliveries
// were in flight, then restarted on the same database: every e-mail arrives exactly once.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from './test-fakes.ts';

const CHILD = fileURLToPath(new URL('./fault-child.ts', import.meta.url));
const children: ChildProcess[] = [];

function run(
  args: string[],
  until: string,
  timeoutMs: number,
): Promise<{ child: ChildProcess; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_NO_WARNINGS: '1' },
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`child did not print ${until}: ${err}`)), timeoutMs);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes(until)) {
        clearTimeout(timer);
        resolve({ child, out });
      }
    });
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => {
      if (!out.includes(until)) {
        clearTimeout(timer);
        reject(new Error(`child exited ${code}: ${err}`));
      }
    });
  });
}

async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return null;
  const name = `allclear_fault_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

describe('notifier after SIGKILL', () => {
  it('delivers every committed notification exactly once after a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'allclear-fault-'));
    // PGlite in a temporary directory, or a throw-away database on TEST_DATABASE_URL
    const pgDatabase = await createPostgresDatabase();
    // an SMTP server that accepts connections and never answers: deliveries hang in flight
    const blackHole = net.createServer(() => undefined);
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const smtp = await startSmtpServer();
    try {
      const holeUrl = `smtp://127.0.0.1:${(blackHole.address() as AddressInfo).port}`;
      const { child: first } = await run(
        ['enqueue', pgDatabase?.url ?? dir, holeUrl, '3'],
        'ENQUEUED',
        40_000,
      );
      await new Promise((r) => setTimeout(r, 800)); // let the worker take the jobs
      first.kill('SIGKILL');
      await new Promise((r) => first.once('exit', r));
      expect(smtp.mails).toHaveLength(0);

      const second = await run(['deliver', pgDatabase?.url ?? dir, smtp.url], 'DONE', 40_000);
      const statuses = JSON.parse(/STATUSES (.*)/.exec(second.out)![1]!) as string[];
      expect(statuses).toEqual(Array(6).fill('delivered'));

      const tos = smtp.mails.map((m) => m.to).sort();
      expect(tos).toEqual([...Array(3).fill('alpha@example.test'), ...Array(3).fill('bravo@example.test')]);
      // each (alert, recipient) pair exactly once
      const pairs = smtp.mails.map((m) => `${/Subject: (.*)/.exec(m.raw)?.[1]?.trim()}|${m.to}`);
      expect(new Set(pairs).size).toBe(6);
    } finally {
      blackHole.close();
      await smtp.close();
      await rm(dir, { recursive: true, force: true });
      await pgDatabase?.drop();
    }
  }, 90_000);
});
