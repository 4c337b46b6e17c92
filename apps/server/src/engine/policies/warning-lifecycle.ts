// The policy-warning life cycle (ARCHITECTURE.md 'Policy warnings'), on struct-of-arrays state so one cycle
// over 100,000 locations stays allocation-free: first breach starts a warning and alerts; while breached it
// re-alerts every reAlertMinutes; when the value leaves breach allClearTime = now + allClearMinutes; staying
// clear until then ends the warning (all-clear); breaching again before then clears allClearTime.
import { isBreached, type ThresholdRule } from '@allclear/domain';

/** What one step decided to tell people. */
export const LifecycleAlert = { None: 0, Warning: 1, ReAlert: 2, AllClear: 3 } as const;
export type LifecycleAlert = (typeof LifecycleAlert)[keyof typeof LifecycleAlert];

/** A policy as the life cycle needs it: threshold and direction (policy unit), and its timers, minutes. */
export interface LifecycleRule extends ThresholdRule {
  reAlertMinutes: number;
  allClearMinutes: number;
}

/** Warning state of n (location, policy type) slots; times epoch ms, NaN for none. */
export interface WarningTable {
  active: Uint8Array;
  startedAt: Float64Array;
  lastAlertAt: Float64Array;
  allClearAt: Float64Array;
}

/** An empty table of n slots. */
export function createWarningTable(n: number): WarningTable {
  return {
    active: new Uint8Array(n),
    startedAt: new Float64Array(n).fill(NaN),
    lastAlertAt: new Float64Array(n).fill(NaN),
    allClearAt: new Float64Array(n).fill(NaN),
  };
}

const MINUTE_MS = 60_000;

/**
 * Advances slot i at nowMs with the value (policy unit; NaN = unknown, nothing changes; -Infinity/+Infinity are
 * never produced) and `applicable` (false = the policy does not apply now, e.g. HEAT below 65 °F: counts as clear).
 * Returns the alert to send.
 */
export function stepSlot(
  table: WarningTable,
  i: number,
  value: number,
  applicable: boolean,
  rule: LifecycleRule,
  nowMs: number,
): LifecycleAlert {
  if (applicable && Number.isNaN(value)) return LifecycleAlert.None;
  const breached = applicable && isBreached(value, rule);
  if (table.active[i] === 0) {
    if (!breached) return LifecycleAlert.None;
    table.active[i] = 1;
    table.startedAt[i] = nowMs;
    table.lastAlertAt[i] = nowMs;
    table.allClearAt[i] = NaN;
    return LifecycleAlert.Warning;
  }
  if (breached) {
    table.allClearAt[i] = NaN;
    if (rule.reAlertMinutes > 0 && nowMs - table.lastAlertAt[i]! >= rule.reAlertMinutes * MINUTE_MS) {
      table.lastAlertAt[i] = nowMs;
      return LifecycleAlert.ReAlert;
    }
    return LifecycleAlert.None;
  }
  if (Number.isNaN(table.allClearAt[i]!)) table.allClearAt[i] = nowMs + rule.allClearMinutes * MINUTE_MS;
  if (nowMs >= table.allClearAt[i]!) {
    table.active[i] = 0;
    table.startedAt[i] = NaN;
    table.lastAlertAt[i] = NaN;
    table.allClearAt[i] = NaN;
    return LifecycleAlert.AllClear;
  }
  return LifecycleAlert.None;
}

/**
 * One cycle over every slot: values[i] and applicable[i] (1/0) against rules[ruleIndex[i]] (ruleIndex -1 = no
 * policy of that type: skipped). Alerts are written to `alerts`; returns how many slots alerted.
 */
export function stepAll(
  table: WarningTable,
  values: Float64Array,
  applicable: Uint8Array,
  ruleIndex: Int32Array,
  rules: readonly LifecycleRule[],
  nowMs: number,
  alerts: Uint8Array,
): number {
  let count = 0;
  const n = values.length;
  for (let i = 0; i < n; i++) {
    const r = ruleIndex[i]!;
    if (r < 0) {
      alerts[i] = LifecycleAlert.None;
      continue;
    }
    const a = stepSlot(table, i, values[i]!, applicable[i] === 1, rules[r]!, nowMs);
    alerts[i] = a;
    if (a !== LifecycleAlert.None) count++;
  }
  return count;
}

/** A single warning's state; times epoch ms, null for none. */
export interface WarningState {
  startedAt: number;
  lastAlertAt: number;
  allClearAt: number | null;
}

/** One step of one warning (null = no warning): the next state and the alert; same rules as stepSlot. */
export function stepWarning(
  state: WarningState | null,
  value: number,
  applicable: boolean,
  rule: LifecycleRule,
  nowMs: number,
): { next: WarningState | null; alert: LifecycleAlert } {
  const t = createWarningTable(1);
  if (state) {
    t.active[0] = 1;
    t.startedAt[0] = state.startedAt;
    t.lastAlertAt[0] = state.lastAlertAt;
    t.allClearAt[0] = state.allClearAt ?? NaN;
  }
  const alert = stepSlot(t, 0, value, applicable, rule, nowMs);
  const next =
    t.active[0] === 1
      ? {
          startedAt: t.startedAt[0]!,
          lastAlertAt: t.lastAlertAt[0]!,
          allClearAt: Number.isNaN(t.allClearAt[0]!) ? null : t.allClearAt[0]!,
        }
      : null;
  return { next, alert };
}
