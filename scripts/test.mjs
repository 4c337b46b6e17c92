// `npm test`: every test. Unit, component and API tests (Vitest, PGlite), then the same server
// suite on PostgreSQL when TEST_DATABASE_URL is set, then the browser journeys in Chromium.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const passthrough = process.argv.slice(2);

function run(label, cmd, args, env = {}) {
  console.log(`\n[allclear] ${label}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return true;
  if (process.getuid?.() !== 0) return false;
  console.log('[allclear] installing Debian chromium for the browser tests...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  return spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env }).status === 0;
}

let ok = run('unit, component and API tests (PGlite)', 'npx', ['vitest', 'run', ...passthrough]);

// The domain package holds every rule: its line coverage may not fall under 95 % (issue 3).
if (ok && passthrough.length === 0) {
  ok = run('domain line coverage (at least 95 %)', 'npx', [
    'vitest',
    'run',
    '--project',
    'domain',
    '--coverage.enabled',
    '--coverage.include=packages/domain/src/**',
    '--coverage.thresholds.lines=95',
    '--coverage.reporter=text-summary',
  ]);
}

if (ok && process.env.TEST_DATABASE_URL) {
  ok = run('server and database tests on PostgreSQL', 'npx', ['vitest', 'run', '--project', 'server'], {
    TEST_DATABASE_URL: process.env.TEST_DATABASE_URL,
  });
}

if (ok && !process.env.SKIP_E2E) {
  if (!ensureChromium()) {
    console.error(
      '[allclear] Chromium is missing (/usr/bin/chromium): install it with apt-get install -y chromium',
    );
    ok = false;
  } else {
    const { build } = await import('./build.mjs');
    build();
    ok = run('browser journeys (Playwright in Chromium)', 'npx', [
      'vitest',
      'run',
      '--config',
      'e2e/vitest.config.ts',
    ]);
  }
}
process.exit(ok ? 0 : 1);
