// Map service benchmark (issue 7): ClusterStrikes over 1,000,000 strikes (p95 < 10 ms per
// viewport request) beside supercluster's own getClusters on the same points and viewports; radar
// tiles over HTTP at 100 concurrent connections, warm (p95 < 10 ms) and cold (p95 < 150 ms, 4 at a time
// as a browser asks and 100 at once), beside a static file server (node:http + fs) serving the same tile
// bytes in the same run. The tile servers run in a child process (map-server-child.ts); wrk (or
// autocannon) drives them from here.
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Supercluster from 'supercluster';
import { ZClusterStrikesResponse } from '@allclear/contracts';
import { mulberry32, type Strike, type StrikeSource } from '@allclear/weather';
import { BENCH_NOW, buildMapServer } from './map-server-child.ts';

const STRIKES = 1_000_000;
const VIEWPORT_REQUESTS = 400;
const CONCURRENCY = 100;
/** Seconds of load per server when wrk drives it. */
const WRK_SECONDS = 10;
const WARM_REQUESTS = 20_000;
const COLD_TILES = 60;
const NOW = BENCH_NOW;
const CHILD = join(dirname(fileURLToPath(import.meta.url)), 'map-server-child.ts');

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function stats(values: number[]): string {
  return `p50 ${percentile(values, 50).toFixed(2)} ms, p95 ${percentile(values, 95).toFixed(2)} ms, max ${Math.max(...values).toFixed(2)} ms (n=${values.length})`;
}

/** One million strikes of the last 30 minutes in 400 storms over the continental US. */
function outbreak(): Strike[] {
  const rnd = mulberry32(7);
  const storms = Array.from({ length: 400 }, () => ({ lat: 26 + rnd() * 22, lon: -123 + rnd() * 54 }));
  const strikes: Strike[] = new Array(STRIKES);
  for (let i = 0; i < STRIKES; i++) {
    const s = storms[i % storms.length]!;
    const time = new Date(NOW.getTime() - Math.floor(rnd() * 30 * 60_000));
    strikes[i] = {
      id: `b${i}`,
      time,
      latitude: s.lat + (rnd() - 0.5) * 0.8,
      longitude: s.lon + (rnd() - 0.5) * 0.8,
      type: ((i % 4) + 1) as 1 | 2 | 3 | 4,
      amperageKa: -5 - (i % 60),
      cloud: i % 4 === 3,
      source: 'bench',
      observedAt: time,
    };
  }
  return strikes;
}

/** Viewports of a 1440×900 map at zooms 3 to 10 centred over the storms, expanded by 120 % as the web does. */
function viewports(strikes: Strike[], count: number) {
  const rnd = mulberry32(11);
  return Array.from({ length: count }, () => {
    const zoom = 3 + Math.floor(rnd() * 8);
    const centre = strikes[Math.floor(rnd() * strikes.length)]!;
    const halfLon = ((1440 / 256) * (360 / 2 ** zoom)) / 2;
    const halfLat = halfLon * (900 / 1440) * Math.cos((centre.latitude * Math.PI) / 180);
    const r = (v: number) => Math.round(v * 10_000) / 10_000;
    return {
      zoom,
      top: r(Math.min(85, centre.latitude + halfLat * 2.2)),
      bottom: r(Math.max(-85, centre.latitude - halfLat * 2.2)),
      left: r(centre.longitude - halfLon * 2.2),
      right: r(centre.longitude + halfLon * 2.2),
    };
  });
}

/** GET a path on a loopback server through a keep-alive agent; resolves with the latency, ms. */
function timedGet(
  agent: http.Agent,
  port: number,
  path: string,
): Promise<{ ms: number; status: number; bytes: number }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ ms: performance.now() - t0, status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** GETs every path once, `concurrency` at a time, from this process; latencies, ms. */
async function getAll(port: number, paths: string[], concurrency: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++]!;
      const r = await timedGet(agent, port, path);
      if (r.status !== 200) throw new Error(`${path} answered ${r.status}`);
      latencies.push(r.ms);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return latencies;
}

/** GETs a path's body. */
function fetchBody(port: number, path: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks)));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

interface LoadResult {
  p50: number;
  p95: number;
  max: number;
  n: number;
  perSecond: number;
  tool: string;
}

function loadStats(r: LoadResult): string {
  return `p50 ${r.p50.toFixed(2)} ms, p95 ${r.p95.toFixed(2)} ms, max ${r.max.toFixed(2)} ms (n=${r.n}, ${r.tool})`;
}

/**
 * Drives `connections` keep-alive connections cycling through the paths. Debian's wrk (C, one
 * thread) is used when it is there or can be installed, because on a 2-core machine a load
 * generator written in JavaScript takes a whole core and its own latency into the figures;
 * autocannon otherwise.
 */
async function hammer(
  port: number,
  paths: string[],
  total: number,
  connections: number,
): Promise<LoadResult> {
  return hasWrk()
    ? hammerWithWrk(port, paths, connections)
    : hammerWithAutocannon(port, paths, total, connections);
}

let wrkAvailable: boolean | undefined;

function hasWrk(): boolean {
  if (wrkAvailable !== undefined) return wrkAvailable;
  const found = () => spawnSync('wrk', ['--version']).error === undefined;
  wrkAvailable = found();
  if (!wrkAvailable && process.getuid?.() === 0) {
    console.log("load generator: installing Debian's wrk");
    spawnSync('apt-get', ['install', '-y', '-qq', 'wrk'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    wrkAvailable = found();
  }
  if (!wrkAvailable) console.log('load generator: wrk not available, using autocannon');
  return wrkAvailable;
}

/** wrk for WRK_SECONDS with a Lua script that cycles the paths and prints the latency percentiles (µs). */
function hammerWithWrk(port: number, paths: string[], connections: number): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'allclear-wrk-'));
  const script = join(dir, 'paths.lua');
  writeFileSync(
    script,
    `local paths = {${paths.map((p) => JSON.stringify(p)).join(',')}}
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("ALLCLEAR %d %d %d %d %d %d\\n", latency:percentile(50), latency:percentile(95),
    latency.max, summary.requests, summary.duration, e.connect + e.read + e.write + e.status + e.timeout))
end
`,
  );
  const args = ['-t1', `-c${connections}`, `-d${WRK_SECONDS}s`, '-s', script, `http://127.0.0.1:${port}`];
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', () => {
      rmSync(dir, { recursive: true, force: true });
      const line = /ALLCLEAR (\d+) (\d+) (\d+) (\d+) (\d+) (\d+)/.exec(out);
      if (!line) return reject(new Error(`wrk printed no summary:\n${out}`));
      const [p50, p95, max, n, durationUs, errors] = line.slice(1).map(Number) as number[];
      if (errors! > 0) return reject(new Error(`load failed: ${errors} errors or non-2xx answers`));
      resolve({
        p50: p50! / 1000,
        p95: p95! / 1000,
        max: max! / 1000,
        n: n!,
        perSecond: Math.round(n! / (durationUs! / 1e6)),
        tool: 'wrk',
      });
    });
  });
}

/** Autocannon over `connections` keep-alive connections cycling through the paths; latencies, ms. */
async function hammerWithAutocannon(
  port: number,
  paths: string[],
  total: number,
  connections: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const started = performance.now();
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    amount: total,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status === 200) latencies.push(ms);
  });
  const result = await instance;
  const seconds = (performance.now() - started) / 1000;
  if (result.errors + result.timeouts + result.non2xx > 0)
    throw new Error(
      `load failed: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`,
    );
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: Math.max(...latencies),
    n: latencies.length,
    perSecond: Math.round(latencies.length / seconds),
    tool: 'autocannon',
  };
}

/** Starts a server of map-server-child.ts in its own process; resolves with its port. */
async function startChild(args: string[]): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(CHILD, args, { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`server child exited with ${code}`)));
  });
  return { child, port };
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.disconnect();
  });
}

/** Features in a FeatureCollection's JSON bytes (counted without parsing: no garbage between timed requests). */
function countFeatures(body: Buffer): number {
  const marker = Buffer.from('"type":"Feature"');
  let n = 0;
  for (let at = body.indexOf(marker); at !== -1; at = body.indexOf(marker, at + marker.length)) n++;
  return n;
}

async function clusterStrikesBench(): Promise<boolean> {
  const strikes = outbreak();
  const source: StrikeSource = { subscribe: () => () => {}, strikes: async () => strikes };
  const app = await buildMapServer(source);
  const views = viewports(strikes, VIEWPORT_REQUESTS);
  const url = (v: (typeof views)[number]) =>
    `/map/ClusterStrikes?top=${v.top}&right=${v.right}&left=${v.left}&bottom=${v.bottom}&zoom=${v.zoom}&nonClusterLevel=8`;
  const build0 = performance.now();
  const first = await app.inject({ method: 'GET', url: url(views[0]!) });
  if (first.statusCode !== 200) throw new Error(`ClusterStrikes answered ${first.statusCode}: ${first.body}`);
  console.log(
    `cluster index of ${STRIKES} strikes built in ${(performance.now() - build0).toFixed(0)} ms (once per minute)`,
  );
  // The answer is read as a stream: the test client's concatenation and decoding of a body of
  // megabytes into one string (light-my-request's default) is not the server's work.
  const request = async (v: (typeof views)[number]) => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: url(v), payloadAsStream: true });
    const chunks: Buffer[] = [];
    for await (const chunk of res.stream()) chunks.push(chunk as Buffer);
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`ClusterStrikes answered ${res.statusCode}`);
    return { ms, chunks };
  };
  for (const v of views.slice(0, 50)) await request(v);
  const ours: number[] = [];
  const clusterLevels: number[] = [];
  const singleLevels: number[] = [];
  let features = 0;
  let maxFeatures = 0;
  for (const v of views) {
    const { ms, chunks } = await request(v);
    ours.push(ms);
    (v.zoom <= 8 ? clusterLevels : singleLevels).push(ms);
    const n = countFeatures(Buffer.concat(chunks));
    features += n;
    maxFeatures = Math.max(maxFeatures, n);
  }
  // The answers are checked against supercluster and a brute-force filter in the server's tests;
  // here a sample of each zoom must still parse as the contract.
  for (const zoom of [3, 6, 8, 9, 10]) {
    const v = views.find((w) => w.zoom === zoom);
    if (v) ZClusterStrikesResponse.parse((await app.inject({ method: 'GET', url: url(v) })).json());
  }
  await app.close();
  // Baseline: supercluster alone on the same points, getClusters for the same boxes and zooms.
  const bare = new Supercluster({ radius: 50, maxZoom: 8 });
  bare.load(
    strikes.map((s) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [s.longitude, s.latitude] },
      properties: {},
    })),
  );
  const baseline: number[] = [];
  for (const v of views) {
    const t0 = performance.now();
    bare.getClusters([v.left, v.bottom, v.right, v.top], Math.min(v.zoom, 9));
    baseline.push(performance.now() - t0);
  }
  console.log(
    `ClusterStrikes (inject, JSON): ${stats(ours)}; ${Math.round(features / views.length)} features per answer (target p95 < 10 ms)`,
  );
  console.log(`  zoom 3-8 (clusters):                ${stats(clusterLevels)}`);
  console.log(
    `  zoom 9-10 (every strike in view):   ${stats(singleLevels)}; largest answer ${maxFeatures} features`,
  );
  console.log(`baseline supercluster.getClusters:  ${stats(baseline)}`);
  const ok = percentile(ours, 95) < 10;
  console.log(`ClusterStrikes p95 < 10 ms: ${ok ? 'PASS' : 'FAIL'}`);
  return ok;
}

/** 64 tiles at zooms 8 and 9 over the storms of north Texas, a past frame (immutable) and the latest. */
function warmTilePaths(latest: Date): string[] {
  const paths: string[] = [];
  for (const time of [new Date(latest.getTime() - 300_000), latest]) {
    for (let x = 56; x < 60; x++)
      for (let y = 103; y < 107; y++) paths.push(`/map/past/TMS/8/${x}/${y}.png?time=${time.toISOString()}`);
  }
  for (let x = 114; x < 122; x++)
    for (let y = 208; y < 212; y++) paths.push(`/map/past/TMS/9/${x}/${y}.png?time=${latest.toISOString()}`);
  return paths;
}

/** Tiles rendered for the first time: 48 distinct zoom-8 tiles over 12 older frames. */
function coldTilePaths(latest: Date): string[] {
  const paths = Array.from({ length: COLD_TILES }, (_, i) => {
    const t = new Date(latest.getTime() - (10 + (i % 12) * 5) * 60_000).toISOString();
    return `/map/past/TMS/8/${56 + (i % 4)}/${103 + (Math.floor(i / 12) % 4)}.png?time=${t}`;
  });
  return [...new Set(paths)];
}

/**
 * Tiles rendered for the first time, all asked for at once: the 16 zoom-8 tiles of the storms over 10 older frames
 * than coldTilePaths uses (70 to 115 minutes ago), the first `count` of them.
 */
function coldBurstPaths(latest: Date, count: number): string[] {
  const paths: string[] = [];
  for (let minutes = 70; minutes <= 115; minutes += 5) {
    const t = new Date(latest.getTime() - minutes * 60_000).toISOString();
    for (let x = 56; x < 60; x++)
      for (let y = 103; y < 107; y++) paths.push(`/map/past/TMS/8/${x}/${y}.png?time=${t}`);
  }
  return paths.slice(0, count);
}

async function tilesBench(): Promise<boolean> {
  const latest = new Date(Math.floor(NOW.getTime() / 300_000) * 300_000);
  const tilePaths = warmTilePaths(latest);
  const children: ChildProcess[] = [];
  const ours = await startChild(['map']);
  children.push(ours.child);
  const dir = mkdtempSync(join(tmpdir(), 'allclear-tiles-'));
  try {
    // prime every warm tile (which also warms the server up), and keep its bytes for the static server
    const files: string[] = [];
    let echoTiles = 0;
    for (const [i, path] of tilePaths.entries()) {
      const body = await fetchBody(ours.port, path);
      if (body.length > 200) echoTiles++;
      writeFileSync(join(dir, `${i}.png`), body);
      files.push(`/${i}.png`);
    }
    // cold: tiles of frames no request has asked for yet
    const cold = await getAll(ours.port, coldTilePaths(latest), 4);
    // and a burst: as many never-rendered tiles as there are connections, all at once
    const coldBurst = await getAll(ours.port, coldBurstPaths(latest, CONCURRENCY), CONCURRENCY);
    const warm = await hammer(ours.port, tilePaths, WARM_REQUESTS, CONCURRENCY);
    await stopChild(ours.child);
    const statics = await startChild(['static', dir]);
    children.push(statics.child);
    const staticWarm = await hammer(statics.port, files, WARM_REQUESTS, CONCURRENCY);
    await stopChild(statics.child);

    console.log(
      `radar tiles: ${tilePaths.length} distinct tiles, ${echoTiles} with echoes (servers in a child process)`,
    );
    console.log(
      `warm tiles at ${CONCURRENCY} connections: ${loadStats(warm)}, ${warm.perSecond} req/s (target p95 < 10 ms)`,
    );
    console.log(
      `baseline static file server:        ${loadStats(staticWarm)}, ${staticWarm.perSecond} req/s`,
    );
    console.log(`cold tiles (4 at a time):           ${stats(cold)} (target p95 < 150 ms)`);
    console.log(`cold tiles (${CONCURRENCY} at once):          ${stats(coldBurst)} (target p95 < 150 ms)`);
    const warmOk = warm.p95 < 10;
    const coldOk = percentile(cold, 95) < 150 && percentile(coldBurst, 95) < 150;
    console.log(
      `warm tiles p95 < 10 ms: ${warmOk ? 'PASS' : 'FAIL'}; cold tiles p95 < 150 ms: ${coldOk ? 'PASS' : 'FAIL'}`,
    );
    if (echoTiles === 0) console.log('FAIL: no tile shows an echo (the storms are not under the tiles)');
    return warmOk && coldOk && echoTiles > 0;
  } finally {
    for (const child of children) if (child.connected) child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<boolean> {
  const clusterOk = await clusterStrikesBench();
  const tilesOk = await tilesBench();
  const ok = clusterOk && tilesOk;
  console.log(ok ? 'map bench: PASS' : 'map bench: FAIL');
  return ok;
}
