// A station's sky image is loaded by an <img>, which sends no bearer token: the station data hands out
// a signed, expiring URL, and only that URL (or a token) opens the image.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { greatCircleMiles } from '@allclear/domain';
import { buildHardware, buildWeatherStation } from '../src/db/factories.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A point in the Gulf of Guinea, far from every camera of the simulator. */
const NOWHERE = { latitude: 0, longitude: 0 };

let t: TestApp;
let stationId: number;
let signedUrl: string;
let cameralessUrl: string;

async function signedUrlOf(id: number): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/WeatherStation/${id}`,
    headers: { authorization: `Bearer ${await t.tokenFor(t.a.admin.id)}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.imageUrl;
}

beforeAll(async () => {
  t = await createTestApp();
  // one unit on a camera of the simulator (its image is served), one far from any camera (404)
  const [camera] = await t.weather.providers.observations.stations();
  const onCamera = await buildHardware(t.db.db, {
    customerId: t.a.customer.id,
    latitude: camera!.latitude,
    longitude: camera!.longitude,
  });
  const cameras = await t.weather.providers.observations.stations();
  expect(Math.min(...cameras.map((c) => greatCircleMiles(NOWHERE, c)))).toBeGreaterThan(100);
  const far = await buildHardware(t.db.db, { customerId: t.a.customer.id, ...NOWHERE });
  stationId = (await buildWeatherStation(t.db.db, { customerId: t.a.customer.id, hardwareId: onCamera.id }))
    .id;
  const cameraless = await buildWeatherStation(t.db.db, { customerId: t.a.customer.id, hardwareId: far.id });
  signedUrl = await signedUrlOf(stationId);
  cameralessUrl = await signedUrlOf(cameraless.id);
});
afterAll(async () => {
  await t.close();
});

const paramsOf = (url: string) => new URL(url, 'http://x').searchParams;

describe('station image URLs', () => {
  it('are signed and expiring', () => {
    expect(signedUrl).toMatch(
      new RegExp(`^/api/Hardware/WeatherStation/Image/${stationId}\\?exp=\\d+&sig=[\\w-]+$`),
    );
  });

  it('open the image route without a token: the PNG a bearer token is served', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${signedUrl}&t=123` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect([...res.rawPayload.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    const withToken = await t.app.inject({
      method: 'GET',
      url: `/api/Hardware/WeatherStation/Image/${stationId}`,
      headers: { authorization: `Bearer ${await t.tokenFor(t.a.admin.id)}` },
    });
    expect(withToken.statusCode).toBe(200);
    expect(res.rawPayload.equals(withToken.rawPayload)).toBe(true);
  });

  it('pass authentication for a station without a camera, which answers 404 naming the image', async () => {
    const res = await t.app.inject({ method: 'GET', url: cameralessUrl });
    expect(res.statusCode).toBe(404);
    expect(res.json().responseException.message).toMatch(/Station image/);
  });

  it('refuse the image route with no signature, a forged one, another station or a later expiry', async () => {
    const base = `/api/Hardware/WeatherStation/Image/${stationId}`;
    const sig = paramsOf(signedUrl).get('sig');
    const exp = Number(paramsOf(signedUrl).get('exp'));
    for (const url of [
      base,
      `${base}?exp=${exp}&sig=${'A'.repeat(43)}`,
      `/api/Hardware/WeatherStation/Image/${stationId + 1}?exp=${exp}&sig=${sig}`,
      `${base}?exp=${exp + 10}&sig=${sig}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.headers['content-type'], url).not.toBe('image/png');
    }
  });

  it('does not open other routes with a signature', async () => {
    const sigQuery = signedUrl.split('?')[1];
    const res = await t.app.inject({ method: 'GET', url: `/api/WeatherStation/${stationId}?${sigQuery}` });
    expect(res.statusCode).toBe(401);
  });

  it('open the image up to their expiry second and not a millisecond after', async () => {
    const expMs = Number(paramsOf(signedUrl).get('exp')) * 1000;
    expect(expMs - t.clock.now().getTime()).toBe(3600_000);
    t.clock.set(new Date(expMs));
    expect((await t.app.inject({ method: 'GET', url: signedUrl })).statusCode).toBe(200);
    t.clock.set(new Date(expMs + 1));
    expect((await t.app.inject({ method: 'GET', url: signedUrl })).statusCode).toBe(401);
  });
});
