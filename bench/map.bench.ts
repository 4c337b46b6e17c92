// Map service benchmark (issue 7): ClusterStrikes over 1,000,000 strikes (p95 < 10 ms per
// viewport request) beside supercluster's own getClusters on the same points and viewports; radar
// tiles over HTTP at 100 concurrent connections, warm (p95 < 10 ms) and cold (p95 < 150 ms),
// beside a static file server (node:http + fs) serving the same tile bytes in the same run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import Supercluster from 'supercluster';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createSimulator, type ConfiguredWeather, type Strike, type StrikeSource } from '@allclear/weather';
import { mapModule } from '../apps/server/src/modules/map/index.ts';
import { loadMapConfig } from '../apps/server/src/modules/map/map-config.ts';
import { installErrorHandling } from '../apps/server/src/platform/errors.ts';
import type { AppDeps } from '../apps/server/src/app.ts';

const STRIKES = 1_000_000;
const VIEWPORT_REQUESTS = 400;
const CONCURRENCY = 100;
const WARM_REQUESTS = 20_000;
const WARM_TIME_LIMIT_MS = 20_000;
const COLD_TILES = 60;
const NOW = new Date('2026-06-15T21:00:00Z');

/** A seeded random generator (mulberry32), so every run sees the same strikes and viewports. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function stats(values: number[]): string {
  return `p50 ${percentile(values, 50).toFixed(2)} ms, p95 ${percentile(values, 95).toFixed(2)} ms, max ${Math.max(...values).toFixed(2)} ms (n=${values.length})`;
}

/** One million strikes of the last 30 minutes in 400 storms over the continental US. */
function outbreak(): Strike[] {
  const rnd = random(7);
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
  const rnd = random(11);
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

async function buildServer(strikeSource: StrikeSource) {
  const simulator = createSimulator({
    seed: 2026,
    startTime: new Date(NOW.getTime() - 30 * 60_000),
    focusPoints: [{ latitude: 32.78, longitude: -96.8 }],
  });
  for (let i = 0; i < 12; i++) {
    simulator.spawnStorm(
      {
        latitude: 31 + (i % 4) * 0.6,
        longitude: -99 + Math.floor(i / 4) * 0.8,
        headingDeg: 60,
        speedMs: 12,
        lifetimeMinutes: 180,
      },
      new Date(NOW.getTime() - 60 * 60_000),
    );
  }
  const weather: ConfiguredWeather = {
    providers: { ...simulator, strikes: strikeSource },
    simulator,
    simulatorMode: true,
    close: async () => {},
  };
  const app = Fastify({ logger: false, routerOptions: { caseSensitive: false } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  // The bench measures the map service, not token verification (tested in the server suite).
  app.decorate('authenticate', async () => {});
  const deps = { clock: { now: () => NOW }, weather } as unknown as AppDeps;
  await app.register(mapModule, {
    prefix: '/map',
    ...deps,
    map: loadMapConfig({ MAP_IMAGE_CACHE_MB: '256' }),
  });
  await app.ready();
  return app;
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

/** Fires `total` requests over `concurrency` connections (bounded by time too); latencies, ms. */
async function load(port: number, paths: string[], total: number, concurrency: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let next = 0;
  const deadline = performance.now() + WARM_TIME_LIMIT_MS;
  const worker = async () => {
    while (next < total && performance.now() < deadline) {
      const path = paths[next++ % paths.length]!;
      const r = await timedGet(agent, port, path);
      if (r.status !== 200) throw new Error(`${path} answered ${r.status}`);
      latencies.push(r.ms);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return latencies;
}

export async function run(): Promise<boolean> {
  // ───── ClusterStrikes over 1,000,000 strikes ─────
  const strikes = outbreak();
  const source: StrikeSource = { subscribe: () => () => {}, strikes: async () => strikes };
  const app = await buildServer(source);
  const views = viewports(strikes, VIEWPORT_REQUESTS);
  const url = (v: (typeof views)[number]) =>
    `/map/ClusterStrikes?top=${v.top}&right=${v.right}&left=${v.left}&bottom=${v.bottom}&zoom=${v.zoom}&nonClusterLevel=8`;
  const build0 = performance.now();
  const first = await app.inject({ method: 'GET', url: url(views[0]!) });
  if (first.statusCode !== 200) throw new Error(`ClusterStrikes answered ${first.statusCode}: ${first.body}`);
  console.log(
    `cluster index of ${STRIKES} strikes built in ${(performance.now() - build0).toFixed(0)} ms (once per minute)`,
  );
  for (const v of views.slice(0, 50)) await app.inject({ method: 'GET', url: url(v) });
  const ours: number[] = [];
  const clusterLevels: number[] = [];
  const singleLevels: number[] = [];
  let features = 0;
  let maxFeatures = 0;
  for (const v of views) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: url(v) });
    const ms = performance.now() - t0;
    ours.push(ms);
    (v.zoom <= 8 ? clusterLevels : singleLevels).push(ms);
    const n = (res.json() as { features: unknown[] }).features.length;
    features += n;
    maxFeatures = Math.max(maxFeatures, n);
  }
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
    `ClusterStrikes (HTTP inject, JSON): ${stats(ours)}; ${Math.round(features / views.length)} features per answer (target p95 < 10 ms)`,
  );
  console.log(`  zoom 3-8 (clusters):                ${stats(clusterLevels)}`);
  console.log(
    `  zoom 9-10 (every strike in view):   ${stats(singleLevels)}; largest answer ${maxFeatures} features`,
  );
  console.log(`baseline supercluster.getClusters:  ${stats(baseline)}`);
  const clusterOk = percentile(ours, 95) < 10;

  // ───── radar tiles at 100 concurrent connections ─────
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  const latest = new Date(Math.floor(NOW.getTime() / 300_000) * 300_000);
  // 64 tiles at zoom 8 over the storms of north Texas, a past frame (immutable) and the latest.
  const tilePaths: string[] = [];
  for (const time of [new Date(latest.getTime() - 300_000), latest]) {
    for (let x = 56; x < 60; x++)
      for (let y = 103; y < 107; y++)
        tilePaths.push(`/map/past/TMS/8/${x}/${y}.png?time=${time.toISOString()}`);
  }
  for (let x = 114; x < 122; x++)
    for (let y = 208; y < 212; y++)
      tilePaths.push(`/map/past/TMS/9/${x}/${y}.png?time=${latest.toISOString()}`);
  // Cold: every tile rendered for the first time (a new frame time each), 4 at a time.
  const coldPaths = Array.from({ length: COLD_TILES }, (_, i) => {
    const t = new Date(latest.getTime() - (10 + (i % 12) * 5) * 60_000).toISOString();
    return `/map/past/TMS/8/${56 + (i % 4)}/${103 + (Math.floor(i / 12) % 4)}.png?time=${t}`;
  });
  const cold = await load(port, [...new Set(coldPaths)], new Set(coldPaths).size, 4);
  // Warm: prime every tile once, then load.
  await load(port, tilePaths, tilePaths.length, 8);
  const dir = mkdtempSync(join(tmpdir(), 'allclear-tiles-'));
  const files: string[] = [];
  let echoTiles = 0;
  for (const [i, path] of tilePaths.entries()) {
    const res = await app.inject({ method: 'GET', url: path });
    if (res.rawPayload.length > 200) echoTiles++;
    writeFileSync(join(dir, `${i}.png`), res.rawPayload);
    files.push(`/${i}.png`);
  }
  const warm = await load(port, tilePaths, WARM_REQUESTS, CONCURRENCY);
  // Baseline: a static file server with the same bytes (node:http + fs), same load.
  const staticServer = http.createServer((req, res) => {
    readFile(join(dir, req.url!.slice(1))).then(
      (body) =>
        res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=60' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => staticServer.listen(0, '127.0.0.1', resolve));
  const staticPort = (staticServer.address() as AddressInfo).port;
  const staticWarm = await load(staticPort, files, WARM_REQUESTS, CONCURRENCY);
  await new Promise((resolve) => staticServer.close(resolve));
  rmSync(dir, { recursive: true, force: true });
  await app.close();

  console.log(`radar tiles: ${tilePaths.length} distinct tiles, ${echoTiles} with echoes`);
  console.log(`warm tiles at ${CONCURRENCY} connections: ${stats(warm)} (target p95 < 10 ms)`);
  console.log(`baseline static file server:        ${stats(staticWarm)}`);
  console.log(`cold tiles (4 at a time):           ${stats(cold)} (target p95 < 150 ms)`);
  const tilesOk = percentile(warm, 95) < 10 && percentile(cold, 95) < 150 && echoTiles > 0;
  const ok = clusterOk && tilesOk;
  console.log(ok ? 'map bench: PASS' : 'map bench: FAIL');
  return ok;
}
