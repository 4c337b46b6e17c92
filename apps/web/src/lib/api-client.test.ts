// The client's transport rules, through call(): the token, JSON in and out, and how failures become ApiError.
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from './session/auth-store.ts';
import { ApiError, call } from './api-client.ts';
import { stubApi } from '../test/render-app.tsx';
import { demoLocations } from '../test/fixtures.ts';

beforeEach(() => useAuthStore.setState({ token: 'abc.def.ghi', needsLogin: false }));

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('api client', () => {
  it('unwraps { data } and sends the token as a Bearer header', async () => {
    const requests = stubApi({ 'GET /api/location': demoLocations });
    await expect(call('locationList')).resolves.toEqual(demoLocations);
    expect(requests).toEqual([{ method: 'GET', url: '/api/location', authorization: 'Bearer abc.def.ghi' }]);
  });

  it('sends the method of the route: POST with a body, DELETE with params', async () => {
    const requests = stubApi({
      'POST /api/location/Update': 'Location updated',
      'DELETE /api/location/9': 'Location deleted',
    });
    await expect(
      call('locationUpdate', { body: { id: 9, label: 'Renamed', latitude: 32.7, longitude: -97.1 } }),
    ).resolves.toBe('Location updated');
    await expect(call('locationDelete', { params: { id: 9 } })).resolves.toBe('Location deleted');
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/location/Update',
      'DELETE /api/location/9',
    ]);
  });

  it('sends no Authorization header before sign-in', async () => {
    useAuthStore.setState({ token: null });
    const requests = stubApi({ 'GET /api/location': [] });
    await call('locationList');
    expect(requests[0]!.authorization).toBeNull();
  });

  it('a 401 from the main API sets needsLogin and still rejects', async () => {
    stubApi({
      'GET /api/user/current': {
        status: 401,
        body: { responseException: { message: 'Unauthorized', errors: {} } },
      },
    });
    const error = await caught(call('userCurrent'));
    expect(error.status).toBe(401);
    expect(useAuthStore.getState().needsLogin).toBe(true);
  });

  it('a 401 from the map service does not ask for a new sign-in (its tiles are public)', async () => {
    stubApi({ 'GET /map/Alerts': { status: 401, body: {} } });
    const error = await caught(call('mapAlerts'));
    expect(error.status).toBe(401);
    expect(useAuthStore.getState().needsLogin).toBe(false);
  });

  it('a 403 does not ask for a new sign-in', async () => {
    stubApi({
      'GET /api/AirQuality': {
        status: 403,
        body: { responseException: { message: 'Forbidden', errors: {} } },
      },
    });
    const error = await caught(call('airQualitySensors'));
    expect(error.status).toBe(403);
    expect(useAuthStore.getState().needsLogin).toBe(false);
  });

  it('builds ApiError from responseException with its field errors and first ServerErrors entry', async () => {
    stubApi({
      'POST /api/location/Add': {
        status: 400,
        body: {
          responseException: {
            message: 'Validation failed',
            errors: {
              Label: ['Label is required'],
              ServerErrors: ['A location with this name exists', 'second'],
            },
          },
        },
      },
    });
    const error = await caught(call('locationAdd', { body: { label: '', latitude: 0, longitude: 0 } }));
    expect(error).toMatchObject({ status: 400, message: 'Validation failed' });
    expect(error.errors).toEqual({
      Label: ['Label is required'],
      ServerErrors: ['A location with this name exists', 'second'],
    });
    expect(error.firstServerError).toBe('A location with this name exists');
  });

  it('falls back to the status text when the body has no responseException', async () => {
    stubApi({ 'GET /api/location': { status: 502, body: 'Bad gateway' } });
    const error = await caught(call('locationList'));
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/502|Bad Gateway/i);
    expect(error.errors).toEqual({});
  });

  it('turns a network failure into ApiError with status 0', async () => {
    stubApi({});
    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    const error = await caught(call('locationList'));
    expect(error.status).toBe(0);
  });
});
