// Who hears an alert, and on which channels (ARCHITECTURE.md 'Notifications'): a recipient's declines,
// schedule and time zone (their own alert times and their group's, read in the recipient's zone),
// alert mode, per-type opt-outs and channel choice. Pure: the time is a parameter.
import {
  MIDNIGHT,
  NotificationDeliveryType,
  NotificationType,
  TIME_ZONE_IANA,
  localDayAndTime,
  type AlertTimeRow,
  type TimeZoneCode,
} from '@allclear/domain';

export type PersonChannel = 'email' | 'sms' | 'push';
export type Channel = PersonChannel | 'webhook' | 'singlewire';

/** A full user or a notification-only contact who may receive an alert. */
export interface RecipientCandidate {
  kind: 'user' | 'notification-user';
  /** users.id (uuid) or notification_users.id (as text). */
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  /** 'CST', 'EST', 'MST', 'PST' (spec 02 §3 'User'). */
  timeZone: string;
  isActive: boolean;
  declinesNotifications: boolean;
  emailNotifications: boolean;
  smsNotifications: boolean;
  /** 0 push, 1 SMS (spec 02 §9). */
  notificationType: number;
  /** Alert mode flags (spec 02 §4 'Alert mode'). */
  alertTimesEnabled: boolean;
  geofenceAlertsEnabled: boolean;
  /** The location is the recipient's own (owner, or one of their organisation locations). */
  ownsLocation: boolean;
  precipitationNotification: boolean;
  severeWeatherNotification: boolean;
  proactiveForecastNotification: boolean;
  optOutForecast: boolean;
  emailUnsubscribed: boolean;
  hasPushSubscription: boolean;
  userAlertTimes: readonly AlertTimeRow[];
  groupAlertTimes: readonly AlertTimeRow[];
}

/** IANA zone of a time-zone code; CST (the spec's default) when the code is unknown. */
export function ianaZone(code: string): string {
  return TIME_ZONE_IANA[code as TimeZoneCode] ?? TIME_ZONE_IANA.CST;
}

const isOvernight = (r: AlertTimeRow) => !r.allDay && r.endTime !== MIDNIGHT && r.endTime < r.startTime;

/**
 * True when the local time falls in an enabled row: all day, or start ≤ t < end (end 00:00:00 is
 * the end of the day), or an overnight row's tail after midnight (the previous day's row). No rows
 * at all means no restriction (spec 02 §4 'Alert-time rows').
 */
export function withinAlertTimes(rows: readonly AlertTimeRow[], at: Date, zone: string): boolean {
  if (rows.length === 0) return true;
  const { day, time } = localDayAndTime(at, zone);
  const yesterday = (day + 6) % 7;
  return rows.some((r) => {
    if (!r.enabled) return false;
    if (r.day === day) {
      if (r.allDay) return true;
      if (r.endTime === MIDNIGHT || isOvernight(r)) return time >= r.startTime;
      return time >= r.startTime && time < r.endTime;
    }
    return r.day === yesterday && isOvernight(r) && time < r.endTime;
  });
}

/** False when a per-type setting opts the recipient out (precipitation, severe weather, forecasts). */
export function wantsType(c: RecipientCandidate, type: number): boolean {
  if (type === NotificationType.PRECIP) return c.precipitationNotification;
  if (type === NotificationType.NWS) return c.severeWeatherNotification;
  if (type === NotificationType.PROACTIVE_FORECAST)
    return c.proactiveForecastNotification && !c.optOutForecast;
  return true;
}

/**
 * Alert mode: Scheduled (alert times only) needs the time inside the recipient's and the group's
 * alert times; Location-based (geofence only) needs the location to be the recipient's own (the
 * server knows no device position); Scheduled or Location needs either. Neither flag: Scheduled.
 */
export function inSchedule(c: RecipientCandidate, at: Date): boolean {
  const zone = ianaZone(c.timeZone);
  const scheduled =
    withinAlertTimes(c.userAlertTimes, at, zone) && withinAlertTimes(c.groupAlertTimes, at, zone);
  if (c.geofenceAlertsEnabled && !c.alertTimesEnabled) return c.ownsLocation;
  if (c.geofenceAlertsEnabled && c.alertTimesEnabled) return scheduled || c.ownsLocation;
  return scheduled;
}

/** True when a person hears this alert at all (active, not declined, not opted out, in schedule). */
export function receivesAlert(c: RecipientCandidate, type: number, at: Date): boolean {
  return c.isActive && !c.declinesNotifications && wantsType(c, type) && inSchedule(c, at);
}

/** The channels a person gets an alert on (none when declined, inactive, opted out or out of schedule). */
export function channelsFor(c: RecipientCandidate, type: number, at: Date): PersonChannel[] {
  return receivesAlert(c, type, at) ? personChannels(c) : [];
}

/** Channel choice alone (all-clear messages skip the schedule: they follow the alert). */
export function personChannels(c: RecipientCandidate): PersonChannel[] {
  const out: PersonChannel[] = [];
  if (c.email && c.emailNotifications && !c.emailUnsubscribed) out.push('email');
  if (c.kind === 'notification-user') {
    if (c.phone && c.smsNotifications) out.push('sms');
    return out;
  }
  if (c.notificationType === NotificationDeliveryType.SMS) {
    if (c.phone && c.smsNotifications) out.push('sms');
  } else if (c.hasPushSubscription) {
    out.push('push');
  }
  return out;
}
