// GET observations?latitude&longitude&preferred (spec 01 §7 'Observations'): the call the map's observation
// tool makes when a click hits no feature (apps/web get-observation-at-point.ts). Real database with an
// ingested customer station; the METAR lookup comes from the simulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPointObservation, type TPointObservation } from '@allclear/contracts';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { buildWeatherStation } from '../../../db/factories.ts';
import { createObservationIngest } from '../../../engine/observations/observation-ingest.ts';

let t: TestApp;
let stationId: number;
const auth = async (userId: string) => ({ authorization: `Bearer ${await t.tokenFor(userId)}` });
const url = (q: string) => `/api/observations?${q}`;

beforeAll(async () => {
  t = await createTestApp();
  stationId = (await buildWeatherStation(t.db.db, { customerId: t.a.customer.id })).id;
  const ingest = createObservationIngest({
    config: t.config,
    db: t.db,
    clock: t.clock,
    weather: t.weather,
    log: t.app.log,
    enqueueAlert: async () => {},
  });
  await ingest.runCycle();
  t.clock.advance(5 * 60_000);
  await ingest.runCycle();
});
afterAll(async () => {
  await t.close();
});

/** The values the popup shows are numbers, not missing. */
function expectReadings(o: TPointObservation): void {
  expect(o.data).not.toBeNull();
  for (const m of [o.data!.ambientTemperature, o.data!.windSpeed, o.data!.relativeHumidity])
    expect(m.value).toEqual(expect.any(Number));
  expect(Number.isNaN(Date.parse(o.data!.observationTime))).toBe(false);
}

describe('GET /api/observations?latitude&longitude&preferred', () => {
  it("answers the customer's preferred station with its readings", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: url('latitude=32.78&longitude=-96.8&preferred=true'),
      headers: await auth(t.a.customerUser.id),
    });
    expect(res.statusCode, res.body).toBe(200);
    const o = ZPointObservation.parse(res.json().data);
    expect(o.weatherStation?.id).toBe(stationId);
    expect(o.weatherStation?.name).toEqual(expect.any(String));
    expect(o.data?.source).toBe('station');
    expectReadings(o);
  });

  it('answers the nearest METAR with preferred=false, and preferred defaults to true', async () => {
    const headers = await auth(t.a.admin.id);
    const metar = await t.app.inject({
      method: 'GET',
      url: url('latitude=32.78&longitude=-96.8&preferred=false'),
      headers,
    });
    expect(metar.statusCode, metar.body).toBe(200);
    const o = ZPointObservation.parse(metar.json().data);
    expect(o.data?.source).toBe('metar');
    expect(o.metarStation?.name).toEqual(expect.any(String));
    expect(o.weatherStation).toBeNull();
    expectReadings(o);
    const byDefault = await t.app.inject({
      method: 'GET',
      url: url('latitude=32.78&longitude=-96.8'),
      headers,
    });
    expect(ZPointObservation.parse(byDefault.json().data).weatherStation?.id).toBe(stationId);
  });

  it("answers nulls, not another customer's station, when the customer has none", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: url('latitude=32.78&longitude=-96.8&preferred=true'),
      headers: await auth(t.b.admin.id),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ data: null, weatherStation: null, metarStation: null });
  });

  it.each([
    ['latitude 91', 'latitude=91&longitude=-96.8', 'Latitude'],
    ['latitude not a number', 'latitude=north&longitude=-96.8', 'Latitude'],
    ['a missing latitude', 'longitude=-96.8', 'Latitude'],
    ['longitude -180.5', 'latitude=32.78&longitude=-180.5', 'Longitude'],
    ['longitude not a number', 'latitude=32.78&longitude=x', 'Longitude'],
    ['preferred not a boolean', 'latitude=32.78&longitude=-96.8&preferred=maybe', 'Preferred'],
  ])('refuses %s with 400 naming the field', async (_name, q, field) => {
    const res = await t.app.inject({ method: 'GET', url: url(q), headers: await auth(t.a.admin.id) });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.responseException.message).toEqual(expect.any(String));
    expect(Object.keys(body.responseException.errors)).toContain(field);
  });

  it('requires a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: url('latitude=32.78&longitude=-96.8') });
    expect(res.statusCode).toBe(401);
    expect(res.json().responseException.message).toEqual(expect.any(String));
  });

  it('is in the OpenAPI document with its query parameters', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const get = doc.paths['/api/observations']?.get;
    expect(get).toBeDefined();
    expect(get.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual([
      'query:latitude',
      'query:longitude',
      'query:preferred',
    ]);
    expect(get.responses['200']).toBeDefined();
  });
});
