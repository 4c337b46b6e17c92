// Bundles the server (with our workspace packages) into dist/main.js; node_modules stay external.
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  // our own workspace packages are TypeScript source: bundle them in
  plugins: [
    {
      name: 'bundle-workspace',
      setup(b) {
        b.onResolve({ filter: /^@allclear\/(domain|contracts|weather)$/ }, (args) => ({
          path: fileURLToPath(
            new URL(`../../packages/${args.path.slice('@allclear/'.length)}/src/index.ts`, import.meta.url),
          ),
        }));
      },
    },
  ],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
