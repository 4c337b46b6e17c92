// The observation, threat, advisory, forecast, air-quality, proactive-forecast and station calls on a real
// database: every response parses with its contract, another customer is refused with 404, and bad query values
// get 400 naming the field.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  ZAirQualityCategory,
  ZAirQualitySensorRow,
  ZDailyForecast,
  ZHourlyForecast,
  ZLocationAirQuality,
  ZNwsAdvisories,
  ZNwsAdvisoryDetails,
  ZObservationForLocation,
  ZObservationHistoryPoint,
  ZStationHistory,
  ZPointObservation,
  ZPolicyWarnings,
  ZProactiveForecasts,
  ZStation,
  ZStationData,
  ZStationImageLastModified,
  ZThreatForecast,
  ZThreats,
  ZTodayForecast,
} from '@allclear/contracts';
import { eq } from 'drizzle-orm';
import { airQualitySensors } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { buildPolicy, buildWeatherStation } from '../../../db/factories.ts';
import type { AlertEvent, EngineContext } from '../../../engine/contracts.ts';
import { createObservationIngest } from '../../../engine/observations/observation-ingest.ts';
import { createPolicyEngine } from '../../../engine/policies/policy-engine.ts';

let t: TestApp;
let app: FastifyInstance;
let stationId: number;
let hardwareId: number;
const events: AlertEvent[] = [];
const auth = async (userId: string) => ({ authorization: `Bearer ${await t.tokenFor(userId)}` });

beforeAll(async () => {
  t = await createTestApp();
  const enqueueAlert = async (_tx: unknown, e: AlertEvent) => {
    events.push(e);
  };
  app = t.app;
  const station = await buildWeatherStation(t.db.db, { customerId: t.a.customer.id });
  stationId = station.id;
  hardwareId = station.hardwareId!;
  // A wind policy every breeze breaches, so location A has an active warning.
  await buildPolicy(t.db.db, { customerId: t.a.customer.id, shortName: 'WIND', threshold: 0 });
  await buildPolicy(t.db.db, { customerId: t.a.customer.id, shortName: 'HEAT', threshold: 80 });
  const ctx: EngineContext = {
    config: t.config,
    db: t.db,
    clock: t.clock,
    weather: t.weather,
    log: t.app.log,
    enqueueAlert,
  };
  const ingest = createObservationIngest(ctx);
  await ingest.runCycle();
  t.clock.advance(5 * 60_000);
  await ingest.runCycle();
  await createPolicyEngine(ctx).runCycle();
});
afterAll(async () => {
  await t.close();
});

const locationA = () => t.a.location.id;

describe('responses parse with their contracts', () => {
  const cases: [string, () => string, z.ZodType][] = [
    ['current conditions', () => `/api/observations/ForLocation/${locationA()}`, ZObservationForLocation],
    [
      'timeline',
      () => `/api/Observations/Historical/${locationA()}?hours=1`,
      ZObservationHistoryPoint.array(),
    ],
    ['timeline (day)', () => `/api/Observations/Historical/Day/${stationId}`, ZStationHistory],
    ['timeline (week)', () => `/api/Observations/Historical/Week/${stationId}`, ZStationHistory],
    ['timeline (month)', () => `/api/Observations/Historical/Month/${stationId}`, ZStationHistory],
    [
      'timeline (custom)',
      () =>
        `/api/Observations/Historical/Custom/${stationId}?startDate=2026-07-01T00:00:00Z&endDate=2026-07-01T17:00:00Z`,
      ZStationHistory,
    ],
    ['violations', () => `/api/observations/Violations/${locationA()}`, ZPolicyWarnings],
    ['policy warnings', () => `/api/PolicyWarnings/Location/${locationA()}`, ZPolicyWarnings],
    ['threats', () => `/api/Threats/${locationA()}`, ZThreats],
    ['threat forecast', () => `/api/ThreatForecast/Location/${locationA()}`, ZThreatForecast],
    ['advisories', () => `/api/Advisory/${locationA()}`, ZNwsAdvisories],
    ['advisory details', () => `/api/Advisory/Detail/${locationA()}`, ZNwsAdvisoryDetails],
    ['proactive forecasts', () => `/api/ProactiveForecast/Location/${locationA()}`, ZProactiveForecasts],
    ['air quality', () => `/api/AirQuality/Location/${locationA()}`, ZLocationAirQuality],
    ['air quality sensors', () => `/api/AirQuality`, ZAirQualitySensorRow.array()],
    ['air quality categories', () => `/api/AirQuality/Categories`, ZAirQualityCategory.array()],
    ['today', () => `/api/forecast/Today/ForLocation/${locationA()}`, ZTodayForecast],
    ['hourly', () => `/api/forecast/Hourly/ForLocation/${locationA()}`, ZHourlyForecast],
    [
      'today hourly (point)',
      () => `/api/forecast/Today/Hourly?latitude=32.78&longitude=-96.8`,
      ZHourlyForecast,
    ],
    ['today hourly', () => `/api/forecast/Today/Hourly/ForLocation/${locationA()}`, ZHourlyForecast],
    ['daily', () => `/api/forecast/Daily/ForLocation/${locationA()}`, ZDailyForecast],
    ['station by hardware', () => `/api/Hardware/WeatherStation/${hardwareId}`, ZStation],
    ['station', () => `/api/WeatherStation/${stationId}`, ZStation],
    ['station data', () => `/api/Hardware/WeatherStation/Data/${stationId}`, ZStationData],
    [
      'image last modified',
      () => `/api/Hardware/WeatherStation/Image/LastModified/${stationId}`,
      ZStationImageLastModified,
    ],
  ];

  it.each(cases)('%s', async (_name, url, schema) => {
    const res = await app.inject({ method: 'GET', url: url(), headers: await auth(t.a.admin.id) });
    expect(res.statusCode, res.body).toBe(200);
    schema.parse(res.json().data);
  });
});

describe('when the station image last changed', () => {
  it("answers the image's own time, without drawing the image", async () => {
    const skyImages = t.weather.providers.skyImages;
    const draw = vi.spyOn(skyImages, 'image');
    try {
      const res = await app.inject({
        method: 'GET',
        url: `/api/Hardware/WeatherStation/Image/LastModified/${stationId}`,
        headers: await auth(t.a.admin.id),
      });
      expect(res.statusCode, res.body).toBe(200);
      const { lastModified } = ZStationImageLastModified.parse(res.json().data);
      expect(draw).not.toHaveBeenCalled();
      // the camera the station page shows: its image, drawn now, was taken at that time
      const image = await app.inject({
        method: 'GET',
        url: `/api/Hardware/WeatherStation/Image/${stationId}`,
        headers: await auth(t.a.admin.id),
      });
      expect(image.statusCode).toBe(200);
      const drawn = await draw.mock.results[0]!.value;
      expect(lastModified).not.toBeNull();
      expect(lastModified).toBe(drawn.observedAt.toISOString());
    } finally {
      draw.mockRestore();
    }
  });
});

describe('what the calls answer', () => {
  it('current conditions come from the customer station, with its image and timeline link', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/observations/ForLocation/${locationA()}`,
      headers: await auth(t.a.customerUser.id),
    });
    const body = ZObservationForLocation.parse(res.json().data);
    expect(body.data?.source).toBe('station');
    expect(body.data?.ambientTemperature.unit).toBe('°F');
    expect(body.data?.ambientTemperature.value).toEqual(expect.any(Number));
    expect(body.weatherStation).toMatchObject({
      id: stationId,
      imageUrl: expect.stringMatching(
        new RegExp(`^/api/Hardware/WeatherStation/Image/${stationId}\\?exp=\\d+&sig=`),
      ),
    });
    expect(body.canViewHistorical).toBe(true);
    expect(body.calibratedData?.rainToday.unit).toBe('in');
  });

  it('the timeline has one point per recorded observation', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/Observations/Historical/${locationA()}?hours=1`,
      headers: await auth(t.a.admin.id),
    });
    const points = ZObservationHistoryPoint.array().parse(res.json().data);
    expect(points).toHaveLength(2);
    expect(new Date(points[1]!.date).getTime() - new Date(points[0]!.date).getTime()).toBe(5 * 60_000);
  });

  it("the station's week is one local day's row per day of recorded observations (min, avg, max)", async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/Observations/Historical/Week/${stationId}`,
      headers: await auth(t.a.admin.id),
    });
    const week = ZStationHistory.parse(res.json().data);
    expect(week.interval).toBe('Daily');
    expect(week.timeZone).toBe('America/Chicago');
    expect(week.rows.map((r) => r.date)).toEqual(['2026-07-01']);
    const [day] = week.rows;
    expect(day!.minAmbientTemperature!).toBeLessThanOrEqual(day!.avgAmbientTemperature!);
    expect(day!.avgAmbientTemperature!).toBeLessThanOrEqual(day!.maxAmbientTemperature!);
    expect(day!.maxWindGust!).toBeGreaterThanOrEqual(day!.maxWindSpeed!);
  });

  it("the 90-day limit is named in the spec's words", async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/Observations/Historical/Custom/${stationId}?startDate=2026-03-01T00:00:00Z&endDate=2026-06-30T00:00:00Z`,
      headers: await auth(t.a.admin.id),
    });
    expect(res.json().responseException.errors.EndDate).toEqual([
      'Custom Range must be at most 90 days. Try exporting data if longer date range is needed.',
    ]);
  });

  it("the map's observation mode answers the customer's station, or the nearest METAR", async () => {
    const url = (preferred: boolean) =>
      `/api/observations?latitude=32.78&longitude=-96.8&preferred=${preferred}`;
    const own = await app.inject({ method: 'POST', url: url(true), headers: await auth(t.a.admin.id) });
    const station = ZPointObservation.parse(own.json().data);
    expect(station.weatherStation?.id).toBe(stationId);
    expect(station.data?.source).toBe('station');
    const none = await app.inject({ method: 'POST', url: url(true), headers: await auth(t.b.admin.id) });
    expect(ZPointObservation.parse(none.json().data)).toEqual({
      data: null,
      weatherStation: null,
      metarStation: null,
    });
    const metar = ZPointObservation.parse(
      (await app.inject({ method: 'POST', url: url(false), headers: await auth(t.b.admin.id) })).json().data,
    );
    expect(metar.data?.source).toBe('metar');
    expect(metar.metarStation?.name).toEqual(expect.any(String));
  });

  it('the active wind warning is listed and is a threat', async () => {
    const headers = await auth(t.a.admin.id);
    const warnings = ZPolicyWarnings.parse(
      (
        await app.inject({ method: 'GET', url: `/api/observations/Violations/${locationA()}`, headers })
      ).json().data,
    );
    expect(warnings.map((w) => [w.policyName, w.policyDisplayName, w.thresholdValue])).toEqual([
      ['WIND', 'Wind Speed', 0],
    ]);
    const threats = ZThreats.parse(
      (await app.inject({ method: 'GET', url: `/api/Threats/${locationA()}`, headers })).json().data,
    );
    expect(threats).toContainEqual({ shortName: 'WIND', longName: ['Wind Speed Policy Warning'] });
  });

  it('the threat forecast rates every non-air-quality policy, the wind one at breach all day', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/ThreatForecast/Location/${locationA()}`,
      headers: await auth(t.a.admin.id),
    });
    const items = ZThreatForecast.parse(res.json().data);
    const wind = items.find((i) => i.threatType === 'WIND')!;
    expect(wind.threatLevel).toBe(2);
    expect(wind.threatTimes.length).toBeGreaterThan(0);
    expect(items.map((i) => i.threatType).sort()).toEqual(['HEAT', 'WIND']);
  });

  it('the station image comes with its type, Last-Modified and ETag, and a matching ETag gets 304', async () => {
    const headers = await auth(t.a.admin.id);
    const res = await app.inject({
      method: 'GET',
      url: `/api/Hardware/WeatherStation/Image/${stationId}`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/');
    expect(res.headers['last-modified']).toEqual(expect.any(String));
    const again = await app.inject({
      method: 'GET',
      url: `/api/Hardware/WeatherStation/Image/${stationId}`,
      headers: { ...headers, 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('the station image is a PNG: image/png, PNG signature, IHDR of 320 x 180', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/Hardware/WeatherStation/Image/${stationId}`,
      headers: await auth(t.a.admin.id),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const body = res.rawPayload;
    expect([...body.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(body.toString('latin1', 12, 16)).toBe('IHDR');
    expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([320, 180]);
  });

  it('the air quality list is for admin roles and empty for a customer without sensors', async () => {
    const admin = await app.inject({
      method: 'GET',
      url: '/api/AirQuality',
      headers: await auth(t.a.admin.id),
    });
    expect(admin.json().data).toEqual([]);
    const user = await app.inject({
      method: 'GET',
      url: '/api/AirQuality',
      headers: await auth(t.a.customerUser.id),
    });
    expect(user.statusCode).toBe(403);
  });

  it("the air quality list serves spec 03 §3's row: the customer's name and each pollutant's NowCast", async () => {
    const [sensor] = await t.db.db
      .insert(airQualitySensors)
      .values({
        customerId: t.a.customer.id,
        name: 'North Gate',
        latitude: 32.75,
        longitude: -97.1,
        pm25Aqi: 42,
        pm10Aqi: null,
        lastActivityAt: new Date('2026-07-01T12:00:00Z'),
      })
      .returning();
    // the row stands for what the observation ingest records, which then tells the bus (the API reads again)
    t.bus.publish('observations-changed', { at: t.clock.now() });
    try {
      const admin = await app.inject({
        method: 'GET',
        url: '/api/AirQuality',
        headers: await auth(t.a.admin.id),
      });
      expect(admin.json().data).toEqual([
        {
          id: sensor!.id,
          name: 'North Gate',
          customerName: t.a.customer.name,
          pM2_5: { nowcast: 42 },
          pM10: { nowcast: null },
          enabled: true,
          status: 'Enabled',
          lastActivity: '2026-07-01T12:00:00.000Z',
        },
      ]);
    } finally {
      await t.db.db.delete(airQualitySensors).where(eq(airQualitySensors.id, sensor!.id));
    }
  });
});

describe("another customer's data", () => {
  const urls: (() => string)[] = [
    () => `/api/observations/ForLocation/${locationA()}`,
    () => `/api/Observations/Historical/${locationA()}`,
    () => `/api/Observations/Historical/Week/${stationId}`,
    () =>
      `/api/Observations/Historical/Custom/${stationId}?startDate=2026-07-01T00:00:00Z&endDate=2026-07-01T12:00:00Z`,
    () => `/api/observations/Violations/${locationA()}`,
    () => `/api/PolicyWarnings/Location/${locationA()}`,
    () => `/api/Threats/${locationA()}`,
    () => `/api/ThreatForecast/Location/${locationA()}`,
    () => `/api/Advisory/${locationA()}`,
    () => `/api/Advisory/Detail/${locationA()}`,
    () => `/api/ProactiveForecast/Location/${locationA()}`,
    () => `/api/AirQuality/Location/${locationA()}`,
    () => `/api/forecast/Hourly/ForLocation/${locationA()}`,
    () => `/api/forecast/Daily/ForLocation/${locationA()}`,
    () => `/api/forecast/Today/ForLocation/${locationA()}`,
    () => `/api/forecast/Today/Hourly/ForLocation/${locationA()}`,
    () => `/api/Hardware/WeatherStation/${hardwareId}`,
    () => `/api/WeatherStation/${stationId}`,
    () => `/api/Hardware/WeatherStation/Data/${stationId}`,
    () => `/api/Hardware/WeatherStation/Image/${stationId}`,
    () => `/api/Hardware/WeatherStation/Image/LastModified/${stationId}`,
  ];

  it('is refused with 404 and no data', async () => {
    const headers = await auth(t.b.admin.id);
    for (const url of urls) {
      const res = await app.inject({ method: 'GET', url: url(), headers });
      expect(res.statusCode, url()).toBe(404);
      expect(res.json().data).toBeUndefined();
    }
  });
});

describe('bad query values', () => {
  const cases: [string, () => string, string][] = [
    ['hours 0', () => `/api/Observations/Historical/${locationA()}?hours=0`, 'Hours'],
    ['hours not a number', () => `/api/forecast/Hourly/ForLocation/${locationA()}?hours=abc`, 'Hours'],
    ['latitude out of range', () => `/api/forecast/Today/Hourly?latitude=91&longitude=-96`, 'Latitude'],
    ['longitude missing', () => `/api/forecast/Today/Hourly?latitude=32`, 'Longitude'],
    [
      'end before start',
      () =>
        `/api/Observations/Historical/Custom/${stationId}?startDate=2026-07-01T00:00:00Z&endDate=2026-06-30T00:00:00Z`,
      'EndDate',
    ],
    ['id not a number', () => `/api/Threats/abc`, 'Id'],
    [
      'custom range over 90 days',
      () =>
        `/api/Observations/Historical/Custom/${stationId}?startDate=2026-03-01T00:00:00Z&endDate=2026-06-30T00:00:00Z`,
      'EndDate',
    ],
    [
      'custom range ending after now',
      () =>
        `/api/Observations/Historical/Custom/${stationId}?startDate=2026-07-01T00:00:00Z&endDate=2026-07-02T00:00:00Z`,
      'EndDate',
    ],
  ];

  it('a map observation at latitude 91 gets 400 naming Latitude', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/observations?latitude=91&longitude=-96.8',
      headers: await auth(t.a.admin.id),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().responseException.errors)).toContain('Latitude');
  });

  it.each(cases)('%s gets 400 naming the field', async (_name, url, field) => {
    const res = await app.inject({ method: 'GET', url: url(), headers: await auth(t.a.admin.id) });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().responseException.errors)).toContain(field);
  });
});
