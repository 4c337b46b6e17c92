// The house has no import circle, type imports included (issue 13). ESLint's import-x/no-cycle skips
// `import type`, which is how route modules once formed a 22-file circle through app.ts's AppDeps; this test
// reads every import and re-export of our own sources with TypeScript's pre-processor and fails on any
// strongly connected group of files, naming it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SOURCE_ROOTS = [
  'apps/server/src',
  'apps/web/src',
  'packages/domain/src',
  'packages/contracts/src',
  'packages/weather/src',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Our package entry points, so `@allclear/contracts/routes` is an edge like a relative import. */
const PACKAGE_ENTRIES: Record<string, string> = {
  '@allclear/domain': 'packages/domain/src/index.ts',
  '@allclear/contracts': 'packages/contracts/src/index.ts',
  '@allclear/contracts/routes': 'packages/contracts/src/routes/table.ts',
  '@allclear/contracts/endpoints': 'packages/contracts/src/routes/endpoints.ts',
  '@allclear/weather': 'packages/weather/src/index.ts',
};

/** The files a file imports or re-exports (type-only ones too), among `known`. */
function importsOf(file: string, known: Set<string>): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const out: string[] = [];
  for (const { fileName } of importedFiles) {
    const target = fileName.startsWith('.')
      ? resolve(dirname(file), fileName)
      : PACKAGE_ENTRIES[fileName] && join(root, PACKAGE_ENTRIES[fileName]);
    if (!target) continue;
    for (const candidate of [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts')])
      if (known.has(candidate)) {
        out.push(candidate);
        break;
      }
  }
  return out;
}

/** Tarjan's strongly connected components of more than one file (or a file importing itself). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)!.includes(v)) found.push(component);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('import graph', () => {
  const files = SOURCE_ROOTS.flatMap((r) => sourceFiles(join(root, r)));
  const known = new Set(files);
  const graph = new Map(files.map((f) => [f, importsOf(f, known)]));

  it('reads the imports of our sources (the check sees the graph it claims to check)', () => {
    expect(files.length).toBeGreaterThan(400);
    const app = graph.get(join(root, 'apps/server/src/app.ts'))!;
    expect(app).toContain(join(root, 'apps/server/src/platform/deps.ts'));
    const edges = [...graph.values()].reduce((n, e) => n + e.length, 0);
    expect(edges).toBeGreaterThan(files.length);
  });

  it('finds a circle when there is one', () => {
    expect(
      circles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['c', 'b', 'a']]);
  });

  it('has no circle, type imports included', () => {
    const named = circles(graph).map((c) => c.map((f) => relative(root, f)).sort());
    expect(named).toEqual([]);
  });
});
