import { describe, expect, it } from 'vitest';
import type { AlertTimeRow } from '@allclear/domain';
import { channelsFor, inSchedule, withinAlertTimes, type RecipientCandidate } from './recipient-rules.ts';

const base: RecipientCandidate = {
  kind: 'user',
  id: 'u1',
  name: 'Pat Doe',
  email: 'pat@example.test',
  phone: '+15550001111',
  timeZone: 'CST',
  isActive: true,
  declinesNotifications: false,
  emailNotifications: true,
  smsNotifications: true,
  notificationType: 1,
  alertTimesEnabled: true,
  geofenceAlertsEnabled: false,
  ownsLocation: false,
  precipitationNotification: true,
  severeWeatherNotification: true,
  proactiveForecastNotification: true,
  optOutForecast: false,
  emailUnsubscribed: false,
  hasPushSubscription: false,
  userAlertTimes: [],
  groupAlertTimes: [],
};
const row = (
  day: number,
  startTime: string,
  endTime: string,
  extra: Partial<AlertTimeRow> = {},
): AlertTimeRow => ({
  day,
  startTime,
  endTime,
  allDay: false,
  enabled: true,
  ...extra,
});
// Wednesday 2026-07-01; CDT is UTC-5, EDT UTC-4, PDT UTC-7
const at = (utc: string) => new Date(utc);

describe('withinAlertTimes', () => {
  const zone = 'America/Chicago';
  it.each([
    ['no rows: always', [], '2026-07-01T08:00:00Z', true],
    ['exactly at start 05:00 local', [row(3, '05:00:00', '23:00:00')], '2026-07-01T10:00:00Z', true],
    ['one second before start', [row(3, '05:00:00', '23:00:00')], '2026-07-01T09:59:59Z', false],
    ['one second before end', [row(3, '05:00:00', '23:00:00')], '2026-07-02T03:59:59Z', true],
    ['exactly at end (exclusive)', [row(3, '05:00:00', '23:00:00')], '2026-07-02T04:00:00Z', false],
    ['disabled row', [row(3, '05:00:00', '23:00:00', { enabled: false })], '2026-07-01T15:00:00Z', false],
    ['all day', [row(3, '05:00:00', '05:00:00', { allDay: true })], '2026-07-01T05:30:00Z', true],
    ['end midnight means end of day', [row(3, '20:00:00', '00:00:00')], '2026-07-02T04:59:59Z', true],
    ['other day only', [row(4, '00:00:00', '00:00:00', { allDay: true })], '2026-07-01T15:00:00Z', false],
    ['overnight tail from yesterday', [row(2, '22:00:00', '06:00:00')], '2026-07-01T10:59:59Z', true],
    ['overnight tail ends at its end', [row(2, '22:00:00', '06:00:00')], '2026-07-01T11:00:00Z', false],
  ] as const)('%s', (_name, rows, when, expected) => {
    expect(withinAlertTimes(rows as readonly AlertTimeRow[], at(when), zone)).toBe(expected);
  });
});

describe("inSchedule: the user's time zone and both schedules", () => {
  const rows = [row(3, '08:00:00', '17:00:00')];
  it.each([
    // 13:30Z is 08:30 CDT, 09:30 EDT, 06:30 PDT
    ['CST inside', 'CST', '2026-07-01T13:30:00Z', true],
    ['EST inside', 'EST', '2026-07-01T13:30:00Z', true],
    ['PST before its 08:00', 'PST', '2026-07-01T13:30:00Z', false],
    ['MST exactly 08:00', 'MST', '2026-07-01T14:00:00Z', true],
  ])('%s', (_n, tz, when, expected) => {
    expect(inSchedule({ ...base, timeZone: tz, userAlertTimes: rows }, at(when))).toBe(expected);
  });
  it('needs the group window too', () => {
    const c = { ...base, userAlertTimes: rows, groupAlertTimes: [row(3, '09:00:00', '10:00:00')] };
    expect(inSchedule(c, at('2026-07-01T13:59:59Z'))).toBe(false); // 08:59:59 CDT
    expect(inSchedule(c, at('2026-07-01T14:00:00Z'))).toBe(true); // 09:00 CDT
  });
  it.each([
    ['scheduled, outside', true, false, false, false],
    ['location-based, own location, outside schedule', false, true, true, true],
    ['location-based, not own', false, true, false, false],
    ['scheduled or location, own, outside schedule', true, true, true, true],
    ['scheduled or location, not own, outside', true, true, false, false],
  ])('alert mode %s', (_n, alertTimes, geofence, owns, expected) => {
    const c = {
      ...base,
      alertTimesEnabled: alertTimes,
      geofenceAlertsEnabled: geofence,
      ownsLocation: owns,
      userAlertTimes: rows,
    };
    expect(inSchedule(c, at('2026-07-01T02:00:00Z'))).toBe(expected);
  });
});

describe('channelsFor', () => {
  const noon = at('2026-07-01T17:00:00Z');
  it.each([
    ['email and SMS (notificationType 1)', {}, 2, ['email', 'sms']],
    ['declines', { declinesNotifications: true }, 2, []],
    ['inactive', { isActive: false }, 2, []],
    [
      'push chosen with a subscription',
      { notificationType: 0, hasPushSubscription: true },
      2,
      ['email', 'push'],
    ],
    ['push chosen without a subscription', { notificationType: 0 }, 2, ['email']],
    ['e-mail off, SMS on', { emailNotifications: false }, 2, ['sms']],
    ['no phone', { phone: null }, 2, ['email']],
    ['precipitation opted out: PRECIP', { precipitationNotification: false }, 6, []],
    ['precipitation opted out: lightning still', { precipitationNotification: false }, 2, ['email', 'sms']],
    ['severe weather opted out: NWS', { severeWeatherNotification: false }, 11, []],
    ['forecast opt-out: proactive forecast', { optOutForecast: true }, 13, []],
    [
      'notification-only user unsubscribed from e-mail',
      { kind: 'notification-user', emailUnsubscribed: true },
      2,
      ['sms'],
    ],
  ] as const)('%s', (_n, patch, type, expected) => {
    expect(channelsFor({ ...base, ...(patch as Partial<RecipientCandidate>) }, type, noon)).toEqual(expected);
  });
});
