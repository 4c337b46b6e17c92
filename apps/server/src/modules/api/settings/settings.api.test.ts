// My Notification Settings' calls on the real app (issue 15; spec 02 §2.9, §3, §4 'Alert mode', §6, §8, §9): each
// caller reads and writes only their own settings; every field error; the alert mode only with the geofence
// permission and an admin role (403 otherwise); the 15-minute options; a schedule replaced whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_SETTINGS_MESSAGES } from '@allclear/contracts';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { buildUser } from '../../../db/factories.ts';
import { SMS_NEEDS_PHONE } from './settings.service.ts';

let t: TestApp;
let adminToken: string;
let geofenceAdminToken: string;
let customerToken: string;

const send = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload: payload as object });

const SETTINGS = {
  optOutForecast: true,
  precipitationNotification: false,
  severeWeatherNotification: true,
  proactiveForecastNotification: false,
  notificationType: 0,
  timeZone: 'EST',
};

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.tokenFor(t.a.admin.id);
  customerToken = await t.tokenFor(t.a.customerUser.id);
  const geofenceAdmin = await buildUser(t.db.db, {
    customerId: t.a.customer.id,
    role: 'Admin',
    password: 'Test-password-1',
    permissions: ['geofence.alerts.access'],
    phoneNumber: '+12145550100',
  });
  geofenceAdminToken = await t.tokenFor(geofenceAdmin.id);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('Settings/Notifications', () => {
  it("answers the caller's defaults before a first save: alerts on, push, Scheduled, the user's time zone", async () => {
    const res = await send(customerToken, 'GET', '/api/Settings/Notifications');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      declinesNotifications: false,
      emailNotifications: true,
      smsNotifications: true,
      optOutForecast: false,
      precipitationNotification: true,
      severeWeatherNotification: true,
      proactiveForecastNotification: true,
      notificationType: 0,
      geofenceAlertsEnabled: false,
      alertTimesEnabled: true,
      alertMode: 0,
      timeZone: 'CST',
      abilities: { alertMode: false },
    });
  });

  it('saves and reads back, answering the message the page shows', async () => {
    const saved = await send(customerToken, 'POST', '/api/Settings/Notifications', SETTINGS);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toBe(NOTIFICATION_SETTINGS_MESSAGES.saved);
    const read = (await send(customerToken, 'GET', '/api/Settings/Notifications')).json().data;
    expect(read).toMatchObject({ ...SETTINGS, alertMode: 0 });
    // another user's settings are untouched
    const admin = (await send(adminToken, 'GET', '/api/Settings/Notifications')).json().data;
    expect(admin).toMatchObject({ optOutForecast: false, timeZone: 'CST' });
  });

  it('refuses a Customer choosing an alert mode with 403, and takes the one they have', async () => {
    const refused = await send(customerToken, 'POST', '/api/Settings/Notifications', {
      ...SETTINGS,
      alertMode: 1,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().responseException.message).toBe(NOTIFICATION_SETTINGS_MESSAGES.alertModeRefused);
    const same = await send(customerToken, 'POST', '/api/Settings/Notifications', {
      ...SETTINGS,
      alertMode: 0,
    });
    expect(same.statusCode).toBe(200);
  });

  it('refuses an Admin without the geofence permission (403), lets one with it choose (flags stored)', async () => {
    const refused = await send(adminToken, 'POST', '/api/Settings/Notifications', {
      ...SETTINGS,
      alertMode: 2,
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (await send(geofenceAdminToken, 'GET', '/api/Settings/Notifications')).json().data.abilities,
    ).toEqual({
      alertMode: true,
    });
    for (const [mode, flags] of [
      [1, { geofenceAlertsEnabled: true, alertTimesEnabled: false }],
      [2, { geofenceAlertsEnabled: true, alertTimesEnabled: true }],
      [0, { geofenceAlertsEnabled: false, alertTimesEnabled: true }],
    ] as const) {
      const ok = await send(geofenceAdminToken, 'POST', '/api/Settings/Notifications', {
        ...SETTINGS,
        alertMode: mode,
      });
      expect(ok.statusCode).toBe(200);
      const read = (await send(geofenceAdminToken, 'GET', '/api/Settings/Notifications')).json().data;
      expect(read).toMatchObject({ alertMode: mode, ...flags });
    }
  });

  it('names each bad field: NotificationType, AlertMode, TimeZone, a flag, an unknown field', async () => {
    const res = await send(customerToken, 'POST', '/api/Settings/Notifications', {
      ...SETTINGS,
      notificationType: 2,
      alertMode: 3,
      timeZone: 'UTC',
      optOutForecast: 'yes',
      extra: true,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().responseException.errors).sort()).toEqual(
      ['AlertMode', 'Extra', 'NotificationType', 'OptOutForecast', 'TimeZone'].sort(),
    );
  });

  it('refuses SMS without a phone number under NotificationType', async () => {
    const res = await send(adminToken, 'POST', '/api/Settings/Notifications', {
      ...SETTINGS,
      notificationType: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().responseException.errors).toEqual({ NotificationType: [SMS_NEEDS_PHONE] });
    const withPhone = await send(geofenceAdminToken, 'POST', '/api/Settings/Notifications', {
      ...SETTINGS,
      notificationType: 1,
    });
    expect(withPhone.statusCode).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/Settings/Notifications' })).statusCode).toBe(401);
  });
});

describe('User/Notifications (the enable toggle)', () => {
  it('declines and enables, answering the message of each, read back by Settings/Notifications', async () => {
    const off = await send(customerToken, 'POST', '/api/User/Notifications', { declinesNotifications: true });
    expect(off.json().data).toBe(NOTIFICATION_SETTINGS_MESSAGES.disabled);
    expect(
      (await send(customerToken, 'GET', '/api/Settings/Notifications')).json().data.declinesNotifications,
    ).toBe(true);
    // GET user/current (the shell's, kept by the API) says so at once
    expect((await send(customerToken, 'GET', '/api/user/current')).json().data.declinesNotifications).toBe(
      true,
    );
    const on = await send(customerToken, 'POST', '/api/User/Notifications', { declinesNotifications: false });
    expect(on.json().data).toBe(NOTIFICATION_SETTINGS_MESSAGES.enabled);
    expect((await send(customerToken, 'GET', '/api/user/current')).json().data.declinesNotifications).toBe(
      false,
    );
  });

  it('saves the channels and names a bad field', async () => {
    const ok = await send(customerToken, 'POST', '/api/User/Notifications', { emailNotifications: false });
    expect(ok.json().data).toBe(NOTIFICATION_SETTINGS_MESSAGES.channelsSaved);
    expect(
      (await send(customerToken, 'GET', '/api/Settings/Notifications')).json().data.emailNotifications,
    ).toBe(false);
    const bad = await send(customerToken, 'POST', '/api/User/Notifications', {
      smsNotifications: 'no',
      userId: 'x',
    });
    expect(Object.keys(bad.json().responseException.errors).sort()).toEqual(['SmsNotifications', 'UserId']);
  });
});

describe('Settings/AlertTimes', () => {
  it('answers seven all-day rows before a first save (no restriction)', async () => {
    const rows = (await send(adminToken, 'GET', '/api/Settings/AlertTimes')).json().data;
    expect(rows).toHaveLength(7);
    expect(rows.every((r: { allDay: boolean; enabled: boolean }) => r.allDay && r.enabled)).toBe(true);
  });

  it('replaces the schedule: a day left out is switched off, start = end becomes all day', async () => {
    const res = await send(adminToken, 'POST', '/api/Settings/AlertTimes', {
      alertTimes: [
        { day: 1, startTime: '08:15:00', endTime: '17:45:00', allDay: false, enabled: true },
        { day: 2, startTime: '09:00:00', endTime: '09:00:00', allDay: false, enabled: true },
        { day: 6, startTime: '22:00:00', endTime: '06:00:00', allDay: false, enabled: false },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBe(NOTIFICATION_SETTINGS_MESSAGES.scheduleSaved);
    const rows = (await send(adminToken, 'GET', '/api/Settings/AlertTimes')).json().data;
    expect(rows.map((r: { day: number }) => r.day)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(rows[0]).toMatchObject({ id: null, enabled: false, allDay: false });
    expect(rows[1]).toMatchObject({ startTime: '08:15:00', endTime: '17:45:00', enabled: true });
    expect(rows[2]).toMatchObject({ allDay: true, endTime: '00:00:00' });
    expect(rows[6]).toMatchObject({ startTime: '22:00:00', endTime: '06:00:00', enabled: false });
    // only the caller's own schedule changed
    const other = (await send(customerToken, 'GET', '/api/Settings/AlertTimes')).json().data;
    expect(other.every((r: { allDay: boolean }) => r.allDay)).toBe(true);
  });

  it('names a time off the 15-minute options, a bad day and a day twice', async () => {
    const off = await send(adminToken, 'POST', '/api/Settings/AlertTimes', {
      alertTimes: [{ day: 1, startTime: '08:10:00', endTime: '17:50:00', allDay: false, enabled: true }],
    });
    expect(off.statusCode).toBe(400);
    expect(off.json().responseException.errors).toEqual({
      'AlertTimes[0].StartTime': [NOTIFICATION_SETTINGS_MESSAGES.startOffStep],
      'AlertTimes[0].EndTime': [NOTIFICATION_SETTINGS_MESSAGES.endOffStep],
    });
    const day = await send(adminToken, 'POST', '/api/Settings/AlertTimes', {
      alertTimes: [{ day: 7, startTime: '08:00:00', endTime: '17:00:00', allDay: false, enabled: true }],
    });
    expect(Object.keys(day.json().responseException.errors)).toEqual(['AlertTimes[0].Day']);
    const twice = await send(adminToken, 'POST', '/api/Settings/AlertTimes', {
      alertTimes: [
        { day: 1, startTime: '08:00:00', endTime: '17:00:00', allDay: false, enabled: true },
        { day: 1, startTime: '09:00:00', endTime: '17:00:00', allDay: false, enabled: true },
      ],
    });
    expect(twice.json().responseException.errors).toEqual({ AlertTimes: ['Each day may appear only once.'] });
  });
});
