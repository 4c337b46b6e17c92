// `node scripts/smoke-lts.mjs [major]`: starts the built product once on the current Node.js LTS (24 unless told)
// as a newcomer would, signs in through its own OpenID Connect flow (code + PKCE, the sign-in form), reads a demo
// location's lightning delay and stops it; exits 1 at the first step that fails, with the product's output.
// The tests run on the Node that runs them (20); this is what shows the product also runs on today's LTS. The Node
// binary comes from the npm registry's node-<platform>-<arch> package, installed under a cache directory (never
// globally) and reused while it is of that major.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './ensure-install.mjs';
import { PRODUCT_ENV, PRODUCT_NODE_FLAGS } from './node-flags.mjs';
import { loopbackProductEnv } from './product-env.mjs';
import { brief, signIn } from './sign-in.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const major = process.argv[2] ?? '24';
// about 20 s on an idle machine (the demo's history is backfilled before the banner); 80 s on a busy one
const STARTUP_MS = 100_000;
const DEMO_EMAIL = 'admin@demo.allclear.test';
const DEMO_PASSWORD = 'AllClear-demo-1';
const startedAt = Date.now();

const say = (line) => console.log(`[lts] ${line}`);
const elapsed = (since = startedAt) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
/** A step that did not do what it should: what was tried, and what came back. */
class StepFailed extends Error {}
function fail(step, detail) {
  throw new StepFailed(`${step}${detail ? `\n${detail}` : ''}`);
}

/** The Node binary of `major` from the registry's node-<platform>-<arch> package, in the cache. */
function nodeOfMajor() {
  const pkg = `node-${process.platform}-${process.arch}`;
  const cache = process.env.ALLCLEAR_NODE_CACHE ?? join(homedir(), '.cache', 'allclear', 'node');
  const prefix = join(cache, `${pkg}-${major}`);
  const bin = join(prefix, 'node_modules', pkg, 'bin', 'node');
  const versionOf = () => spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  if (existsSync(bin) && versionOf().startsWith(`v${major}.`))
    return { bin, version: versionOf(), cached: true };
  say(`installing ${pkg}@${major} from the npm registry into ${prefix}`);
  mkdirSync(prefix, { recursive: true });
  const npm = spawnSync(
    'npm',
    [
      'install',
      '--prefix',
      prefix,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      `${pkg}@${major}`,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (npm.status !== 0 || !existsSync(bin)) fail(`npm install ${pkg}@${major}`);
  const version = versionOf();
  if (!version.startsWith(`v${major}.`)) fail(`${bin} --version`, `answered '${version}', not v${major}.x`);
  return { bin, version, cached: false };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts dist/main.js on `node`; resolves with the process once it has printed its banner. */
async function startProduct(node, port, dataDir) {
  const child = spawn(node, [...PRODUCT_NODE_FLAGS, join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: { ...PRODUCT_ENV, ...process.env, ...loopbackProductEnv(port, dataDir) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const started = await new Promise((resolve) => {
    const timer = setTimeout(() => resolve(`no banner within ${STARTUP_MS / 1000} s`), STARTUP_MS);
    const check = setInterval(() => {
      if (!output.includes('AllClear is running on')) return;
      clearInterval(check);
      clearTimeout(timer);
      resolve(true);
    }, 100);
    void exited.then((how) => {
      clearInterval(check);
      clearTimeout(timer);
      resolve(`exited (${how})`);
    });
  });
  if (started !== true) {
    child.kill('SIGKILL');
    fail(`start the product: ${started}`, output);
  }
  return { child, exited, output: () => output };
}

/** GET an API route as the signed-in user: the data of its `{ data }` answer. */
async function getData(baseUrl, path, accessToken, step) {
  const res = await fetch(new URL(path, baseUrl), { headers: { authorization: `Bearer ${accessToken}` } });
  const body = await res.text();
  if (res.status !== 200) fail(step, `GET ${path} answered ${res.status}: ${brief(body)}`);
  const { data } = JSON.parse(body);
  if (data === undefined) fail(step, `GET ${path} answered without data: ${brief(body)}`);
  return data;
}

let product;
let dataDir;
try {
  const node = nodeOfMajor();
  say(`Node ${node.version} (${node.cached ? 'cached' : 'installed'}): ${node.bin}`);
  ensureInstalled();
  const { build } = await import('./build.mjs');
  build();

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'allclear-lts-'));
  let since = Date.now();
  product = await startProduct(node.bin, port, dataDir);
  say(`started on ${baseUrl} with a fresh embedded database and the demo in ${elapsed(since)}`);
  const warnings = product
    .output()
    .split('\n')
    .filter((l) => /WARNING|Warning:/.test(l));
  say(warnings.length ? `the product warned:\n  ${warnings.join('\n  ')}` : 'no runtime warnings');

  since = Date.now();
  const accessToken = await signIn(baseUrl, DEMO_EMAIL, DEMO_PASSWORD).catch((err) =>
    fail(`sign in as ${DEMO_EMAIL}`, err.message),
  );
  say(`signed in as ${DEMO_EMAIL} (authorization code + PKCE through the sign-in form) in ${elapsed(since)}`);

  const locations = await getData(baseUrl, '/api/location', accessToken, 'list the locations');
  if (!Array.isArray(locations) || locations.length === 0)
    fail('list the locations', `GET /api/location answered ${brief(JSON.stringify(locations))}`);
  const { id, label } = locations[0];
  const delay = await getData(baseUrl, `/api/location/Delay/${id}`, accessToken, 'read a lightning delay');
  if (typeof delay.item1 !== 'string') fail('read a lightning delay', `answered ${JSON.stringify(delay)}`);
  say(`GET /api/location/Delay/${id} (${label}): ${JSON.stringify(delay)}`);

  product.child.kill('SIGTERM');
  const how = await product.exited;
  if (how !== 0) fail(`stop on SIGTERM: exited with ${how}`, product.output());
  say(`stopped on SIGTERM (exit 0); every step passed on Node ${node.version} in ${elapsed()}`);
} catch (err) {
  console.error(`[lts] FAILED: ${err instanceof StepFailed ? err.message : err?.stack}`);
  if (product && !(err instanceof StepFailed))
    console.error(`[lts] the product's output:\n${product.output()}`);
  process.exitCode = 1;
} finally {
  if (product && product.child.exitCode === null && product.child.signalCode === null) {
    product.child.kill('SIGKILL');
    await product.exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
