// Daily forecast e-mails (issue 15; spec 02 §2.9): from 6:00 AM in the user's time zone, once a day, the three-day
// forecast of the locations the user picked; nothing for a user who opted out, declines notifications, switched
// e-mail off or picked no location. The notifier records each event id once: here a stand-in records it too.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConfiguredWeather, DailyForecastItem } from '@allclear/weather';
import { createTestDatabase } from '../../db/test-db.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { buildCustomer, buildLocation, buildUser } from '../../db/factories.ts';
import { alertEvents, userNotificationSettings, users } from '../../db/schema/index.ts';
import { ManualClock } from '../../platform/clock.ts';
import { loadConfig } from '../../platform/config.ts';
import type { AlertEvent, EnqueueAlert } from '../contracts.ts';
import { silentLogger } from '../lightning/test-support.ts';
import { eq } from 'drizzle-orm';
import {
  createDailyForecastMailer,
  dailyForecastEventId,
  dayLine,
  localDate,
} from './daily-forecast-mailer.ts';

let db: DatabaseHandle;
const clock = new ManualClock('2026-07-06T10:59:00Z'); // 5:59 AM CDT
const sent: AlertEvent[] = [];
let mailer: ReturnType<typeof createDailyForecastMailer>;
let wants: { id: string; email: string };

function day(date: string): DailyForecastItem {
  return {
    date,
    time: new Date(`${date}T05:00:00Z`),
    temperatureHighC: 35,
    temperatureLowC: 24,
    dewPointAtHighC: 20,
    relativeHumidityAtHighPct: 40,
    windSpeedMaxMs: 6,
    windDirectionDeg: 180,
    solarMaxWm2: 900,
    precipitationMm: 1,
    precipitationChancePct: 30,
    snowCm: 0,
    weatherCode: 'partly-cloudy',
  };
}

const weather = {
  providers: {
    forecast: {
      daily: async (point: { latitude: number; longitude: number }, issuedAt: Date) => ({
        point,
        issuedAt,
        days: ['2026-07-06', '2026-07-07', '2026-07-08', '2026-07-09'].map(day),
      }),
    },
  },
} as unknown as ConfiguredWeather;

beforeAll(async () => {
  db = await createTestDatabase();
  const customer = await buildCustomer(db.db);
  const make = async (email: string, forecastLocation = true) => {
    const user = await buildUser(db.db, {
      customerId: customer.id,
      role: 'Admin',
      email,
      password: 'Test-password-1',
    });
    await buildLocation(db.db, {
      customerId: customer.id,
      userId: user.id,
      label: `Field of ${email}`,
      forecastLocation,
    });
    return { id: user.id, email: user.email! };
  };
  wants = await make('wants@forecast.test');
  const optedOut = await make('opted-out@forecast.test');
  await db.db.insert(userNotificationSettings).values({ userId: optedOut.id, optOutForecast: true });
  const declines = await make('declines@forecast.test');
  await db.db.update(users).set({ declinesNotifications: true }).where(eq(users.id, declines.id));
  const emailOff = await make('email-off@forecast.test');
  await db.db.update(users).set({ emailNotifications: false }).where(eq(users.id, emailOff.id));
  await make('no-pick@forecast.test', false);
  // the notifier records the event, by its id, once
  const enqueueAlert: EnqueueAlert = async (tx, event) => {
    const inserted = await tx
      .insert(alertEvents)
      .values({ ...event, policyId: null, sirenId: null, policyTypeShortName: null })
      .onConflictDoNothing()
      .returning();
    if (inserted.length) sent.push(event);
  };
  mailer = createDailyForecastMailer({
    config: loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent' }),
    db,
    clock,
    weather,
    log: silentLogger,
    enqueueAlert,
  });
}, 60_000);

afterAll(async () => {
  await db?.close();
});

beforeEach(() => {
  sent.length = 0;
});

describe('daily forecast e-mails', () => {
  it('sends nothing before 6:00 AM in the user’s time zone', async () => {
    await mailer.runCycle();
    expect(sent).toEqual([]);
  });

  it('from 6:00 AM sends one e-mail, to the user who wants it only, with three days of their picked location', async () => {
    clock.set('2026-07-06T11:00:00Z'); // 6:00 AM CDT
    await mailer.runCycle();
    expect(sent.map((e) => (e.details.recipient as { email: string }).email)).toEqual([wants.email]);
    const [mail] = sent;
    expect(mail!.kind).toBe('daily-forecast');
    expect(mail!.id).toBe(dailyForecastEventId(wants.id, '2026-07-06'));
    expect(mail!.subject).toBe('Your AllClear daily forecast for 2026-07-06');
    expect(mail!.body).toContain('Field of wants@forecast.test');
    expect(mail!.body).toContain(`  ${dayLine(day('2026-07-06'))}`);
    expect(mail!.body).toContain('2026-07-08');
    expect(mail!.body).not.toContain('2026-07-09');
  });

  it('sends it once a day: a later run the same day sends nothing, the next morning sends again', async () => {
    clock.set('2026-07-06T20:00:00Z');
    await mailer.runCycle();
    expect(sent).toEqual([]);
    clock.set('2026-07-07T11:05:00Z');
    await mailer.runCycle();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.id).toBe(dailyForecastEventId(wants.id, '2026-07-07'));
  });

  it('reads a day in the user’s own zone and writes a day in °F and mph', () => {
    expect(localDate(new Date('2026-07-07T04:30:00Z'), 'America/Chicago')).toBe('2026-07-06');
    expect(dayLine(day('2026-07-07'))).toBe(
      'Tue 2026-07-07: high 95°F, low 75°F, 30% chance of rain, wind up to 13 mph',
    );
  });
});
