// Bundles the server (with our workspace packages) into dist/main.js; node_modules stay external.
import { build } from 'esbuild';
import { cpSync, readFileSync, rmSync } from 'node:fs';
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
        // the package itself and its subpath exports (`@allclear/contracts/routes`), read from its package.json
        b.onResolve({ filter: /^@allclear\/(domain|contracts|weather)(\/.*)?$/ }, (args) => {
          const [, name, sub] = /^@allclear\/([^/]+)(\/.*)?$/.exec(args.path);
          const dir = new URL(`../../packages/${name}/`, import.meta.url);
          const { exports } = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8'));
          const target = exports[sub ? `.${sub}` : '.'];
          if (typeof target !== 'string') return { errors: [{ text: `${args.path} is not exported` }] };
          return { path: fileURLToPath(new URL(target, dir)) };
        });
      },
    },
  ],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
