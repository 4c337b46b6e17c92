// Memory soak (`npm run bench -- soak`): the built product as `npm start` runs it on the embedded default (PGlite),
// the simulator at 10× (SIM_SPEED=10), for an hour (SOAK_MINUTES; ten simulated hours) under a steady, modest read
// load: a few dashboards (SOAK_DASHBOARDS) each asking every dashboard read of the reads bench once every 10 s. Every
// 10 s it samples the product's RSS (/proc/<pid>/status VmRSS), heap used and external memory (process.memoryUsage()
// in the product, written by soak-probe.mjs, which NODE_OPTIONS preloads: no route, no port, no change to the product)
// and the size of its data folder. Targets, each printed PASS or FAIL (any FAIL exits non-zero):
// - RSS at most 400 MB at every sample after the warm-up (the history backfill and the first storms' e-mails);
// - RSS flat: the least-squares slope over the run's last half (the last half hour of an hour) under 1 MB per
//   simulated hour, so a shorter run (SOAK_MINUTES for CI) is held to the same slope over what it ran;
// - the data folder bounded: its tables' growth per simulated day over the last half (the folder without its
//   write-ahead log), kept for the longest retention of the rows that grow with time (35 days of raw station
//   readings), plus the most log PGlite keeps (db/client.ts), stays within SOAK_DATA_BUDGET_MB.
// SOAK_HEAP_SNAPSHOTS=1 also writes a heap snapshot after the warm-up and one at the end (--heapsnapshot-signal) into
// the printed folder, to compare in Chrome DevTools' Memory panel. SOAK_NODE_FLAGS replaces the product's Node.js
// flags (scripts/node-flags.mjs), e.g. '--enable-source-maps --max-semi-space-size=16', to measure a setting.
// SOAK_START=restart measures the product started again on the data folder of a first start (stopped once its history
// backfill is written), as an install runs after its first day; by default the start measured is the first one.
import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ON_DISK_MAX_WAL_MB } from '../apps/server/src/db/client.ts';
import { RAW_READINGS_RETENTION_DAYS } from '../apps/server/src/engine/observations/readings.ts';
import { PRODUCT_NODE_FLAGS } from '../scripts/node-flags.mjs';
import { signIn } from '../scripts/sign-in.mjs';
import { ADMIN, PASSWORD, dashboardCalls, startProduct } from './reads.bench.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PROBE = join(root, 'bench/soak-probe.mjs');
const MB = 1024 * 1024;

const MINUTES = Number(process.env.SOAK_MINUTES ?? 60);
const SIM_SPEED = 10;
const SAMPLE_SECONDS = 10;
/** The warm-up: the history backfill (about a minute) and the demo's first alerts' e-mails (about two), s. */
const WARM_UP_SECONDS = Math.min(180, (MINUTES * 60) / 3);
/** Simulated dashboards, each asking every dashboard read once per POLL_SECONDS. */
const DASHBOARDS = Number(process.env.SOAK_DASHBOARDS ?? 3);
const POLL_SECONDS = 10;
/** A new access token this often (tokens live at most an hour), s. */
const SIGN_IN_EVERY_SECONDS = 1800;
const RSS_TARGET_MB = 400;
const SLOPE_TARGET_MB_PER_SIM_HOUR = 1;
/** The longest retention of rows that arrive with time and are pruned: raw station readings. */
const RETENTION_DAYS = RAW_READINGS_RETENTION_DAYS;
const DATA_BUDGET_MB = Number(process.env.SOAK_DATA_BUDGET_MB ?? 2048);
/** 'fresh' (the first start on a new data folder, measured) or 'restart' (the start after it, measured). */
const START = process.env.SOAK_START === 'restart' ? 'restart' : 'fresh';
/** The most a first start is given to write its history backfill before it is stopped (SOAK_START=restart), s. */
const FIRST_START_MAX_SECONDS = 300;
const NODE_FLAGS = process.env.SOAK_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? PRODUCT_NODE_FLAGS;

interface Sample {
  /** Seconds since the product printed its banner. */
  t: number;
  rssMb: number;
  heapUsedMb: number;
  externalMb: number;
  arrayBuffersMb: number;
  /** The data folder, without the product's log. */
  dataMb: number;
  /** Of which the write-ahead log (pglite/pg_wal). */
  walMb: number;
}

/** Resident set size of a process, MB (/proc/<pid>/status). */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) / 1024;
}

/** Bytes of every file under a folder but one (the product's log, which the bench writes there), MB. */
function folderMb(dir: string, skip?: string): number {
  let bytes = 0;
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      try {
        if (e.isDirectory()) walk(p);
        else if (p !== skip) bytes += statSync(p).size;
      } catch {
        // a file removed while walking (a WAL segment recycled)
      }
    }
  };
  try {
    walk(dir);
  } catch {
    // not there (yet)
  }
  return bytes / MB;
}

/** The probe's last line: the product's own process.memoryUsage(). */
function probed(file: string): { heapUsed: number; external: number; arrayBuffers: number } | undefined {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const last = text.trimEnd().split('\n').pop();
  return last
    ? (JSON.parse(last) as { heapUsed: number; external: number; arrayBuffers: number })
    : undefined;
}

/** Least-squares slope of y over x. */
export function slope(points: readonly { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.x - mx) * (p.y - my);
    den += (p.x - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

export interface SoakVerdicts {
  maxRssAfterWarmUpMb: number;
  rssOk: boolean;
  /** MB per simulated hour over the last half of the run. */
  rssSlope: number;
  slopeOk: boolean;
  /** MB per simulated day over the last half of the run, the write-ahead log left out. */
  dataPerSimDayMb: number;
  dataProjectedMb: number;
  /** The most write-ahead log the folder may carry: PGlite's bound, or more if more was seen. */
  walBoundMb: number;
  dataOk: boolean;
}

/** The targets, from the samples of a run of `minutes` at `speed`. */
export function judge(
  samples: readonly Sample[],
  minutes: number,
  speed: number,
  warmUpSeconds: number,
): SoakVerdicts {
  const after = samples.filter((s) => s.t >= warmUpSeconds);
  const lastHalf = samples.filter((s) => s.t >= (minutes * 60) / 2);
  const maxRssAfterWarmUpMb = Math.max(0, ...after.map((s) => s.rssMb));
  const perSimHour = (y: (s: Sample) => number) =>
    slope(lastHalf.map((s) => ({ x: (s.t / 3600) * speed, y: y(s) })));
  const rssSlope = perSimHour((s) => s.rssMb);
  const tables = (s: Sample) => s.dataMb - s.walMb;
  const dataPerSimDayMb = perSimHour(tables) * 24;
  const last = samples[samples.length - 1];
  const walBoundMb = Math.max(ON_DISK_MAX_WAL_MB, ...samples.map((s) => s.walMb));
  const dataProjectedMb =
    (last ? tables(last) : 0) + Math.max(0, dataPerSimDayMb) * RETENTION_DAYS + walBoundMb;
  return {
    maxRssAfterWarmUpMb,
    rssOk: after.length > 0 && maxRssAfterWarmUpMb <= RSS_TARGET_MB,
    rssSlope,
    slopeOk: lastHalf.length >= 2 && rssSlope < SLOPE_TARGET_MB_PER_SIM_HOUR,
    dataPerSimDayMb,
    dataProjectedMb,
    walBoundMb,
    dataOk: lastHalf.length >= 2 && dataProjectedMb <= DATA_BUDGET_MB,
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const f = (n: number) => n.toFixed(1).padStart(7);

export async function run(): Promise<boolean> {
  const { build } = (await import(join(root, 'scripts/build.mjs'))) as { build: () => void };
  build();
  const out = mkdtempSync(join(tmpdir(), 'allclear-soak-'));
  const probeFile = join(out, 'probe.jsonl');
  const csv = join(out, 'samples.csv');
  const snapshots = process.env.SOAK_HEAP_SNAPSHOTS === '1';
  const nodeOptions = [
    `--import=${PROBE}`,
    ...(snapshots ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${out}`] : []),
  ];
  console.log(
    `${START === 'restart' ? 'restart' : 'first start'}, ${MINUTES} min at SIM_SPEED=${SIM_SPEED} (${((MINUTES / 60) * SIM_SPEED).toFixed(1)} simulated hours), ${DASHBOARDS} dashboards polling every ${POLL_SECONDS} s, warm-up ${WARM_UP_SECONDS} s; Node.js flags: ${NODE_FLAGS.join(' ')}; samples in ${csv}`,
  );
  const env = { DATABASE_URL: '', SIM_SPEED: String(SIM_SPEED) };
  let dataDir: string | undefined;
  if (START === 'restart') {
    dataDir = mkdtempSync(join(tmpdir(), 'allclear-soak-data-'));
    const first = await startProduct(env, NODE_FLAGS, dataDir);
    const until = Date.now() + FIRST_START_MAX_SECONDS * 1000;
    while (!first.log().includes('station history backfilled') && Date.now() < until) await sleep(1000);
    await first.stop();
    console.log(
      `first start stopped after ${Math.round((Date.now() - first.startedAt) / 1000)} s; measuring the restart`,
    );
  }
  const product = await startProduct(
    {
      ...env,
      NODE_OPTIONS: nodeOptions.join(' '),
      SOAK_PROBE_FILE: probeFile,
      SOAK_PROBE_MS: String(SAMPLE_SECONDS * 1000),
    },
    NODE_FLAGS,
    dataDir,
  );
  const logFile = join(product.dataDir, 'server.log');
  const samples: Sample[] = [];
  let stopping = false;
  let requests = 0;
  let failures = 0;
  const load = (async () => {
    let token = await signIn(product.baseUrl, ADMIN, PASSWORD);
    let signedInAt = Date.now();
    const paths = (await dashboardCalls(product.baseUrl, token)).flatMap((c) => c.paths);
    const gap = (POLL_SECONDS * 1000) / (paths.length * DASHBOARDS);
    while (!stopping) {
      if (Date.now() - signedInAt > SIGN_IN_EVERY_SECONDS * 1000) {
        token = await signIn(product.baseUrl, ADMIN, PASSWORD);
        signedInAt = Date.now();
      }
      for (let d = 0; d < DASHBOARDS && !stopping; d++)
        for (const path of paths) {
          if (stopping) break;
          const started = Date.now();
          try {
            const res = await fetch(`${product.baseUrl}${path}`, {
              headers: { authorization: `Bearer ${token}` },
            });
            await res.arrayBuffer();
            requests++;
            if (!res.ok) failures++;
          } catch {
            failures++;
          }
          await sleep(Math.max(0, gap - (Date.now() - started)));
        }
    }
  })();
  writeFileSync(csv, 'seconds,rss_mb,heap_used_mb,external_mb,array_buffers_mb,data_mb,wal_mb\n');
  console.log(
    `${'min'.padStart(5)} ${'RSS MB'.padStart(7)} ${'heap'.padStart(7)} ${'extern'.padStart(7)} ${'arrbuf'.padStart(7)} ${'data MB'.padStart(7)} ${'of log'.padStart(7)}`,
  );
  try {
    const endAt = product.startedAt + MINUTES * 60_000;
    let snapped = false;
    for (let next = product.startedAt + SAMPLE_SECONDS * 1000; next <= endAt; next += SAMPLE_SECONDS * 1000) {
      await sleep(Math.max(0, next - Date.now()));
      // the probe writes on its own timer; give it its turn
      await sleep(200);
      const m = probed(probeFile);
      const s: Sample = {
        t: Math.round((Date.now() - product.startedAt) / 1000),
        rssMb: rssMb(product.pid),
        heapUsedMb: (m?.heapUsed ?? 0) / MB,
        externalMb: (m?.external ?? 0) / MB,
        arrayBuffersMb: (m?.arrayBuffers ?? 0) / MB,
        dataMb: folderMb(product.dataDir, logFile),
        walMb: folderMb(join(product.dataDir, 'pglite/pg_wal')),
      };
      samples.push(s);
      appendFileSync(
        csv,
        `${s.t},${[s.rssMb, s.heapUsedMb, s.externalMb, s.arrayBuffersMb, s.dataMb, s.walMb].map((v) => v.toFixed(1)).join(',')}\n`,
      );
      if (s.t % 60 < SAMPLE_SECONDS)
        console.log(
          `${(s.t / 60).toFixed(0).padStart(5)} ${f(s.rssMb)} ${f(s.heapUsedMb)} ${f(s.externalMb)} ${f(s.arrayBuffersMb)} ${f(s.dataMb)} ${f(s.walMb)}`,
        );
      if (snapshots && !snapped && s.t >= WARM_UP_SECONDS) {
        snapped = true;
        process.kill(product.pid, 'SIGUSR2');
      }
    }
    if (snapshots) {
      process.kill(product.pid, 'SIGUSR2');
      // the snapshot is written synchronously by the product; wait until it is complete
      await sleep(5000);
      while (
        readdirSync(out).some(
          (n) => n.endsWith('.heapsnapshot') && statSync(join(out, n)).mtimeMs > Date.now() - 2000,
        )
      )
        await sleep(1000);
      console.log(
        `heap snapshots: ${readdirSync(out)
          .filter((n) => n.endsWith('.heapsnapshot'))
          .join(', ')} in ${out}`,
      );
    }
  } finally {
    stopping = true;
    await load.catch((err: unknown) => console.error(`read load: ${String(err)}`));
    const du = execFileSync('du', ['-sm', '--exclude=server.log', product.dataDir], { encoding: 'utf8' });
    console.log(`data folder at the end (du): ${du.trim()}`);
    await product.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  const v = judge(samples, MINUTES, SIM_SPEED, WARM_UP_SECONDS);
  const at90 = samples.find((s) => s.t >= 90);
  const peak = samples.reduce((p, s) => (s.rssMb > p.rssMb ? s : p), samples[0]!);
  const last = samples[samples.length - 1]!;
  console.log(
    `\nRSS at 90 s ${at90?.rssMb.toFixed(0) ?? '-'} MB; peak ${peak.rssMb.toFixed(0)} MB at ${peak.t} s; at the end ${last.rssMb.toFixed(0)} MB (heap used ${last.heapUsedMb.toFixed(0)} MB, external ${last.externalMb.toFixed(0)} MB of which array buffers ${last.arrayBuffersMb.toFixed(0)} MB); ${requests} reads (${failures} failed)`,
  );
  const line = (name: string, value: string, target: string, ok: boolean) =>
    console.log(`${name.padEnd(40)} ${value.padStart(22)}  ${target.padEnd(34)} ${ok ? 'PASS' : 'FAIL'}`);
  line(
    'RSS after the warm-up (max)',
    `${v.maxRssAfterWarmUpMb.toFixed(0)} MB`,
    `≤ ${RSS_TARGET_MB} MB`,
    v.rssOk,
  );
  line(
    `RSS slope, last ${MINUTES / 2} min`,
    `${v.rssSlope.toFixed(2)} MB/sim h`,
    `< ${SLOPE_TARGET_MB_PER_SIM_HOUR} MB/sim h (${((MINUTES / 120) * SIM_SPEED * SLOPE_TARGET_MB_PER_SIM_HOUR).toFixed(1)} MB over it)`,
    v.slopeOk,
  );
  line(
    'data folder at the retention horizon',
    `${v.dataProjectedMb.toFixed(0)} MB`,
    `≤ ${DATA_BUDGET_MB} MB (${(last.dataMb - last.walMb).toFixed(0)} + ${v.dataPerSimDayMb.toFixed(1)}/sim day × ${RETENTION_DAYS} + ${v.walBoundMb.toFixed(0)} log)`,
    v.dataOk,
  );
  const ok = v.rssOk && v.slopeOk && v.dataOk && failures === 0;
  if (failures > 0) console.log(`FAIL: ${failures} of the reads failed`);
  console.log(ok ? 'soak bench: PASS' : 'soak bench: FAIL');
  return ok;
}
