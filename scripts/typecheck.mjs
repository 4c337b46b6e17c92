// `npm run typecheck`: TypeScript strict over every workspace (each has its own tsconfig.json).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const projects = [
  'packages/domain',
  'packages/contracts',
  'packages/weather',
  'apps/server',
  'apps/web',
  'e2e',
  'bench',
];
let failed = false;
for (const p of projects) {
  const r = spawnSync('npx', ['tsc', '--noEmit', '-p', p], { cwd: root, stdio: 'inherit' });
  console.log(`${r.status === 0 ? 'ok  ' : 'FAIL'} ${p}`);
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
