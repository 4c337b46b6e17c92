// Daily forecast e-mails (issue 15; spec 02 §2.9 'daily forecast emails with location pick', §3 'optOutForecast'):
// once a day, from 6:00 AM in the user's time zone, each user who wants them is e-mailed the three-day forecast of the
// locations they picked (a location's forecastLocation flag), through the notifier as a direct message. Settings
// take effect at the next run (every minute): opting out, declining notifications, e-mail switched off or no location
// picked, and nothing is sent. The event's id is derived from the user and the local date, so a day's e-mail is
// handed to the notifier once, whatever the restarts or processes.
import { createHash } from 'node:crypto';
import {
  NotificationType,
  TIME_ZONE_IANA,
  cToF,
  localDayAndTime,
  msToMph,
  type TimeZoneCode,
} from '@allclear/domain';
import type { DailyForecastItem } from '@allclear/weather';
import type { DirectRecipient } from '../../platform/alerts.ts';
import type { EngineContext, EngineService } from '../contracts.ts';
import { createClockTicker } from '../observations/clock-ticker.ts';
import { DailyForecastRepository, type ForecastRecipient } from './daily-forecast.repository.ts';

/** The local hour from which a day's forecast e-mail goes out. */
export const DAILY_FORECAST_HOUR = 6;
/** Days each e-mail covers. */
export const DAILY_FORECAST_DAYS = 3;
/** How often the mailer looks, ms. */
const PERIOD_MS = 60_000;

/** The local calendar date (YYYY-MM-DD) of an instant in an IANA zone. */
export function localDate(at: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** A stable uuid for a user's e-mail of a local date (the notifier records each event id once). */
export function dailyForecastEventId(userId: string, date: string): string {
  const h = createHash('sha256').update(`daily-forecast:${userId}:${date}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const round = (n: number) => Math.round(n);

/** One day's line: 'Tue 2026-07-07: high 95°F, low 76°F, 30% chance of rain, wind up to 14 mph'. */
export function dayLine(day: DailyForecastItem): string {
  const weekday = new Date(`${day.date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    timeZone: 'UTC',
  });
  return `${weekday} ${day.date}: high ${round(cToF(day.temperatureHighC))}°F, low ${round(cToF(day.temperatureLowC))}°F, ${round(day.precipitationChancePct)}% chance of rain, wind up to ${round(msToMph(day.windSpeedMaxMs))} mph`;
}

export function createDailyForecastMailer(ctx: EngineContext): EngineService & { runCycle(): Promise<void> } {
  const repo = new DailyForecastRepository(ctx.db.db);

  async function send(recipient: ForecastRecipient, id: string, date: string, now: Date): Promise<void> {
    const sections: string[] = [];
    for (const location of recipient.locations) {
      const forecast = await ctx.weather.providers.forecast.daily(location, now, DAILY_FORECAST_DAYS);
      const days = forecast.days.filter((d) => d.date >= date).slice(0, DAILY_FORECAST_DAYS);
      sections.push([location.label, ...days.map((d) => `  ${dayLine(d)}`)].join('\n'));
    }
    const name = `${recipient.firstName} ${recipient.lastName}`.trim();
    const to: DirectRecipient = {
      key: `user:${recipient.userId}`,
      email: recipient.email,
      name,
      userId: recipient.userId,
      notificationUserId: null,
    };
    await ctx.db.db.transaction((tx) =>
      ctx.enqueueAlert(tx, {
        id,
        kind: 'daily-forecast',
        notificationType: NotificationType.PROACTIVE_FORECAST,
        customerId: recipient.customerId,
        locationId: null,
        correlationId: `daily-forecast:${recipient.userId}:${date}`,
        occurredAt: now,
        subject: `Your AllClear daily forecast for ${date}`,
        body: [
          `Good morning ${recipient.firstName},`,
          '',
          ...sections.flatMap((s) => [s, '']),
          "To stop these e-mails, switch off 'Receive daily forecast emails' in My Notification Settings.",
        ].join('\n'),
        details: { recipient: to, date, locationIds: recipient.locations.map((l) => l.id) },
      }),
    );
  }

  async function runCycle(): Promise<void> {
    const now = ctx.clock.now();
    const due = (await repo.recipients()).flatMap((r) => {
      const zone = TIME_ZONE_IANA[r.timeZone as TimeZoneCode] ?? TIME_ZONE_IANA.CST;
      const { time } = localDayAndTime(now, zone);
      if (Number(time.slice(0, 2)) < DAILY_FORECAST_HOUR) return [];
      const date = localDate(now, zone);
      return [{ recipient: r, date, id: dailyForecastEventId(r.userId, date) }];
    });
    const sent = await repo.recordedEvents(due.map((d) => d.id));
    for (const d of due) {
      if (sent.has(d.id)) continue;
      try {
        await send(d.recipient, d.id, d.date, now);
      } catch (err) {
        ctx.log.warn({ err, userId: d.recipient.userId }, 'daily forecast e-mail not handed to the notifier');
      }
    }
  }

  const ticker = createClockTicker(ctx.clock, PERIOD_MS, runCycle, (err) =>
    ctx.log.error({ err }, 'daily forecast mailer failed'),
  );
  return { start: async () => ticker.start(), stop: () => ticker.stop(), runCycle: () => ticker.runNow() };
}
