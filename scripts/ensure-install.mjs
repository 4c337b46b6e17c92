// Installs what is missing, so `npm start` and `npm test` work on a fresh clone with nothing else.
// Dependencies are (re)installed when node_modules is absent or the lockfile changed since the last
// install. Uses only Node's standard library: it runs before anything is installed.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'node_modules', '.allclear-install-stamp');

function lockHash() {
  const h = createHash('sha256');
  for (const f of ['package-lock.json', 'package.json']) {
    const p = join(root, f);
    if (existsSync(p)) h.update(readFileSync(p));
  }
  return h.digest('hex');
}

export function ensureInstalled() {
  const want = lockHash();
  const have = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
  if (have === want && existsSync(join(root, 'node_modules', '.bin', 'vitest'))) return;
  // `npm install` (not `npm ci`): it follows the lockfile too, and npm 11's `ci` refuses lockfiles
  // that omit other platforms' optional binaries (e.g. @unrs/resolver-binding-*), which ours do.
  const args = ['install', '--no-audit', '--no-fund'];
  console.log('[allclear] installing dependencies (npm install)...');
  const r = spawnSync('npm', args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, npm_config_yes: 'true' },
  });
  if (r.status !== 0) {
    console.error('[allclear] npm install failed');
    process.exit(r.status ?? 1);
  }
  writeFileSync(stamp, want);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureInstalled();
