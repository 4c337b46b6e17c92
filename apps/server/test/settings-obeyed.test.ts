// My Notification Settings take effect in the notifier at once (issue 15): for each combination of settings, a user
// saves them through the API (POST Settings/Notifications, User/Notifications, Settings/AlertTimes,
// User/PushSubscription), one lightning alert is planned at their own location at a chosen time, and the table says
// whether they hear it (the bell's history) and on which channels. The notifier reads what the API wrote: no cache,
// no restart.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationType } from '@allclear/domain';
import { createTestApp, type TestApp } from './helpers.ts';
import { buildLocation, buildUser } from '../src/db/factories.ts';
import type { AlertEvent } from '../src/engine/contracts.ts';
import { planDeliveries } from '../src/engine/notifications/enqueue.ts';

let t: TestApp;

// Monday 2026-07-06; Dallas is on CDT (UTC-5), New York on EDT (UTC-4)
const MONDAY_NOON_CDT = new Date('2026-07-06T17:00:00Z');
const MONDAY_6PM_CDT = new Date('2026-07-06T23:00:00Z');
const MONDAY_830_CDT = new Date('2026-07-06T13:30:00Z');
const SUNDAY_NOON_CDT = new Date('2026-07-05T17:00:00Z');

const DEFAULTS = {
  optOutForecast: false,
  precipitationNotification: true,
  severeWeatherNotification: true,
  proactiveForecastNotification: true,
  notificationType: 0,
  timeZone: 'CST',
};

interface Case {
  name: string;
  /** The body of POST Settings/Notifications (merged over DEFAULTS). */
  settings?: Partial<typeof DEFAULTS> & { alertMode?: number };
  /** The body of POST User/Notifications. */
  toggles?: { declinesNotifications?: boolean; emailNotifications?: boolean; smsNotifications?: boolean };
  /** The rows of POST Settings/AlertTimes. */
  schedule?: { day: number; startTime: string; endTime: string; allDay: boolean; enabled: boolean }[];
  pushSubscription?: boolean;
  /** A Super Admin with the geofence permission (who may choose an alert mode). */
  geofence?: boolean;
  /** The location of the alert is the user's own (default), or another user's of their customer. */
  ownLocation?: boolean;
  type?: number;
  at?: Date;
  expect: { hears: boolean; channels: string[] };
}

const WEEKDAY_8_TO_5 = [1, 2, 3, 4, 5].map((day) => ({
  day,
  startTime: '08:00:00',
  endTime: '17:00:00',
  allDay: false,
  enabled: true,
}));

const CASES: Case[] = [
  {
    name: 'defaults: push chosen but no browser subscribed, so e-mail',
    expect: { hears: true, channels: ['email'] },
  },
  {
    name: 'push with a subscribed browser',
    pushSubscription: true,
    expect: { hears: true, channels: ['email', 'push'] },
  },
  {
    name: 'SMS chosen (with a phone number)',
    settings: { notificationType: 1 },
    expect: { hears: true, channels: ['email', 'sms'] },
  },
  {
    name: 'e-mail switched off, push subscribed',
    toggles: { emailNotifications: false },
    pushSubscription: true,
    expect: { hears: true, channels: ['push'] },
  },
  {
    name: 'SMS chosen but switched off',
    settings: { notificationType: 1 },
    toggles: { smsNotifications: false },
    expect: { hears: true, channels: ['email'] },
  },
  {
    name: 'notifications declined (the enable toggle off)',
    toggles: { declinesNotifications: true },
    pushSubscription: true,
    expect: { hears: false, channels: [] },
  },
  {
    name: 'inside the weekday schedule',
    schedule: WEEKDAY_8_TO_5,
    at: MONDAY_NOON_CDT,
    expect: { hears: true, channels: ['email'] },
  },
  {
    name: 'after the weekday schedule',
    schedule: WEEKDAY_8_TO_5,
    at: MONDAY_6PM_CDT,
    expect: { hears: false, channels: [] },
  },
  {
    name: 'on a day the schedule leaves out',
    schedule: WEEKDAY_8_TO_5,
    at: SUNDAY_NOON_CDT,
    expect: { hears: false, channels: [] },
  },
  {
    name: 'a day switched off',
    schedule: [{ day: 1, startTime: '00:00:00', endTime: '00:00:00', allDay: true, enabled: false }],
    at: MONDAY_NOON_CDT,
    expect: { hears: false, channels: [] },
  },
  {
    name: 'the schedule read in the time zone chosen: 8:30 CDT is 9:30 in New York, after 8-9',
    settings: { timeZone: 'EST' },
    schedule: [{ day: 1, startTime: '08:00:00', endTime: '09:00:00', allDay: false, enabled: true }],
    at: MONDAY_830_CDT,
    expect: { hears: false, channels: [] },
  },
  {
    name: 'the same schedule in Central time hears it',
    schedule: [{ day: 1, startTime: '08:00:00', endTime: '09:00:00', allDay: false, enabled: true }],
    at: MONDAY_830_CDT,
    expect: { hears: true, channels: ['email'] },
  },
  {
    name: 'precipitation alerts switched off',
    settings: { precipitationNotification: false },
    type: NotificationType.PRECIP,
    expect: { hears: false, channels: [] },
  },
  {
    name: 'severe weather (NWS) alerts switched off',
    settings: { severeWeatherNotification: false },
    type: NotificationType.NWS,
    expect: { hears: false, channels: [] },
  },
  {
    name: 'severe weather off does not silence lightning',
    settings: { severeWeatherNotification: false },
    expect: { hears: true, channels: ['email'] },
  },
  {
    name: 'proactive forecasts switched off',
    settings: { proactiveForecastNotification: false },
    type: NotificationType.PROACTIVE_FORECAST,
    expect: { hears: false, channels: [] },
  },
  {
    name: 'daily forecast e-mails opted out also silences forecasts',
    settings: { optOutForecast: true },
    type: NotificationType.PROACTIVE_FORECAST,
    expect: { hears: false, channels: [] },
  },
  {
    name: 'alert mode Location-based: the own location outside the schedule',
    geofence: true,
    settings: { alertMode: 1 },
    schedule: WEEKDAY_8_TO_5,
    at: MONDAY_6PM_CDT,
    expect: { hears: true, channels: ['email'] },
  },
  {
    name: 'alert mode Location-based: another location inside the schedule',
    geofence: true,
    settings: { alertMode: 1 },
    schedule: WEEKDAY_8_TO_5,
    ownLocation: false,
    at: MONDAY_NOON_CDT,
    expect: { hears: false, channels: [] },
  },
  {
    name: 'alert mode Scheduled or Location: another location inside the schedule',
    geofence: true,
    settings: { alertMode: 2 },
    schedule: WEEKDAY_8_TO_5,
    ownLocation: false,
    at: MONDAY_NOON_CDT,
    expect: { hears: true, channels: ['email'] },
  },
  {
    name: 'alert mode Scheduled or Location: the own location outside the schedule',
    geofence: true,
    settings: { alertMode: 2 },
    schedule: WEEKDAY_8_TO_5,
    at: MONDAY_6PM_CDT,
    expect: { hears: true, channels: ['email'] },
  },
];

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function call(token: string, method: 'POST', url: string, payload: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    payload: payload as object,
  });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
}

describe('settings obeyed by the notifier (one alert per combination)', () => {
  it.each(CASES)('$name', async (c) => {
    const user = await buildUser(t.db.db, {
      customerId: t.a.customer.id,
      role: c.geofence ? 'Super Admin' : 'Customer',
      siteId: t.a.site.id,
      password: 'Test-password-1',
      phoneNumber: '+12145550123',
      permissions: c.geofence ? ['geofence.alerts.access'] : [],
    });
    const token = await t.tokenFor(user.id);
    // the alert's location: the user's own, or one of another user whose group is the user's
    const owner =
      c.ownLocation === false
        ? await buildUser(t.db.db, { customerId: t.a.customer.id, siteId: t.a.site.id })
        : user;
    const location = await buildLocation(t.db.db, { customerId: t.a.customer.id, userId: owner.id });
    if (c.ownLocation === false) {
      // another's location reaches the user through the organisation location their group is linked to
      const [org] = await t.db.query<{ id: number }>(
        `insert into organization_locations (customer_id, name, latitude, longitude) values ($1, $2, 32.7, -97.1) returning id`,
        [t.a.customer.id, `Venue ${randomUUID().slice(0, 8)}`],
      );
      await t.db.query(
        'insert into organization_location_sites (customer_id, organization_location_id, site_id) values ($3, $1, $2)',
        [org!.id, t.a.site.id, t.a.customer.id],
      );
      await t.db.query('update locations set organization_location_id = $1 where id = $2', [
        org!.id,
        location.id,
      ]);
    }

    await call(token, 'POST', '/api/Settings/Notifications', { ...DEFAULTS, ...c.settings });
    if (c.toggles) await call(token, 'POST', '/api/User/Notifications', c.toggles);
    if (c.schedule) await call(token, 'POST', '/api/Settings/AlertTimes', { alertTimes: c.schedule });
    if (c.pushSubscription)
      await call(token, 'POST', '/api/User/PushSubscription', {
        endpoint: `https://push.example.test/${randomUUID()}`,
        keys: { p256dh: 'BPubKey', auth: 'authSecret' },
      });

    const type = c.type ?? NotificationType.Lightning;
    const event: AlertEvent = {
      id: randomUUID(),
      kind: type === NotificationType.Lightning ? 'lightning-delay' : 'nws-alert',
      notificationType: type as AlertEvent['notificationType'],
      customerId: t.a.customer.id,
      locationId: location.id,
      correlationId: randomUUID(),
      occurredAt: c.at ?? MONDAY_NOON_CDT,
      subject: 'Alert',
      body: 'Alert body',
      details: {},
    };
    const plan = await planDeliveries(t.db.db, event);
    const hears = plan.historyUsers.some((u) => u.id === user.id);
    const channels = plan.deliveries
      .filter((d) => d.userId === user.id)
      .map((d) => d.channel)
      .sort();
    expect({ hears, channels }).toEqual(c.expect);
  });
});
