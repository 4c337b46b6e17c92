// Texts of policy and NWS notifications: they name the location, the policy, the value with its unit and the
// threshold, and the all-clear time where known (issue 5 'Notifications and effects').
import { NotificationType } from '@allclear/domain';

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
  /** Set for an all-clear, or when the all-clear is scheduled. */
  allClearAt?: Date | null;
  /** The policy's own notification messages, put first. */
  customMessages?: readonly string[];
}

const fmt = (v: number, precision: number) => v.toFixed(Math.max(0, Math.min(precision, 4)));
const unitText = (unit: string) => (unit === '°F' || unit === '%' ? unit : ` ${unit}`);
const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function withCustom(custom: readonly string[] | undefined, text: string): string {
  return custom && custom.length > 0 ? `${custom.join('\n')}\n\n${text}` : text;
}

/** Subject and body of a new warning or a re-alert. */
export function warningMessage(t: WarningText, reAlert: boolean): { subject: string; body: string } {
  const value = `${fmt(t.value, t.precision)}${unitText(t.unit)}`;
  const threshold = `${fmt(t.threshold, t.precision)}${unitText(t.unit)}`;
  const side = t.isDesc ? 'at or below' : 'at or above';
  const subject = `${reAlert ? 'Still in effect: ' : ''}${t.displayName} Policy Warning at ${t.locationLabel}`;
  const body =
    `${t.displayName} at ${t.locationLabel} is ${value}, ${side} the policy threshold of ${threshold}. ` +
    `The all-clear follows once it stays past the threshold for ${t.allClearMinutes} minutes` +
    (t.allClearAt ? ` (at ${utc(t.allClearAt)} at the earliest).` : '.');
  return { subject, body: withCustom(t.customMessages, body) };
}

/** Subject and body of an all-clear. */
export function allClearMessage(t: WarningText): { subject: string; body: string } {
  const value = `${fmt(t.value, t.precision)}${unitText(t.unit)}`;
  const threshold = `${fmt(t.threshold, t.precision)}${unitText(t.unit)}`;
  const side = t.isDesc ? 'above' : 'below';
  const at = t.allClearAt ? ` as of ${utc(t.allClearAt)}` : '';
  return {
    subject: `All Clear: ${t.displayName} at ${t.locationLabel}`,
    body: withCustom(
      t.customMessages,
      `All clear${at}: ${t.displayName} at ${t.locationLabel} has stayed ${side} the policy threshold of ${threshold} ` +
        `for ${t.allClearMinutes} minutes (now ${value}).`,
    ),
  };
}

/** Subject and body of an NWS alert applying to a location. */
export function nwsMessage(
  locationLabel: string,
  alert: { event: string; headline: string; ends: Date },
): { subject: string; body: string } {
  return {
    subject: `${alert.event} for ${locationLabel}`,
    body: `The National Weather Service issued a ${alert.event} covering ${locationLabel}, in effect until ${utc(alert.ends)}. ${alert.headline}`,
  };
}
