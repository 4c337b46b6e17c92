// The built product as a child process on a free loopback port with a fresh embedded database, and Debian's
// Chromium with the flags this machine needs: shared by the journeys' global setup and the browser benchmarks.
// No test runner here, so a benchmark can import it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { PRODUCT_ENV, PRODUCT_NODE_FLAGS } from '../../scripts/node-flags.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Debian's Chromium, headless, with the flags this machine needs (no sandbox as root, no background networking). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
    ],
  });
}

/** A free loopback TCP port (for the product's HTTP or MQTT port). */
export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      s.close(() => (typeof addr === 'object' && addr ? res(addr.port) : rej(new Error('no port'))));
    });
  });
}

/** The first line of what main.ts prints once everything, the engine included, has started. */
const STARTED_BANNER = 'AllClear is running on';

export interface RunningProduct {
  baseUrl: string;
  /** Stops the server and removes its data directory. */
  stop(): Promise<void>;
}

/**
 * Starts the built product (apps/server/dist, apps/web/dist) and resolves once /readyz answers and the engine has
 * started (the banner main.ts prints then). The server answers before its engine parts have started, and the demo's
 * station history is written then, on turns of the event loop between requests: a journey that opened the station
 * page at once found no history.
 */
export async function startProduct(env: Record<string, string> = {}): Promise<RunningProduct> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'allclear-product-'));
  const baseUrl = `http://localhost:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [...PRODUCT_NODE_FLAGS, join(root, 'apps/server/dist/main.js')],
    {
      cwd: root,
      env: {
        ...PRODUCT_ENV,
        ...process.env,
        PORT: String(port),
        HOST: 'localhost',
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        WEB_DIST: join(root, 'apps/web/dist'),
        LOG_LEVEL: 'warn',
        APP_ENV: 'test',
        // any free port for the embedded MQTT broker, so a running dev server does not collide
        MQTT_PORT: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited early:\n${output}`);
    }
    try {
      const r = await fetch(`${baseUrl}/readyz`);
      if (r.ok && output.includes(STARTED_BANNER)) return { baseUrl, stop };
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
