// The demo meteorologist: a storm in the next 12 hours of forecast gets one outlook per location, notified once,
// and a calm forecast gets none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ForecastSource, HourlyForecastItem } from '@allclear/weather';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { locations, proactiveForecastMessages, proactiveForecasts } from '../../db/schema/index.ts';
import type { AlertEvent } from '../contracts.ts';
import { createDemoMeteorologist } from './proactive-forecasts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function hour(time: Date, chancePct: number): HourlyForecastItem {
  return {
    time,
    temperatureC: 25,
    dewPointC: 15,
    relativeHumidityPct: 55,
    windSpeedMs: 3,
    windGustMs: 5,
    windDirectionDeg: 180,
    pressureHpa: 1012,
    solarWm2: 500,
    cloudCoverPct: 50,
    precipitationMm: 0,
    precipitationChancePct: chancePct,
    snowCm: 0,
    weatherCode: '1000',
    dayLight: true,
  };
}

describe('demo meteorologist', () => {
  it('writes one storm outlook for a location whose forecast calls for storms, and notifies it once', async () => {
    const forecast: ForecastSource = {
      async hourly(point, issuedAt) {
        // Location A is stormy in hour 3; everywhere else is calm.
        const stormy = point.latitude === t.a.location.latitude && point.longitude === t.a.location.longitude;
        return {
          point,
          issuedAt,
          source: 'test',
          hours: Array.from({ length: 12 }, (_, h) =>
            hour(new Date(issuedAt.getTime() + h * 3_600_000), stormy && h === 3 ? 60 : 10),
          ),
        };
      },
      async daily() {
        throw new Error('not used');
      },
    };
    // Move location B away so the two locations read different forecasts.
    await t.db.db
      .update(locations)
      .set({ latitude: 40, longitude: -100 })
      .where(eq(locations.id, t.b.location.id));

    const events: AlertEvent[] = [];
    const meteorologist = createDemoMeteorologist({
      config: t.config,
      db: t.db,
      clock: t.clock,
      weather: { ...t.weather, providers: { ...t.weather.providers, forecast } },
      log: t.app.log,
      enqueueAlert: async (_tx, e) => {
        events.push(e);
      },
    });
    await meteorologist.runCycle();
    await meteorologist.runCycle();

    expect(events.map((e) => [e.kind, e.notificationType, e.locationId])).toEqual([
      ['proactive-forecast', 13, t.a.location.id],
    ]);
    const rows = await t.db.db.select().from(proactiveForecasts);
    expect(rows.map((r) => [r.locationId, r.typeName])).toEqual([[t.a.location.id, 'Storm Outlook']]);
    const [message] = await t.db.db.select().from(proactiveForecastMessages);
    // the clock is 2026-07-01 17:00 UTC; hour 3 is 20:00 UTC, 3:00 PM in Dallas (CDT)
    expect(message!.headline).toBe(`Showers and storms possible near ${t.a.location.label} from 3:00 PM CDT`);
    expect(message!.correlationId).toBe(events[0]!.correlationId);
    // expires 12 hours on, at local midnight (the next local day)
    expect(events[0]!.body).toContain('from about 3:00 PM CDT');
    expect(events[0]!.body).toMatch(/In effect until Jul 2, 12:00 AM CDT\.$/);
    expect(`${events[0]!.subject} ${events[0]!.body}`).not.toMatch(/UTC/);
  });
});

describe("proactive forecast texts read the location's own time zone", () => {
  const stormAt = (utcHour: number): ForecastSource => ({
    async hourly(point, issuedAt) {
      return {
        point,
        issuedAt,
        source: 'test',
        hours: Array.from({ length: 12 }, (_, h) => {
          const time = new Date(issuedAt.getTime() + h * 3_600_000);
          return hour(time, time.getUTCHours() === utcHour ? 70 : 10);
        }),
      };
    },
    async daily() {
      throw new Error('not used');
    },
  });

  async function runAt(place: { label: string; latitude: number; longitude: number }): Promise<AlertEvent[]> {
    await t.db.db.delete(proactiveForecasts);
    await t.db.db.delete(locations).where(eq(locations.id, t.b.location.id));
    await t.db.db.update(locations).set(place).where(eq(locations.id, t.a.location.id));
    const events: AlertEvent[] = [];
    const meteorologist = createDemoMeteorologist({
      config: t.config,
      db: t.db,
      clock: t.clock,
      weather: { ...t.weather, providers: { ...t.weather.providers, forecast: stormAt(18) } },
      log: t.app.log,
      enqueueAlert: async (_tx, e) => {
        events.push(e);
      },
    });
    await meteorologist.runCycle();
    return events;
  }

  it('AT&T Stadium (Arlington, TX) reads 1:00 PM CDT, not 18:00 UTC', async () => {
    const events = await runAt({ label: 'AT&T Stadium', latitude: 32.7473, longitude: -97.0945 });
    expect(events).toHaveLength(1);
    expect(events[0]!.subject).toBe(
      'Storm Outlook for AT&T Stadium: Showers and storms possible near AT&T Stadium from 1:00 PM CDT',
    );
    expect(events[0]!.body).toMatch(/In effect until Jul 2, 12:00 AM CDT\.$/);
  });

  it('a stadium in Honolulu reads HST', async () => {
    const events = await runAt({ label: 'Aloha Stadium', latitude: 21.3728, longitude: -157.93 });
    expect(events).toHaveLength(1);
    expect(events[0]!.subject).toContain('Showers and storms possible near Aloha Stadium from 8:00 AM HST');
    expect(events[0]!.body).toMatch(/In effect until 7:00 PM HST\.$/);
  });
});
