import { describe, expect, it } from 'vitest';
import { AlertMode, NotificationType } from '../enums.ts';
import {
  alertModeFlags,
  alertModeOf,
  groupNotifications,
  notificationGroupOf,
  notificationGroupTitle,
  notificationWindow,
} from './notification-settings.ts';

describe('alert mode (spec 02 §4)', () => {
  it('reads alert times only as Scheduled (0)', () => {
    expect(alertModeOf({ alertTimesEnabled: true, geofenceAlertsEnabled: false })).toBe(AlertMode.Scheduled);
  });
  it('reads geofence only as Location-based (1)', () => {
    expect(alertModeOf({ alertTimesEnabled: false, geofenceAlertsEnabled: true })).toBe(
      AlertMode.LocationBased,
    );
  });
  it('reads both flags as Scheduled or Location (2)', () => {
    expect(alertModeOf({ alertTimesEnabled: true, geofenceAlertsEnabled: true })).toBe(
      AlertMode.ScheduledOrLocation,
    );
  });
  it('reads neither flag as Scheduled, as the notifier does', () => {
    expect(alertModeOf({ alertTimesEnabled: false, geofenceAlertsEnabled: false })).toBe(AlertMode.Scheduled);
  });
  it('stores each mode as its two flags and reads them back', () => {
    for (const mode of [0, 1, 2] as const) expect(alertModeOf(alertModeFlags(mode))).toBe(mode);
    expect(alertModeFlags(AlertMode.LocationBased)).toEqual({
      alertTimesEnabled: false,
      geofenceAlertsEnabled: true,
    });
  });
});

describe('notification groups (spec 02 §2.6)', () => {
  it('lists NWS alerts, forecasts and every other alert in their groups', () => {
    expect(notificationGroupOf(NotificationType.NWS)).toBe('nws');
    expect(notificationGroupOf(NotificationType.PROACTIVE_FORECAST)).toBe('forecasts');
    expect(notificationGroupOf(NotificationType.Lightning)).toBe('policy');
    expect(notificationGroupOf(NotificationType.GUST)).toBe('policy');
  });
  it('titles the forecasts group with the product name', () => {
    expect(notificationGroupTitle('nws', 'AllClear')).toBe('National Weather Service Alerts');
    expect(notificationGroupTitle('forecasts', 'AllClear')).toBe('AllClear Forecasts');
    expect(notificationGroupTitle('policy', 'AllClear')).toBe('Policy Notifications');
  });
  it('splits notifications into groups keeping their order', () => {
    const items = [
      { id: 1, eventType: NotificationType.NWS },
      { id: 2, eventType: NotificationType.Lightning },
      { id: 3, eventType: NotificationType.NWS },
    ];
    expect(groupNotifications(items)).toEqual({
      nws: [items[0], items[2]],
      forecasts: [],
      policy: [items[1]],
    });
  });
  it('reads the last 7 days up to now', () => {
    const { startDate, endDate } = notificationWindow(Date.UTC(2026, 4, 8));
    expect(endDate.toISOString()).toBe('2026-05-08T00:00:00.000Z');
    expect(startDate.toISOString()).toBe('2026-05-01T00:00:00.000Z');
  });
});
