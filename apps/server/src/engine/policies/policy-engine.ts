// The policy engine (issue 5): every minute of clock time evaluates every threshold policy (not lightning) for
// every location against its current conditions with the warning life cycle, and applies NWS alerts to
// locations. Each transition is recorded and handed to the notifier in one transaction.
import { randomUUID } from 'node:crypto';
import { mostSeverePolicy } from '@allclear/domain';
import type { WeatherAlert } from '@allclear/weather';
import type { Bus } from '../../platform/bus.ts';
import type { EngineContext, EngineService } from '../contracts.ts';
import { createClockTicker } from '../observations/clock-ticker.ts';
import { endWarning } from './end-policy-warnings.ts';
import { allClearMessage, warningMessage } from './messages.ts';
import {
  isCurrentReading,
  nwsAlertEvent,
  orphanedWarnings,
  planWarning,
  policyAlertEvent,
  polygonAlertsAt,
  shownValue as shownValueOf,
  warningPeak,
  warningState,
  warningText,
} from './policy-decisions.ts';
import { PolicyRepository, type ConditionRow, type PolicyRow, type WarningRow } from './policy.repository.ts';
import { EVALUATED_POLICY_TYPES, policyValue, type EvaluatedPolicyType } from './policy-values.ts';
import { stepWarning, type LifecycleAlert, type WarningState } from './warning-lifecycle.ts';

/** How often the engine evaluates, ms of clock time (NWS alerts are polled every 60 s, spec 01 §9). */
export const POLICY_CYCLE_MS = 60_000;

const isEvaluated = (s: string): s is EvaluatedPolicyType =>
  (EVALUATED_POLICY_TYPES as readonly string[]).includes(s);

/** The governing policy per customer and type: the most severe threshold (spec 01 §5). */
export function governingPolicies(
  rows: readonly PolicyRow[],
): Map<number, Map<EvaluatedPolicyType, PolicyRow>> {
  const grouped = new Map<number, Map<EvaluatedPolicyType, PolicyRow[]>>();
  for (const p of rows) {
    if (!isEvaluated(p.shortName)) continue;
    const byType = grouped.get(p.customerId) ?? new Map<EvaluatedPolicyType, PolicyRow[]>();
    const list = byType.get(p.shortName) ?? [];
    list.push(p);
    byType.set(p.shortName, list);
    grouped.set(p.customerId, byType);
  }
  const out = new Map<number, Map<EvaluatedPolicyType, PolicyRow>>();
  for (const [customerId, byType] of grouped) {
    const chosen = new Map<EvaluatedPolicyType, PolicyRow>();
    for (const [type, list] of byType) chosen.set(type, mostSeverePolicy(list)!);
    out.set(customerId, chosen);
  }
  return out;
}

/**
 * The policy engine; `runCycle()` evaluates once at the clock's now (tests call it after moving a ManualClock).
 * With a bus, a committed policy change ('policies-changed') is evaluated at once, not at the next minute.
 */
export function createPolicyEngine(
  ctx: EngineContext & { bus?: Bus },
): EngineService & { runCycle(): Promise<void> } {
  const repo = new PolicyRepository(ctx.db.db);
  const db = ctx.db.db;

  /** Evaluates every location's governing policies; true when it wrote a warning (started, updated or ended). */
  async function evaluatePolicies(now: Date): Promise<boolean> {
    let wrote = false;
    const nowMs = now.getTime();
    const [policyRows, actions, conditions, warnings] = await Promise.all([
      repo.listPolicies(),
      repo.listActions(),
      repo.listConditions(),
      repo.listActiveWarnings(),
    ]);
    const governing = governingPolicies(policyRows);
    const byId = new Map(policyRows.map((p) => [p.id, p]));
    // Every policy of a customer and type: all their groups hear the governing policy's warning.
    const sameType = new Map<string, number[]>();
    for (const p of policyRows) {
      const key = `${p.customerId}:${p.policyTypeId}`;
      sameType.set(key, [...(sameType.get(key) ?? []), p.id]);
    }
    const active = new Map<string, WarningRow>();
    for (const w of warnings) active.set(`${w.locationId}:${w.policyTypeId}`, w);
    const byLocation = new Map<number, ConditionRow>();
    for (const c of conditions) byLocation.set(c.locationId, c);

    for (const c of conditions) {
      const fresh = isCurrentReading(c.observedAt, nowMs);
      for (const [type, policy] of governing.get(c.customerId) ?? []) {
        const key = `${c.locationId}:${policy.policyTypeId}`;
        let warning = active.get(key) ?? null;
        active.delete(key);
        const raisedBy = warning && warning.policyId !== policy.id ? byId.get(warning.policyId) : undefined;
        if (warning && raisedBy) {
          // a stricter policy now governs: the warning ends with the policy that raised it, and this one
          // starts its own below if the reading breaches it
          const ending = { warning, policy: raisedBy, condition: c, reason: 'superseded' as const, now };
          await db.transaction((tx) => endWarning(tx, ctx.enqueueAlert, ending));
          wrote = true;
          warning = null;
        }
        const watched = fresh ? policyValue(type, c) : { value: NaN, applicable: true };
        const { next, alert } = stepWarning(
          warning ? warningState(warning) : null,
          watched.value,
          watched.applicable,
          policy,
          nowMs,
        );
        if (!warning && !next) continue;
        wrote = true;
        await applyStep(
          c,
          policy,
          warning,
          next,
          alert,
          watched.value,
          now,
          actions.get(policy.id),
          sameType.get(`${c.customerId}:${policy.policyTypeId}`) ?? [policy.id],
        );
      }
    }
    // Warnings whose policy no longer exists (or whose location lost its conditions) end without an alert.
    for (const w of orphanedWarnings(active.values(), governing, byLocation)) {
      wrote = true;
      await repo.updateWarning(db, w.id, { endedAt: now, lastUpdateAt: now });
    }
    return wrote;
  }

  async function applyStep(
    c: ConditionRow,
    policy: PolicyRow,
    warning: WarningRow | null,
    next: WarningState | null,
    alert: LifecycleAlert,
    value: number,
    now: Date,
    custom: { trigger: string[]; allClear: string[] } | undefined,
    policyIds: number[],
  ): Promise<void> {
    const plan = planWarning(warning !== null, next, alert, custom?.allClear.length ?? 0);
    if (!plan) return;
    const shownValue = shownValueOf(value, warning);
    const peak = warningPeak(value, policy, warning, now);
    const text = warningText(c, policy, shownValue, peak);
    const event = (
      kind: 'policy-warning' | 'policy-realert' | 'policy-all-clear',
      correlationId: string,
      message: { subject: string; body: string },
    ) =>
      policyAlertEvent({
        kind,
        correlationId,
        message,
        condition: c,
        policy,
        value: shownValue,
        policyIds,
        now,
      });

    await db.transaction(async (tx) => {
      if (plan.action === 'start') {
        const correlationId = randomUUID();
        await repo.insertWarning(tx, {
          customerId: c.customerId,
          locationId: c.locationId,
          policyId: policy.id,
          policyTypeId: policy.policyTypeId,
          startedAt: now,
          lastAlertAt: now,
          lastUpdateAt: now,
          value: shownValue,
          threshold: policy.threshold,
          peakValue: peak.value,
          peakAt: peak.at,
          correlationId,
        });
        await ctx.enqueueAlert(
          tx,
          event(
            'policy-warning',
            correlationId,
            warningMessage({ ...text, customMessages: custom?.trigger }, false),
          ),
        );
        return;
      }
      if (!warning) return;
      if (plan.action === 'end') {
        await repo.updateWarning(tx, warning.id, { endedAt: now, lastUpdateAt: now, value: shownValue });
        if (plan.allClear) {
          await ctx.enqueueAlert(
            tx,
            event(
              'policy-all-clear',
              warning.correlationId,
              allClearMessage({ ...text, allClearAt: now, customMessages: custom?.allClear }),
            ),
          );
        }
        return;
      }
      await repo.updateWarning(tx, warning.id, {
        policyId: policy.id,
        threshold: policy.threshold,
        value: shownValue,
        peakValue: peak.value,
        peakAt: peak.at,
        lastUpdateAt: now,
        lastAlertAt: new Date(plan.next.lastAlertAt),
        allClearAt: plan.next.allClearAt === null ? null : new Date(plan.next.allClearAt),
      });
      if (plan.reAlert) {
        await ctx.enqueueAlert(
          tx,
          event(
            'policy-realert',
            warning.correlationId,
            warningMessage({ ...text, customMessages: custom?.trigger }, true),
          ),
        );
      }
    });
  }

  /** Applies the NWS alerts in force to the locations they cover; true when one was applied anew. */
  async function applyNwsAlerts(now: Date): Promise<boolean> {
    const alerts = await ctx.weather.providers.alerts.activeAlerts(now);
    if (alerts.length === 0) return false;
    let applied = false;
    const withoutPolygon = alerts.some((a) => !a.polygon);
    for (const location of await repo.listLocations()) {
      const applying: WeatherAlert[] = polygonAlertsAt(alerts, location);
      if (withoutPolygon) {
        // Zone-only alerts need the point's zones, which the source resolves (polygon first, zone second).
        for (const a of await ctx.weather.providers.alerts.alertsForPoint(location, now)) {
          if (!a.polygon && !applying.some((x) => x.id === a.id)) applying.push(a);
        }
      }
      for (const a of applying) {
        const ends = a.ends ?? a.expires;
        await db.transaction(async (tx) => {
          const isNew = await repo.applyNwsAlert(tx, {
            alertId: a.id,
            locationId: location.id,
            customerId: location.customerId,
            event: a.event,
            headline: a.headline,
            description: a.description,
            severity: a.severity,
            onset: a.onset,
            endsAt: ends,
            firstSeen: now,
          });
          if (!isNew) return;
          applied = true;
          await ctx.enqueueAlert(tx, nwsAlertEvent(location, a, now));
          await repo.markNwsNotified(tx, a.id, location.id);
        });
      }
    }
    return applied;
  }

  async function runCycle(): Promise<void> {
    const now = ctx.clock.now();
    const policyWarnings = await evaluatePolicies(now);
    const advisories = await applyNwsAlerts(now);
    // the API reads again what the cycle wrote, and only that: a minute that changed nothing (most, without a
    // warning in force) drops nothing, and one that updated a warning leaves the advisories kept (issue 18: every
    // request for them waited for their read after each minute's drop)
    if (policyWarnings || advisories)
      ctx.bus?.publish('warnings-changed', { at: now, policyWarnings, advisories });
  }

  const ticker = createClockTicker(ctx.clock, POLICY_CYCLE_MS, runCycle, (err) =>
    ctx.log.error({ err }, 'policy cycle failed'),
  );
  let unsubscribe: (() => void) | undefined;
  return {
    start: async () => {
      unsubscribe = ctx.bus?.subscribe('policies-changed', () => void ticker.runNow());
      ticker.start();
    },
    stop: () => {
      unsubscribe?.();
      unsubscribe = undefined;
      return ticker.stop();
    },
    runCycle: () => ticker.runNow(),
  };
}
