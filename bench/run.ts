// `npm run bench -- <name>...` runs bench/<name>.bench.ts; with no name, every benchmark.
// Each benchmark prints its target beside a baseline measured in the same run.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
