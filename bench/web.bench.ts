// Web bundle report (issue 6 'Performance'): builds the SPA with vite's API into a temporary directory and prints
// every JavaScript chunk gzipped, the initial download (the entry chunk and everything it imports statically)
// against its budget (225 kB gzipped), and, for reference, what the dashboard route adds when it loads.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

// The initial download must not grow as screens arrive (220.5 kB at the end of issue 12): a little slack for
// the shell itself, no room for a screen.
const BUDGET_KB = 225;
const here = dirname(fileURLToPath(import.meta.url));
const webRoot = resolve(here, '../apps/web');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const kb = (bytes: number) => bytes / 1024;
const fmt = (bytes: number) => `${kb(bytes).toFixed(1).padStart(8)} kB`;

/** The chunk keys reachable from `start` through static imports, `start` included. */
function staticClosure(manifest: Manifest, start: string): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length) {
    const key = stack.pop()!;
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  return seen;
}

export async function run(): Promise<boolean> {
  const outDir = mkdtempSync(join(tmpdir(), 'allclear-web-bench-'));
  try {
    const started = performance.now();
    await build({
      root: webRoot,
      configFile: join(webRoot, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, manifest: true },
    });
    console.log(`built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const gz = new Map<string, number>();
    const sizeOf = (file: string) => {
      if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length);
      return gz.get(file)!;
    };

    const chunks = Object.entries(manifest).filter(([, c]) => c.file.endsWith('.js'));
    console.log('\nchunk (gzipped)');
    for (const [key, c] of [...chunks].sort((a, b) => sizeOf(b[1].file) - sizeOf(a[1].file)))
      console.log(
        `${fmt(sizeOf(c.file))}  ${c.file}${c.isEntry ? '  [entry]' : c.isDynamicEntry ? '  [lazy]' : ''}  (${c.src ?? key})`,
      );

    const entryKey = chunks.find(([, c]) => c.isEntry)?.[0];
    if (!entryKey) {
      console.log('no entry chunk in the manifest');
      return false;
    }
    const initial = staticClosure(manifest, entryKey);
    const initialBytes = [...initial].reduce((sum, k) => sum + sizeOf(manifest[k]!.file), 0);
    console.log(
      `\ninitial JS (entry + static imports, ${initial.size} chunks): ${fmt(initialBytes)} gzipped`,
    );
    for (const k of initial) console.log(`    ${fmt(sizeOf(manifest[k]!.file))}  ${manifest[k]!.file}`);

    const dashboardKey = Object.keys(manifest).find((k) =>
      k.endsWith('features/dashboard/components/dashboard-home.tsx'),
    );
    if (dashboardKey) {
      const route = [...staticClosure(manifest, dashboardKey)].filter((k) => !initial.has(k));
      const routeBytes = route.reduce((sum, k) => sum + sizeOf(manifest[k]!.file), 0);
      console.log(
        `dashboard route adds ${route.length} chunks: ${fmt(routeBytes)} gzipped (map, charts, heat stress and air quality load later)`,
      );
    }
    const ok = kb(initialBytes) < BUDGET_KB;
    console.log(
      `\ntarget: initial JS under ${BUDGET_KB} kB gzipped → ${ok ? 'PASS' : 'FAIL'} (${kb(initialBytes).toFixed(1)} kB)`,
    );
    return ok;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
