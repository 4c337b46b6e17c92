// My Notification Settings and My Notifications (spec 02 §2.6, §2.9, §3 'User notification settings', §4 'Alert mode',
// §8, §9): the alert mode held as two flags, the groups notifications are listed in, and the constants of both pages.
import { AlertMode, NotificationType } from '../enums.ts';

/** The two flags an alert mode is held as (spec 02 §3 'User': alertTimesEnabled, geofenceAlertsEnabled). */
export interface AlertModeFlags {
  alertTimesEnabled: boolean;
  geofenceAlertsEnabled: boolean;
}

/** The labels of the alert modes, in the order of their values (spec 02 §4 'Alert mode'). */
export const ALERT_MODE_LABELS: Readonly<Record<AlertMode, string>> = {
  [AlertMode.Scheduled]: 'Scheduled',
  [AlertMode.LocationBased]: 'Location-based',
  [AlertMode.ScheduledOrLocation]: 'Scheduled or Location',
};

/**
 * The alert mode of a user's two flags (spec 02 §4): geofence only is Location-based (1), both is Scheduled or
 * Location (2), anything else Scheduled (0), neither flag included (the notifier reads it as scheduled).
 */
export function alertModeOf(flags: AlertModeFlags): AlertMode {
  if (flags.geofenceAlertsEnabled)
    return flags.alertTimesEnabled ? AlertMode.ScheduledOrLocation : AlertMode.LocationBased;
  return AlertMode.Scheduled;
}

/** The two flags an alert mode is stored as (spec 02 §4 'held as two flags'). */
export function alertModeFlags(mode: AlertMode): AlertModeFlags {
  return {
    alertTimesEnabled: mode !== AlertMode.LocationBased,
    geofenceAlertsEnabled: mode !== AlertMode.Scheduled,
  };
}

/** How far back My Notifications and the bell read, in days (spec 02 §9 'Notifications: 7 days'). */
export const NOTIFICATION_HISTORY_DAYS = 7;
/** How many notifications My Notifications asks for (spec 02 §9 'count 20'). */
export const NOTIFICATION_HISTORY_COUNT = 20;
/** Items a group of My Notifications shows before Expand (spec 02 §9 '3 shown per group'). */
export const NOTIFICATIONS_SHOWN_PER_GROUP = 3;
/** Notifications the bell lists (spec 03 §2.3 'the last 3 notifications from the past 7 days'). */
export const BELL_NOTIFICATION_COUNT = 3;
/** How long the settings page waits before it shows the server's message, ms (spec 02 §8). */
export const SETTINGS_MESSAGE_DELAY_MS = 1000;

/** The groups of My Notifications, in the order shown (spec 02 §2.6). */
export const NOTIFICATION_GROUPS = ['nws', 'forecasts', 'policy'] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

/** A group's title; the forecasts group carries the product's name (spec 02 §2.6 '{product} Forecasts'). */
export function notificationGroupTitle(group: NotificationGroup, productName: string): string {
  if (group === 'nws') return 'National Weather Service Alerts';
  if (group === 'forecasts') return `${productName} Forecasts`;
  return 'Policy Notifications';
}

/**
 * The group a notification of a type (spec 01 §3 'Notification type') is listed in: NWS alerts, proactive forecasts,
 * and every other alert (lightning, the weather policies, sirens) under Policy Notifications.
 */
export function notificationGroupOf(eventType: number): NotificationGroup {
  if (eventType === NotificationType.NWS) return 'nws';
  if (eventType === NotificationType.PROACTIVE_FORECAST) return 'forecasts';
  return 'policy';
}

/** Notifications split into the groups of My Notifications, each newest first as given. */
export function groupNotifications<T extends { eventType: number }>(
  items: readonly T[],
): Record<NotificationGroup, T[]> {
  const out: Record<NotificationGroup, T[]> = { nws: [], forecasts: [], policy: [] };
  for (const item of items) out[notificationGroupOf(item.eventType)].push(item);
  return out;
}

/** The window the history calls read: the last NOTIFICATION_HISTORY_DAYS days up to `now` (ms since epoch). */
export function notificationWindow(nowMs: number): { startDate: Date; endDate: Date } {
  return { startDate: new Date(nowMs - NOTIFICATION_HISTORY_DAYS * 86_400_000), endDate: new Date(nowMs) };
}
