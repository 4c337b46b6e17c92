import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { TLocationInput } from '@allclear/contracts';
import { useAuthStore } from './session/auth-store.ts';
import { ApiError, call } from './api-client.ts';
import { demoLocations } from '../test/fixtures.ts';

interface Sent {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

/** Stubs fetch with one answer and records what was sent. */
function answer(status: number, body: unknown): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    sent.push({
      method: init.method ?? 'GET',
      url,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return sent;
}

beforeEach(() => useAuthStore.setState({ token: 'abc.def.ghi', needsLogin: false }));
afterEach(() => vi.unstubAllGlobals());

describe('call', () => {
  it("GETs the route's path with the token and returns the answer's data", async () => {
    const sent = answer(200, { data: demoLocations });
    await expect(call('locationList')).resolves.toEqual(demoLocations);
    expect(sent.map((s) => [s.method, s.url, s.headers.get('Authorization')])).toEqual([
      ['GET', '/api/location', 'Bearer abc.def.ghi'],
    ]);
  });

  it('fills path params and adds the query, leaving out undefined values', async () => {
    const sent = answer(200, { data: [] });
    await call('observationHistory', { params: { id: 12 }, query: { hours: 6 } });
    await call('auditDeadLetters', { query: { count: undefined } });
    expect(sent.map((s) => s.url)).toEqual([
      '/api/Observations/Historical/12?hours=6',
      '/api/Audit/DeadLetters',
    ]);
  });

  it('sends the body as JSON and the headers the route declares', async () => {
    const sent = answer(200, { data: { message: 'Location added', location: null } });
    const body: TLocationInput = { label: 'Field', latitude: 32.7, longitude: -97.1 };
    await call('locationAdd', { body, headers: { returnlocation: 'false' } });
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.url).toBe('/api/location/Add');
    expect(sent[0]!.body).toEqual(body);
    expect(sent[0]!.headers.get('returnlocation')).toBe('false');
    expect(sent[0]!.headers.get('Content-Type')).toBe('application/json');
  });

  it("returns a 'json' route's whole body (a bare GeoJSON answer of the map service)", async () => {
    const collection = { type: 'FeatureCollection', features: [] };
    const sent = answer(200, collection);
    await expect(call('mapAlerts')).resolves.toEqual(collection);
    expect(sent[0]!.url).toBe('/map/Alerts');
  });

  it('is typed from the route: its params, and its data', () => {
    expectTypeOf(call<'customerGet'>)
      .parameter(1)
      .toEqualTypeOf<{ params: { id: number } }>();
    expectTypeOf(call<'locationHasCoverage'>).returns.resolves.toEqualTypeOf<boolean>();
    // @ts-expect-error a route with path params cannot be called without them
    expectTypeOf(call<'customerGet'>).toBeCallableWith();
    // @ts-expect-error an image is not a JSON call
    expectTypeOf(call<'weatherStationImage'>).toBeFunction();
  });

  it('turns a responseException into ApiError', async () => {
    answer(404, { responseException: { message: 'Location not found.', errors: {} } });
    const error = await call('lightningDelay', { params: { id: 5 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
  });

  it('in tests, rejects an answer outside the route contract, naming the route and the field', async () => {
    answer(200, { data: [{ ...demoLocations[0], latitude: 'north' }] });
    await expect(call('locationList')).rejects.toThrow(
      /GET \/api\/location answered outside its contract: 0\.latitude/,
    );
  });
});
