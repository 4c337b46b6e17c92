// Benchmark: every threshold policy for 100,000 locations in one observation cycle, on one core. The engine's
// core (the watched values from SI conditions, the governing policy per customer and type, and the warning life
// cycle on struct-of-arrays state) is timed beside a naive per-object evaluation (per location: filter the
// customer's policies, pick the most severe, compute the value, step a Map of warning objects) in the same run,
// and both must decide the same alerts. Target: under 500 ms per cycle.
import { mostSeverePolicy } from '../packages/domain/src/index.ts';
import { governingPolicies } from '../apps/server/src/engine/policies/policy-engine.ts';
import type { PolicyRow } from '../apps/server/src/engine/policies/policy.repository.ts';
import {
  EVALUATED_POLICY_TYPES,
  policyValue,
  policyValuesInto,
  type ConditionColumns,
  type ConditionValues,
  type EvaluatedPolicyType,
} from '../apps/server/src/engine/policies/policy-values.ts';
import {
  LifecycleAlert,
  createWarningTable,
  stepAll,
  stepWarning,
  type LifecycleRule,
  type WarningState,
} from '../apps/server/src/engine/policies/warning-lifecycle.ts';

const TARGET_MS = 500;
const LOCATIONS = 100_000;
const CUSTOMERS = 500;
const CYCLES = 6;
const CYCLE_MS = 5 * 60_000;
const TYPES = EVALUATED_POLICY_TYPES;

function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TYPE_SETTINGS: Record<
  EvaluatedPolicyType,
  { threshold: number; spread: number; isDesc: boolean; unit: string }
> = {
  WBGT: { threshold: 85, spread: 4, isDesc: false, unit: '°F' },
  HEAT: { threshold: 100, spread: 6, isDesc: false, unit: '°F' },
  CHILL: { threshold: 20, spread: 6, isDesc: true, unit: '°F' },
  PRECIP: { threshold: 0.5, spread: 0.3, isDesc: false, unit: 'in' },
  WIND: { threshold: 25, spread: 8, isDesc: false, unit: 'mph' },
  GUST: { threshold: 40, spread: 10, isDesc: false, unit: 'mph' },
  AQI: { threshold: 100, spread: 30, isDesc: false, unit: 'AQI' },
  'AQI-MAX': { threshold: 150, spread: 30, isDesc: false, unit: 'AQI' },
  'AQI-PM2.5': { threshold: 100, spread: 30, isDesc: false, unit: 'AQI' },
  'AQI-PM10': { threshold: 100, spread: 30, isDesc: false, unit: 'AQI' },
  'AQI-O3': { threshold: 100, spread: 30, isDesc: false, unit: 'AQI' },
};

/** Each customer has every type, some with two policies (the most severe governs). */
function makePolicies(): PolicyRow[] {
  const r = random(7);
  const rows: PolicyRow[] = [];
  let id = 1;
  for (let customerId = 1; customerId <= CUSTOMERS; customerId++) {
    TYPES.forEach((type, typeIndex) => {
      const s = TYPE_SETTINGS[type];
      const copies = r() < 0.3 ? 2 : 1;
      for (let k = 0; k < copies; k++) {
        rows.push({
          id: id++,
          customerId,
          policyTypeId: typeIndex + 5,
          shortName: type,
          displayName: type,
          threshold: s.threshold + (r() - 0.5) * s.spread,
          isDesc: s.isDesc,
          unit: s.unit,
          precision: 1,
          reAlertMinutes: 10 + Math.floor(r() * 3) * 10,
          allClearMinutes: 10 + Math.floor(r() * 3) * 10,
        });
      }
    });
  }
  return rows;
}

/** Conditions of every location for one cycle: hot, cold, windy, wet and smoky places all occur. */
function makeConditions(cycle: number): ConditionColumns {
  const r = random(1000 + cycle);
  const col = () => new Float64Array(LOCATIONS);
  const c: ConditionColumns = {
    temperatureC: col(),
    relativeHumidityPct: col(),
    windSpeedMs: col(),
    windGustMs: col(),
    rainMm: col(),
    wbgtC: col(),
    aqiMax: col(),
    aqiPm25: col(),
    aqiPm10: col(),
    aqiO3: col(),
  };
  for (let i = 0; i < LOCATIONS; i++) {
    const t = -15 + r() * 57;
    c.temperatureC[i] = t;
    c.relativeHumidityPct[i] = 10 + r() * 85;
    const wind = r() * 14;
    c.windSpeedMs[i] = wind;
    c.windGustMs[i] = wind * (1.2 + r() * 0.8);
    c.rainMm[i] = r() < 0.8 ? 0 : r() * 25;
    c.wbgtC[i] = r() < 0.02 ? NaN : t * 0.8 + r() * 4;
    const pm25 = r() * 160;
    const pm10 = r() * 120;
    const o3 = r() * 130;
    c.aqiPm25[i] = pm25;
    c.aqiPm10[i] = pm10;
    c.aqiO3[i] = o3;
    c.aqiMax[i] = Math.max(pm25, pm10, o3);
  }
  return c;
}

const customerOf = (location: number) => (location % CUSTOMERS) + 1;

/** The engine's core: values per type into one column block, governing rules resolved once per customer. */
function vectorised(policies: PolicyRow[]) {
  const slots = LOCATIONS * TYPES.length;
  const table = createWarningTable(slots);
  const values = new Float64Array(slots);
  const applicable = new Uint8Array(slots);
  const alerts = new Uint8Array(slots);
  const ruleIndex = new Int32Array(slots);
  return (c: ConditionColumns, nowMs: number): number[] => {
    // Governing policies per customer and type (what the engine resolves once per cycle).
    const governing = governingPolicies(policies);
    const rules: LifecycleRule[] = [];
    const ruleByCustomerType = new Int32Array((CUSTOMERS + 1) * TYPES.length).fill(-1);
    for (const [customerId, byType] of governing) {
      for (let t = 0; t < TYPES.length; t++) {
        const p = byType.get(TYPES[t]!);
        if (!p) continue;
        ruleByCustomerType[customerId * TYPES.length + t] = rules.length;
        rules.push(p);
      }
    }
    for (let t = 0; t < TYPES.length; t++) {
      policyValuesInto(TYPES[t]!, c, values, applicable, t * LOCATIONS);
      for (let i = 0; i < LOCATIONS; i++) {
        ruleIndex[t * LOCATIONS + i] = ruleByCustomerType[customerOf(i) * TYPES.length + t]!;
      }
    }
    stepAll(table, values, applicable, ruleIndex, rules, nowMs, alerts);
    const counts = [0, 0, 0, 0];
    for (let s = 0; s < slots; s++) counts[alerts[s]!]!++;
    return counts;
  };
}

/** The naive evaluation: objects per location, policies filtered per location and type, a Map of warnings. */
function naive(policies: PolicyRow[]) {
  const warnings = new Map<string, WarningState>();
  const byCustomer = new Map<number, PolicyRow[]>();
  for (const p of policies) byCustomer.set(p.customerId, [...(byCustomer.get(p.customerId) ?? []), p]);
  return (c: ConditionColumns, nowMs: number): number[] => {
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < LOCATIONS; i++) {
      const conditions: ConditionValues = {
        temperatureC: c.temperatureC[i]!,
        relativeHumidityPct: c.relativeHumidityPct[i]!,
        windSpeedMs: c.windSpeedMs[i]!,
        windGustMs: c.windGustMs[i]!,
        rainMm: c.rainMm[i]!,
        wbgtC: Number.isNaN(c.wbgtC[i]!) ? null : c.wbgtC[i]!,
        aqiMax: c.aqiMax[i]!,
        aqiPm25: c.aqiPm25[i]!,
        aqiPm10: c.aqiPm10[i]!,
        aqiO3: c.aqiO3[i]!,
      };
      const own = byCustomer.get(customerOf(i)) ?? [];
      for (const type of TYPES) {
        const policy = mostSeverePolicy(own.filter((p) => p.shortName === type));
        if (!policy) continue;
        const key = `${i}:${type}`;
        const v = policyValue(type, conditions);
        const { next, alert } = stepWarning(warnings.get(key) ?? null, v.value, v.applicable, policy, nowMs);
        if (next) warnings.set(key, next);
        else warnings.delete(key);
        counts[alert]!++;
      }
    }
    // The naive loop counts only slots with a policy; every customer here has every type.
    return counts;
  };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export async function run(): Promise<boolean> {
  const policies = makePolicies();
  const inputs = Array.from({ length: CYCLES }, (_, k) => makeConditions(k));
  const fast = vectorised(policies);
  const slow = naive(policies);
  const start = Date.UTC(2026, 6, 1, 17);
  const fastMs: number[] = [];
  const slowMs: number[] = [];
  let agree = true;
  for (let k = 0; k < CYCLES; k++) {
    const now = start + k * CYCLE_MS;
    let t0 = performance.now();
    const a = fast(inputs[k]!, now);
    fastMs.push(performance.now() - t0);
    t0 = performance.now();
    const b = slow(inputs[k]!, now);
    slowMs.push(performance.now() - t0);
    if (a.slice(1).join() !== b.slice(1).join()) agree = false;
    if (k === CYCLES - 1) {
      console.log(
        `  last cycle alerts: warning ${a[LifecycleAlert.Warning]}, re-alert ${a[LifecycleAlert.ReAlert]}, all-clear ${a[LifecycleAlert.AllClear]}`,
      );
    }
  }
  // The first cycle includes JIT warm-up; the target applies to the worst steady cycle.
  const steadyFast = fastMs.slice(1);
  const worst = Math.max(...steadyFast);
  console.log(
    `  ${LOCATIONS.toLocaleString()} locations × ${TYPES.length} policy types, ${CUSTOMERS} customers`,
  );
  console.log(
    `  engine core (typed arrays): median ${median(steadyFast).toFixed(1)} ms, worst ${worst.toFixed(1)} ms per cycle (first ${fastMs[0]!.toFixed(1)} ms)`,
  );
  console.log(
    `  naive per-object:           median ${median(slowMs.slice(1)).toFixed(1)} ms, worst ${Math.max(...slowMs.slice(1)).toFixed(1)} ms per cycle`,
  );
  console.log(`  same decisions as the naive evaluation: ${agree ? 'yes' : 'NO'}`);
  const ok = agree && worst < TARGET_MS;
  console.log(`  target < ${TARGET_MS} ms per cycle: ${ok ? 'PASS' : 'FAIL'}`);
  return ok;
}
