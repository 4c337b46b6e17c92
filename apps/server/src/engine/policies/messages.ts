// Texts of policy and NWS notifications: they name the location, the policy, the value with its unit and the
// threshold, and the all-clear time where known (issue 5 'Notifications and effects').
import { formatLocalTime, isBreached, NotificationType } from '@allclear/domain';

/** Notification type of each policy type (spec 01 §3 'Notification type'). */
export function notificationTypeOf(shortName: string): NotificationType {
  switch (shortName) {
    case 'WBGT':
      return NotificationType.WBGT;
    case 'HEAT':
      return NotificationType.HEAT;
    case 'CHILL':
      return NotificationType.CHILL;
    case 'PRECIP':
      return NotificationType.PRECIP;
    case 'WIND':
      return NotificationType.WIND;
    case 'GUST':
      return NotificationType.GUST;
    default:
      return shortName.startsWith('AQI') ? NotificationType.AQI : NotificationType.Other;
  }
}

export interface WarningText {
  locationLabel: string;
  displayName: string;
  value: number;
  threshold: number;
  unit: string;
  precision: number;
  isDesc: boolean;
  allClearMinutes: number;
  /** IANA time zone of the location: every time in the text is read there, with the zone named. */
  timeZone: string;
  /** Set for an all-clear, or when the all-clear is scheduled. */
  allClearAt?: Date | null;
  /** The most severe value of the warning (policy unit) and when it was seen. */
  peak?: { value: number; at: Date } | null;
  /** The policy's own notification messages, put first. */
  customMessages?: readonly string[];
}

const fmt = (v: number, precision: number) => v.toFixed(Math.max(0, Math.min(precision, 4)));
const unitText = (unit: string) => (unit === '°F' || unit === '%' ? unit : ` ${unit}`);

function withCustom(custom: readonly string[] | undefined, text: string): string {
  return custom && custom.length > 0 ? `${custom.join('\n')}\n\n${text}` : text;
}

/** '53 mph at 4:05 PM CDT': the warning's peak, dated when it fell on another local day than `relativeTo`. */
function peakText(t: WarningText, relativeTo: Date | null | undefined): string | null {
  if (!t.peak) return null;
  const at = formatLocalTime(t.peak.at, t.timeZone, relativeTo ? { relativeTo } : {});
  return `${fmt(t.peak.value, t.precision)}${unitText(t.unit)} at ${at}`;
}

/**
 * Subject and body of a warning: while the value is past the threshold, the value against it (and the peak when
 * it was higher); once it is back, during the all-clear period, what crossed and when, what it is now and when
 * the all-clear follows: 'Wind Gust at X reached 53 mph at 4:05 PM CDT (threshold 40 mph); now 11 mph; all clear
 * at 5:05 PM CDT if it stays below.'
 */
export function warningMessage(t: WarningText, reAlert: boolean): { subject: string; body: string } {
  const value = `${fmt(t.value, t.precision)}${unitText(t.unit)}`;
  const threshold = `${fmt(t.threshold, t.precision)}${unitText(t.unit)}`;
  const subject = `${reAlert ? 'Still in effect: ' : ''}${t.displayName} Policy Warning at ${t.locationLabel}`;
  if (t.allClearAt && !isBreached(t.value, t)) {
    const peak = peakText(t, t.allClearAt);
    const crossed = peak
      ? `reached ${peak} (threshold ${threshold})`
      : `was ${t.isDesc ? 'at or below' : 'at or above'} the threshold of ${threshold}`;
    const body =
      `${t.displayName} at ${t.locationLabel} ${crossed}; now ${value}; ` +
      `all clear at ${formatLocalTime(t.allClearAt, t.timeZone)} if it stays ${t.isDesc ? 'above' : 'below'}.`;
    return { subject, body: withCustom(t.customMessages, body) };
  }
  const side = t.isDesc ? 'at or below' : 'at or above';
  const peak = t.peak && t.peak.value !== t.value ? peakText(t, null) : null;
  const body =
    `${t.displayName} at ${t.locationLabel} is ${value}, ${side} the policy threshold of ${threshold}` +
    (peak ? ` (peak ${peak}). ` : '. ') +
    `The all-clear follows once it stays past the threshold for ${t.allClearMinutes} minutes` +
    (t.allClearAt ? ` (at ${formatLocalTime(t.allClearAt, t.timeZone)} at the earliest).` : '.');
  return { subject, body: withCustom(t.customMessages, body) };
}

/** Subject and body of an all-clear: the time, how long it stayed back, what it reached and when, and now. */
export function allClearMessage(t: WarningText): { subject: string; body: string } {
  const value = `${fmt(t.value, t.precision)}${unitText(t.unit)}`;
  const threshold = `${fmt(t.threshold, t.precision)}${unitText(t.unit)}`;
  const side = t.isDesc ? 'above' : 'below';
  const at = t.allClearAt ? ` as of ${formatLocalTime(t.allClearAt, t.timeZone)}` : '';
  const peak = peakText(t, t.allClearAt);
  return {
    subject: `All Clear: ${t.displayName} at ${t.locationLabel}`,
    body: withCustom(
      t.customMessages,
      `All clear${at}: ${t.displayName} at ${t.locationLabel} has stayed ${side} the policy threshold of ${threshold} ` +
        `for ${t.allClearMinutes} minutes (${peak ? `reached ${peak}; ` : ''}now ${value}).`,
    ),
  };
}

/** Why a warning ended before its all-clear period ran out: its policy was deleted, edited or outranked. */
export type PolicyEndReason = 'deleted' | 'changed' | 'superseded';

const END_REASON_TEXT: Record<PolicyEndReason, string> = {
  deleted: 'was deleted',
  changed: 'was changed',
  superseded: 'is no longer the one in force (a stricter policy of this type now is)',
};

/**
 * Subject and body closing a warning whose policy was deleted, changed or outranked: not 'stayed below the
 * threshold', which the reading may not have done, but which policy ended it and at what time (wording ours).
 */
export function policyEndedMessage(
  t: WarningText,
  reason: PolicyEndReason,
  at: Date,
): { subject: string; body: string } {
  const threshold = `${fmt(t.threshold, t.precision)}${unitText(t.unit)}`;
  return {
    subject: `All Clear: ${t.displayName} at ${t.locationLabel}`,
    body:
      `The ${t.displayName} warning at ${t.locationLabel} ended at ${formatLocalTime(at, t.timeZone)}: ` +
      `its policy (threshold ${threshold}) ${END_REASON_TEXT[reason]}.`,
  };
}

/** Subject and body of an NWS alert applying to a location; the end reads in the location's zone (dated when not today there). */
export function nwsMessage(
  locationLabel: string,
  alert: { event: string; headline: string; ends: Date },
  place: { timeZone: string; now: Date },
): { subject: string; body: string } {
  const until = formatLocalTime(alert.ends, place.timeZone, { relativeTo: place.now });
  return {
    subject: `${alert.event} for ${locationLabel}`,
    body: `The National Weather Service issued a ${alert.event} covering ${locationLabel}, in effect until ${until}. ${alert.headline}`,
  };
}
