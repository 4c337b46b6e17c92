// The product as an operator runs it (apps/server/src/main.ts under tsx, in a process of its own), for the
// fault tests that stop its database or kill it (issue 21). Resolves once main.ts has started everything and
// printed its banner.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

export interface ProductProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Everything it printed so far (for a failing test's message). */
  output(): string;
  /** GET /readyz: the status and the body. */
  readyz(): Promise<{
    status: number;
    body: Record<string, unknown> & { ingest?: Record<string, IngestReport> };
  }>;
  /** SIGKILL: no shutdown, nothing flushed. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
}

export interface IngestReport {
  state: string;
  waiting: number;
  oldestWaitingSeconds: number | null;
  dropped: Record<string, number>;
  failed: number;
  lastCatchUp: { records: number; seconds: number } | null;
}

/** Starts main.ts with `env` on `port`; rejects with its output when it exits or is not up in `timeoutMs`. */
export async function startProductProcess(
  port: number,
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<ProductProcess> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      NODE_NO_WARNINGS: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      APP_ENV: 'test',
      LOG_LEVEL: 'info',
      MQTT_PORT: '0',
      SEED_DEMO: '0',
      TEST_DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the product did not start:\n${output}`)), timeoutMs);
    const check = setInterval(() => {
      if (output.includes('AllClear is running on')) {
        clearInterval(check);
        clearTimeout(timer);
        resolve();
      }
    }, 50);
    void exited.then(() => {
      clearInterval(check);
      clearTimeout(timer);
      reject(new Error(`the product exited (${child.exitCode}):\n${output}`));
    });
  });

  return {
    baseUrl,
    child,
    output: () => output,
    async readyz() {
      const res = await fetch(`${baseUrl}/readyz`);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
