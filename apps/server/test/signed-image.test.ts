// A station's sky image is loaded by an <img>, which sends no bearer token: the station data hands out
// a signed, expiring URL, and only that URL (or a token) opens the image.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeatherStation } from '../src/db/factories.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let stationId: number;
let signedUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  stationId = (await buildWeatherStation(t.db.db, { customerId: t.a.customer.id })).id;
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/WeatherStation/${stationId}`,
    headers: { authorization: `Bearer ${await t.tokenFor(t.a.admin.id)}` },
  });
  expect(res.statusCode).toBe(200);
  signedUrl = res.json().data.imageUrl;
});
afterAll(async () => {
  await t.close();
});

describe('station image URLs', () => {
  it('are signed and expiring', () => {
    expect(signedUrl).toMatch(
      new RegExp(`^/api/Hardware/WeatherStation/Image/${stationId}\\?exp=\\d+&sig=[\\w-]+$`),
    );
  });

  it('open the image route without a token (past authentication: 200, or 404 when the station has no camera)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${signedUrl}&t=123` });
    expect([200, 404]).toContain(res.statusCode);
  });

  it('refuse the image route with no signature, a forged one, another station or an expired one', async () => {
    const base = `/api/Hardware/WeatherStation/Image/${stationId}`;
    const sig = new URL(signedUrl, 'http://x').searchParams.get('sig');
    const exp = Number(new URL(signedUrl, 'http://x').searchParams.get('exp'));
    for (const url of [
      base,
      `${base}?exp=${exp}&sig=${'A'.repeat(43)}`,
      `/api/Hardware/WeatherStation/Image/${stationId + 1}?exp=${exp}&sig=${sig}`,
      `${base}?exp=${exp + 10}&sig=${sig}`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    t.clock.advance(2 * 3600_000);
    expect((await t.app.inject({ method: 'GET', url: signedUrl })).statusCode).toBe(401);
  });

  it('does not open other routes with a signature', async () => {
    const sigQuery = signedUrl.split('?')[1];
    const res = await t.app.inject({ method: 'GET', url: `/api/WeatherStation/${stationId}?${sigQuery}` });
    expect(res.statusCode).toBe(401);
  });
});
