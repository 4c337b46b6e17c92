// Writing a proactive forecast (spec 01 §3 'Proactive forecast') and telling the subscribed users: the forecast,
// its message and a 'proactive-forecast' event (13) per location, in one transaction. Used by the Super Admin's
// create call and by the demo meteorologist below.
import { randomUUID } from 'node:crypto';
import { formatLocalTime, NotificationType, timeZoneAt } from '@allclear/domain';
import type { Database } from '../../db/client.ts';
import type { Bus } from '../../platform/bus.ts';
import type { EngineContext, EngineService, EnqueueAlert, Tx } from '../contracts.ts';
import { createClockTicker } from '../observations/clock-ticker.ts';
import { ProactiveForecastRepository, type ForecastTarget } from './proactive-forecast.repository.ts';

export type { ForecastTarget } from './proactive-forecast.repository.ts';

export interface ProactiveForecastInput {
  forecastType: { name: string; color: string };
  expiresAt: Date;
  headline: string;
  /** Sanitised HTML. */
  message: string;
}

/** Plain text of an HTML message, for e-mail and SMS bodies. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

async function insertForecast(
  tx: Tx,
  customerId: number,
  locationId: number | null,
  input: ProactiveForecastInput,
  correlationId: string,
  now: Date,
): Promise<number> {
  return new ProactiveForecastRepository(tx).insert(
    {
      customerId,
      locationId,
      typeName: input.forecastType.name,
      typeColor: input.forecastType.color,
      expiresAt: input.expiresAt,
      headline: input.headline,
      message: input.message,
      correlationId,
    },
    now,
  );
}

/** Subject and body of a proactive forecast for one location; the end reads in the location's zone. */
export function forecastNotice(
  location: Pick<ForecastTarget, 'label' | 'latitude' | 'longitude'>,
  input: ProactiveForecastInput,
  now: Date,
): { subject: string; body: string } {
  const until = formatLocalTime(input.expiresAt, timeZoneAt(location.latitude, location.longitude), {
    relativeTo: now,
  });
  return {
    subject: `${input.forecastType.name} for ${location.label}: ${input.headline}`,
    body: `${input.headline}\n\n${plainText(input.message)}\n\nIn effect until ${until}.`,
  };
}

async function notify(
  tx: Tx,
  enqueueAlert: EnqueueAlert,
  location: ForecastTarget,
  input: ProactiveForecastInput,
  correlationId: string,
  forecastId: number,
  now: Date,
): Promise<void> {
  const expires = input.expiresAt.toISOString();
  await enqueueAlert(tx, {
    id: randomUUID(),
    kind: 'proactive-forecast',
    notificationType: NotificationType.PROACTIVE_FORECAST,
    customerId: location.customerId,
    locationId: location.id,
    correlationId,
    occurredAt: now,
    ...forecastNotice(location, input, now),
    details: { forecastId, forecastType: input.forecastType.name, expiresAt: expires },
  });
}

/** One forecast per location, each notified; returns the forecast ids. */
export async function writeLocationForecasts(
  db: Database,
  enqueueAlert: EnqueueAlert,
  targets: readonly ForecastTarget[],
  input: ProactiveForecastInput,
  now: Date,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const ids: number[] = [];
    for (const location of targets) {
      const correlationId = randomUUID();
      const id = await insertForecast(tx, location.customerId, location.id, input, correlationId, now);
      ids.push(id);
      await notify(tx, enqueueAlert, location, input, correlationId, id, now);
    }
    return ids;
  });
}

/** One customer-wide forecast (no location), notified to each of the customer's locations; returns its id. */
export async function writeCustomerForecast(
  db: Database,
  enqueueAlert: EnqueueAlert,
  customerId: number,
  targets: readonly ForecastTarget[],
  input: ProactiveForecastInput,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const correlationId = randomUUID();
    const id = await insertForecast(tx, customerId, null, input, correlationId, now);
    for (const location of targets) await notify(tx, enqueueAlert, location, input, correlationId, id, now);
    return id;
  });
}

/** How often the demo meteorologist looks at the forecast, ms of clock time. */
export const DEMO_FORECAST_PERIOD_MS = 6 * 3_600_000;
/** Hours ahead the demo meteorologist reads. */
const DEMO_LOOKAHEAD_HOURS = 12;
/** A thunder chance at or above this, %, is worth a message. */
const DEMO_STORM_CHANCE_PCT = 40;
/** A high at or above this, °C (95 °F), is worth a heat message. */
const DEMO_HEAT_C = 35;

/**
 * Simulator demos only: every 6 hours of clock time, for each location without an unexpired proactive forecast,
 * writes a storm or heat outlook when its next 12 hours of forecast call for one (a meteorologist stand-in).
 */
export function createDemoMeteorologist(
  ctx: EngineContext & { bus?: Bus },
): EngineService & { runCycle(): Promise<void> } {
  const db = ctx.db.db;
  const forecasts = new ProactiveForecastRepository(db);
  async function runCycle(): Promise<void> {
    if (!ctx.weather.simulatorMode) return;
    const now = ctx.clock.now();
    const all = await forecasts.listTargets();
    if (all.length === 0) return;
    const covered = new Set(
      await forecasts.locationsWithForecast(
        all.map((l) => l.id),
        now,
      ),
    );
    for (const location of all) {
      if (covered.has(location.id)) continue;
      const hours = (
        await ctx.weather.providers.forecast.hourly(location, now, DEMO_LOOKAHEAD_HOURS)
      ).hours.slice(0, DEMO_LOOKAHEAD_HOURS);
      const input = demoOutlook(location, hours, now);
      if (!input) continue;
      await writeLocationForecasts(db, ctx.enqueueAlert, [location], input, now);
      ctx.bus?.publish('proactive-forecasts-changed', { customerId: location.customerId });
    }
  }
  const ticker = createClockTicker(ctx.clock, DEMO_FORECAST_PERIOD_MS, runCycle, (err) =>
    ctx.log.error({ err }, 'demo meteorologist failed'),
  );
  return { start: async () => ticker.start(), stop: () => ticker.stop(), runCycle: () => ticker.runNow() };
}

/**
 * The demo meteorologist's outlook for a location from its next hours of forecast: storms (a thunder chance of
 * 40% or more) first, then heat (95 °F or more); null when neither. Times read in the location's zone.
 */
export function demoOutlook(
  location: { label: string; latitude: number; longitude: number },
  hours: readonly { time: Date; precipitationChancePct: number; temperatureC: number }[],
  now: Date,
): ProactiveForecastInput | null {
  const stormy = hours.filter((h) => h.precipitationChancePct >= DEMO_STORM_CHANCE_PCT);
  const hot = hours.filter((h) => h.temperatureC >= DEMO_HEAT_C);
  const expiresAt = new Date(now.getTime() + DEMO_LOOKAHEAD_HOURS * 3_600_000);
  const zone = timeZoneAt(location.latitude, location.longitude);
  const at = (d: Date) => formatLocalTime(d, zone, { relativeTo: now });
  if (stormy.length > 0) {
    return {
      forecastType: { name: 'Storm Outlook', color: '#FFA500' },
      expiresAt,
      headline: `Showers and storms possible near ${location.label} from ${at(stormy[0]!.time)}`,
      message: `<p>Our meteorologists expect showers and possibly thunderstorms near <b>${escapeText(location.label)}</b> from about ${at(stormy[0]!.time)}, with a chance up to ${Math.max(...stormy.map((h) => h.precipitationChancePct))}%.</p><p>Plan for lightning delays and keep an eye on the Lightning Status panel.</p>`,
    };
  }
  if (hot.length > 0) {
    return {
      forecastType: { name: 'Heat Outlook', color: '#D32F2F' },
      expiresAt,
      headline: `Dangerous heat near ${location.label} from ${at(hot[0]!.time)}`,
      message: `<p>Temperatures near <b>${escapeText(location.label)}</b> are forecast to reach 95 °F or more from about ${at(hot[0]!.time)}.</p><p>Schedule work/rest cycles and hydration breaks.</p>`,
    };
  }
  return null;
}

function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Locations by id (for the create call's validation). */
export async function forecastTargets(db: Database, ids: readonly number[]): Promise<ForecastTarget[]> {
  return new ProactiveForecastRepository(db).targetsByIds(ids);
}

/** A customer's locations. */
export async function customerForecastTargets(db: Database, customerId: number): Promise<ForecastTarget[]> {
  return new ProactiveForecastRepository(db).targetsOfCustomer(customerId);
}
