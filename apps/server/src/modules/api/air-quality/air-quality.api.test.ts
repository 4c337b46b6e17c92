// Issue 20 'Air quality of the location, not of a sensor 600 miles away': GET AirQuality/Location/{id} gives a
// reading only from a monitor within the 10-mile reach the policies obey (spec 01 §9); beyond it, every
// pollutant comes without values (the gauge's '--' and 'N/A'), with the nearest monitor's distance.
// Real app and database; the test app's simulator has one focus point, Dallas, with its monitor within 4 miles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AQI_SENSOR_REACH_MILES, greatCircleMiles } from '@allclear/domain';
import { ZLocationAirQuality, type TLocationAirQuality } from '@allclear/contracts';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { buildLocation } from '../../../db/factories.ts';

const NORTH_PLATTE = { latitude: 41.1239, longitude: -100.7654 };
const HONOLULU = { latitude: 21.3069, longitude: -157.8583 };

let t: TestApp;
let northPlatte: number;
let honolulu: number;
const auth = async (userId: string) => ({ authorization: `Bearer ${await t.tokenFor(userId)}` });

beforeAll(async () => {
  t = await createTestApp();
  const owner = { customerId: t.a.customer.id, userId: t.a.customerUser.id };
  northPlatte = (await buildLocation(t.db.db, { ...owner, label: 'North Platte', ...NORTH_PLATTE })).id;
  honolulu = (await buildLocation(t.db.db, { ...owner, label: 'Honolulu', ...HONOLULU })).id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function airQuality(id: number): Promise<TLocationAirQuality> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/AirQuality/Location/${id}`,
    headers: await auth(t.a.customerUser.id),
  });
  expect(res.statusCode, res.body).toBe(200);
  return ZLocationAirQuality.parse(res.json().data);
}

/** The distance from a point to the monitor the simulator names nearest, as the API rounds it. */
async function nearestMonitorMiles(point: { latitude: number; longitude: number }): Promise<number> {
  const [series] = await t.weather.providers.airQuality.near(point, t.clock.now());
  const miles = greatCircleMiles(point, {
    latitude: series!.sensorLatitude,
    longitude: series!.sensorLongitude,
  });
  return Math.round(miles * 10) / 10;
}

describe('GET AirQuality/Location/{id} and the 10-mile reach', () => {
  it.each([
    ['North Platte, NE', () => northPlatte, NORTH_PLATTE, [550, 650]],
    ['Honolulu, HI', () => honolulu, HONOLULU, [3600, 3900]],
  ] as const)(
    '%s gets no reading, only the nearest monitor and its distance',
    async (_name, id, point, [low, high]) => {
      const body = await airQuality(id());
      const expectedMiles = await nearestMonitorMiles(point);
      expect(expectedMiles).toBeGreaterThan(low);
      expect(expectedMiles).toBeLessThan(high);
      expect(body.map((p) => p.pollutantName).sort()).toEqual(['O3', 'PM10', 'PM2.5']);
      for (const p of body) {
        expect(p.inReach).toBe(false);
        expect(p.isMainPollutant).toBe(false);
        expect(p.distanceInMiles).toBeCloseTo(expectedMiles, 0);
        expect(p.sourceName).toMatch(/Air Monitor/);
        expect(p.concentration.value).toBeNull();
        for (const i of Object.values(p.aqiData))
          expect(i).toEqual({ value: null, color: null, shortDescription: null });
      }
    },
  );

  it('a location with a monitor within 10 miles gets its reading, the main pollutant first', async () => {
    const body = await airQuality(t.a.location.id);
    expect(body).toHaveLength(3);
    const [main, ...rest] = body;
    expect(main!.isMainPollutant).toBe(true);
    for (const p of body) {
      expect(p.inReach).toBe(true);
      expect(p.distanceInMiles).toBeLessThanOrEqual(AQI_SENSOR_REACH_MILES);
      expect(p.aqiData.nowCastIndex.value).toEqual(expect.any(Number));
      expect(p.aqiData.nowCastIndex.shortDescription).toEqual(expect.any(String));
      expect(p.concentration.value).toEqual(expect.any(Number));
    }
    for (const p of rest) {
      expect(p.isMainPollutant).toBe(false);
      expect(p.aqiData.nowCastIndex.value!).toBeLessThanOrEqual(main!.aqiData.nowCastIndex.value!);
    }
  });

  it('a location id that is not a number gets 400 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/AirQuality/Location/abc',
      headers: await auth(t.a.customerUser.id),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().responseException).toEqual({ message: expect.any(String), errors: expect.any(Object) });
  });

  it("another customer's far location is refused with 404, not answered with a distance", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/AirQuality/Location/${northPlatte}`,
      headers: await auth(t.b.admin.id),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().data).toBeUndefined();
  });
});
