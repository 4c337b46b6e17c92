// `npm start`: install what is missing, build, then run the server (which migrates, seeds the demo
// organisation in the embedded default, and serves web, API and identity on http://localhost:8080).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './ensure-install.mjs';
import { PRODUCT_ENV, PRODUCT_NODE_FLAGS } from './node-flags.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
ensureInstalled();
const { build } = await import('./build.mjs');
build();

// oidc-provider (the sign-in service) prints 'Unsupported runtime' at start on any Node.js that is not an LTS
// release of 22 or later: its support policy, which it checks this way (lib/index.js), nothing about how we use it.
// Said first, so that a newcomer knows what the warning means and which Node.js versions AllClear is tested on.
const { lts } = process.release;
if (!lts || lts[0] < 'J') {
  const why = lts ? `${process.version} is past its end of life` : `${process.version} is not an LTS release`;
  console.log(
    `[allclear] Node.js ${why}: oidc-provider will warn 'Unsupported runtime'. AllClear runs, and is tested on ` +
      'Node.js 20 and 24 LTS (the current LTS, recommended).',
  );
}

const child = spawn(process.execPath, [...PRODUCT_NODE_FLAGS, join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...PRODUCT_ENV, ...process.env, WEB_DIST: process.env.WEB_DIST ?? join(root, 'apps/web/dist') },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
