// Texts of policy and NWS notifications: they name the location, the policy, the value with its unit and the
// threshold, and the all-clear time where known (issue 5 'Notifications and effects').
import { formatLocalTime, NotificationType } from '@allclear/domain';

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
  /** The policy's own notification messages, put first. */
  customMessages?: readonly string[];
}

const fmt = (v: number, precision: number) => v.toFixed(Math.max(0, Math.min(precision, 4)));
const unitText = (unit: string) => (unit === '°F' || unit === '%' ? unit : ` ${unit}`);

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
    (t.allClearAt ? ` (at ${formatLocalTime(t.allClearAt, t.timeZone)} at the earliest).` : '.');
  return { subject, body: withCustom(t.customMessages, body) };
}

/** Subject and body of an all-clear. */
export function allClearMessage(t: WarningText): { subject: string; body: string } {
  const value = `${fmt(t.value, t.precision)}${unitText(t.unit)}`;
  const threshold = `${fmt(t.threshold, t.precision)}${unitText(t.unit)}`;
  const side = t.isDesc ? 'above' : 'below';
  const at = t.allClearAt ? ` as of ${formatLocalTime(t.allClearAt, t.timeZone)}` : '';
  return {
    subject: `All Clear: ${t.displayName} at ${t.locationLabel}`,
    body: withCustom(
      t.customMessages,
      `All clear${at}: ${t.displayName} at ${t.locationLabel} has stayed ${side} the policy threshold of ${threshold} ` +
        `for ${t.allClearMinutes} minutes (now ${value}).`,
    ),
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
