// The policy engine's decisions, without I/O (ARCHITECTURE.md 'Policy warnings'; spec 01 §5): whether a
// reading is current, what one life-cycle step does to a stored warning and who hears of it, the warning's
// peak, which warnings end because their policy is gone, and the alert events of warnings and NWS alerts.
// Event ids are random UUIDs.
import { randomUUID } from 'node:crypto';
import { isBreached, NotificationType, timeZoneAt, type ThresholdRule } from '@allclear/domain';
import { alertAppliesToPoint, type WeatherAlert } from '@allclear/weather';
import type { AlertEvent } from '../contracts.ts';
import { OBSERVATION_FRESH_MINUTES } from '../observations/source-selection.ts';
import { notificationTypeOf, nwsMessage, type WarningText } from './messages.ts';
import type { ConditionRow, PolicyRow, WarningRow } from './policy.repository.ts';
import type { EvaluatedPolicyType } from './policy-values.ts';
import { LifecycleAlert, type WarningState } from './warning-lifecycle.ts';

/** True while a reading is current: observed at most OBSERVATION_FRESH_MINUTES (30) before `nowMs` (epoch ms). */
export function isCurrentReading(observedAt: Date, nowMs: number): boolean {
  return nowMs - observedAt.getTime() <= OBSERVATION_FRESH_MINUTES * 60_000;
}

/** A stored warning as the life cycle steps it (epoch ms). */
export function warningState(w: WarningRow): WarningState {
  return {
    startedAt: w.startedAt.getTime(),
    lastAlertAt: w.lastAlertAt.getTime(),
    allClearAt: w.allClearAt ? w.allClearAt.getTime() : null,
  };
}

/** What one life-cycle step does to the stored warning of a (location, policy type), and who hears of it. */
export type WarningPlan =
  | { action: 'start' }
  | { action: 'update'; next: WarningState; reAlert: boolean }
  | { action: 'end'; allClear: boolean };

/**
 * The plan of one life-cycle step: start a warning (and warn), update it (re-alerting when the life cycle says
 * so), or end it (with an all-clear alert only when the policy has all-clear messages); null when there is no
 * warning before or after.
 */
export function planWarning(
  hadWarning: boolean,
  next: WarningState | null,
  alert: LifecycleAlert,
  allClearMessages: number,
): WarningPlan | null {
  if (!hadWarning) return next ? { action: 'start' } : null;
  if (!next) return { action: 'end', allClear: alert === LifecycleAlert.AllClear && allClearMessages > 0 };
  return { action: 'update', next, reAlert: alert === LifecycleAlert.ReAlert };
}

/** The value a warning shows: the reading (policy unit), or the warning's last value while the reading is unknown (NaN). */
export function shownValue(value: number, warning: Pick<WarningRow, 'value'> | null): number {
  return Number.isNaN(value) ? (warning?.value ?? 0) : value;
}

/**
 * The warning's peak after this reading: the most severe value seen past the threshold, and when (what the texts
 * quote). A reading past the threshold and beyond the old peak (below it when isDesc) is the new peak; an equal
 * one keeps the old peak's time. A new warning without such a reading starts at the shown value.
 */
export function warningPeak(
  value: number,
  rule: ThresholdRule,
  warning: Pick<WarningRow, 'value' | 'peakValue' | 'peakAt'> | null,
  now: Date,
): { value: number; at: Date } {
  const morePast =
    !Number.isNaN(value) &&
    isBreached(value, rule) &&
    (!warning || (rule.isDesc ? value < warning.peakValue : value > warning.peakValue));
  if (morePast) return { value, at: now };
  if (warning) return { value: warning.peakValue, at: warning.peakAt };
  return { value: shownValue(value, warning), at: now };
}

/** The fields every text of a location's warning quotes. */
export function warningText(
  c: ConditionRow,
  policy: PolicyRow,
  value: number,
  peak: { value: number; at: Date },
): WarningText {
  return {
    locationLabel: c.label,
    displayName: policy.displayName,
    value,
    threshold: policy.threshold,
    unit: policy.unit,
    precision: policy.precision,
    isDesc: policy.isDesc,
    allClearMinutes: policy.allClearMinutes,
    timeZone: timeZoneAt(c.latitude, c.longitude),
    peak,
  };
}

/** A policy warning, re-alert or all-clear of a location, naming the reading and every policy of its type. */
export function policyAlertEvent(input: {
  kind: 'policy-warning' | 'policy-realert' | 'policy-all-clear';
  correlationId: string;
  message: { subject: string; body: string };
  condition: ConditionRow;
  policy: PolicyRow;
  value: number;
  policyIds: number[];
  now: Date;
}): AlertEvent {
  const { condition: c, policy } = input;
  return {
    id: randomUUID(),
    kind: input.kind,
    notificationType: notificationTypeOf(policy.shortName),
    customerId: c.customerId,
    locationId: c.locationId,
    policyId: policy.id,
    policyTypeShortName: policy.shortName,
    correlationId: input.correlationId,
    occurredAt: input.now,
    subject: input.message.subject,
    body: input.message.body,
    details: {
      policyIds: input.policyIds,
      value: input.value,
      threshold: policy.threshold,
      unit: policy.unit,
      isDesc: policy.isDesc,
      source: c.source,
      observedAt: c.observedAt.toISOString(),
      stationId: c.stationId,
      metarStation: c.metarStationId,
    },
  };
}

/**
 * Of the active warnings a cycle did not step, those that end now without an alert: their location lost its
 * conditions, or their customer no longer has a policy of their type.
 */
export function orphanedWarnings(
  notStepped: Iterable<WarningRow>,
  governing: ReadonlyMap<number, ReadonlyMap<EvaluatedPolicyType, PolicyRow>>,
  locationsWithConditions: { has(locationId: number): boolean },
): WarningRow[] {
  const out: WarningRow[] = [];
  for (const w of notStepped) {
    const policies = governing.get(w.customerId);
    if (locationsWithConditions.has(w.locationId) && policies) {
      const stillGoverned = [...policies.values()].some((p) => p.policyTypeId === w.policyTypeId);
      if (stillGoverned) continue;
    }
    out.push(w);
  }
  return out;
}

/** The alerts with a polygon that contains the point (alerts known only by zone need the source: see alertsForPoint). */
export function polygonAlertsAt(
  alerts: readonly WeatherAlert[],
  point: { latitude: number; longitude: number },
): WeatherAlert[] {
  return alerts.filter((a) => a.polygon && alertAppliesToPoint(a, point, []));
}

/** The notification of an NWS alert at a location, once per alert and location (correlation 'nws:<alert id>'). */
export function nwsAlertEvent(
  location: { id: number; customerId: number; label: string; latitude: number; longitude: number },
  alert: WeatherAlert,
  now: Date,
): AlertEvent {
  const ends = alert.ends ?? alert.expires;
  const msg = nwsMessage(
    location.label,
    { event: alert.event, headline: alert.headline, ends },
    { timeZone: timeZoneAt(location.latitude, location.longitude), now },
  );
  return {
    id: randomUUID(),
    kind: 'nws-alert',
    notificationType: NotificationType.NWS,
    customerId: location.customerId,
    locationId: location.id,
    correlationId: `nws:${alert.id}`,
    occurredAt: now,
    subject: msg.subject,
    body: msg.body,
    details: {
      alertId: alert.id,
      event: alert.event,
      severity: alert.severity,
      ends: ends.toISOString(),
      areaDesc: alert.areaDesc,
    },
  };
}
