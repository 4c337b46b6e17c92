// Builds the web app and the server bundle when their sources changed since the last build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir, skip = new Set(['node_modules', 'dist', 'coverage'])) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(entry.name)) continue;
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p, skip) : statSync(p).mtimeMs);
  }
  return newest;
}

function stale(output, inputs) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return inputs.some((d) => newestMtime(join(root, d)) > built);
}

function run(label, cmd, args, cwd) {
  console.log(`[allclear] ${label}...`);
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`[allclear] ${label} failed`);
    process.exit(r.status ?? 1);
  }
}

export function build({ force = false } = {}) {
  const shared = ['packages/domain', 'packages/contracts', 'packages/weather', 'package-lock.json'];
  if (force || stale(join(root, 'apps/web/dist/index.html'), ['apps/web', ...shared])) {
    run('building web', 'npx', ['vite', 'build', '--logLevel', 'warn'], join(root, 'apps/web'));
  }
  if (force || stale(join(root, 'apps/server/dist/main.js'), ['apps/server', ...shared])) {
    run('building server', 'node', ['build.mjs'], join(root, 'apps/server'));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) build({ force: process.argv.includes('--force') });
