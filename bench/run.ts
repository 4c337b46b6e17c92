// `npm run bench -- <name>...` runs bench/<name>.bench.ts; with no name, every benchmark.
// Each benchmark prints its target beside a baseline measured in the same run. Benchmarks that run the product's
// code in this process (strikes: the engine) run it with the product's Node.js flags: the runner starts itself
// again with them.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRODUCT_NODE_FLAGS } from '../scripts/node-flags.mjs';

if (!PRODUCT_NODE_FLAGS.every((flag) => process.execArgv.includes(flag))) {
  const again = spawnSync(
    process.execPath,
    [...PRODUCT_NODE_FLAGS, ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  process.exit(again.status ?? 1);
}

const here = dirname(fileURLToPath(import.meta.url));
const available = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''))
  .sort();
const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names = asked.length > 0 ? asked : available;
let failed = false;
for (const name of names) {
  if (!available.includes(name)) {
    console.error(`unknown benchmark '${name}'; available: ${available.join(', ')}`);
    process.exitCode = 2;
    continue;
  }
  console.log(`\n=== bench: ${name} ===`);
  const mod = (await import(join(here, `${name}.bench.ts`))) as { run: () => Promise<boolean> };
  const ok = await mod.run();
  if (!ok) failed = true;
}
if (failed) process.exitCode = 1;
