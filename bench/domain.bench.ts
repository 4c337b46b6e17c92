// Benchmark: Liljegren WBGT evaluations per second on one core, beside a plain arithmetic baseline
// (the BoM shade WBGT estimate) run on the same inputs in the same process. Target: ≥ 100,000 evals/s.
import {
  wbgtEstimate,
  wbgtLiljegren,
  type WbgtLiljegrenInput,
} from '../packages/domain/src/science/index.ts';

const TARGET_OPS_PER_SEC = 100_000;
const INPUT_COUNT = 4096;
const MIN_MEASURE_MS = 1000;

/** Deterministic pseudo-random inputs (mulberry32) spanning realistic day and night weather. */
function makeInputs(count: number): WbgtLiljegrenInput[] {
  let seed = 0x2f6b3a1d;
  const random = (): number => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const start = Date.UTC(2025, 5, 1);
  const inputs: WbgtLiljegrenInput[] = [];
  for (let i = 0; i < count; i++) {
    const hourOffset = Math.floor(random() * 24 * 120); // four summer months, every hour of the day
    inputs.push({
      tempC: 15 + random() * 25,
      relativeHumidityPct: 15 + random() * 80,
      pressureHpa: 960 + random() * 60,
      windSpeedMs: random() * 9,
      windHeightM: random() < 0.5 ? 2 : 10,
      solarWm2: random() * 1000,
      date: new Date(start + hourOffset * 3_600_000),
      latitudeDeg: 25 + random() * 20,
      longitudeDeg: -120 + random() * 45,
      urban: random() < 0.3,
    });
  }
  return inputs;
}

interface Measurement {
  name: string;
  ops: number;
  ms: number;
  opsPerSec: number;
}

/** Runs `fn` over the inputs in whole passes until at least MIN_MEASURE_MS has elapsed. */
function measure(
  name: string,
  inputs: readonly WbgtLiljegrenInput[],
  fn: (input: WbgtLiljegrenInput) => number,
): Measurement {
  let sink = 0;
  // Warm-up: let the JIT optimise before timing.
  for (let pass = 0; pass < 3; pass++) for (const input of inputs) sink += fn(input);
  let ops = 0;
  const t0 = performance.now();
  let elapsed = 0;
  while (elapsed < MIN_MEASURE_MS) {
    for (const input of inputs) sink += fn(input);
    ops += inputs.length;
    elapsed = performance.now() - t0;
  }
  if (Number.isNaN(sink)) console.log('(sink)', sink); // keeps the work observable to the optimiser
  return { name, ops, ms: elapsed, opsPerSec: (ops / elapsed) * 1000 };
}

export async function run(): Promise<boolean> {
  const inputs = makeInputs(INPUT_COUNT);
  const failures = inputs.filter((input) => wbgtLiljegren(input) === null).length;
  const baseline = measure(
    'wbgtEstimate (BoM, baseline)',
    inputs,
    (i) => wbgtEstimate(i.tempC, i.relativeHumidityPct) ?? 0,
  );
  const target = measure('wbgtLiljegren', inputs, (i) => wbgtLiljegren(i)?.wbgtC ?? 0);
  console.table(
    [baseline, target].map((m) => ({
      benchmark: m.name,
      evaluations: m.ops,
      'time (ms)': Math.round(m.ms),
      'ops/s': Math.round(m.opsPerSec),
    })),
  );
  const ok = target.opsPerSec >= TARGET_OPS_PER_SEC;
  console.log(
    `wbgtLiljegren: ${Math.round(target.opsPerSec).toLocaleString('en-US')} evals/s ` +
      `(target ≥ ${TARGET_OPS_PER_SEC.toLocaleString('en-US')}; ${(baseline.opsPerSec / target.opsPerSec).toFixed(0)}× slower than the baseline; ` +
      `${failures} of ${inputs.length} inputs did not converge) → ${ok ? 'PASS' : 'FAIL'}`,
  );
  return ok;
}
