import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from './session/auth-store.ts';
import { ApiError, apiDelete, apiGet, apiPatch, apiPost } from './api-client.ts';
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
    await expect(apiGet('/location')).resolves.toEqual(demoLocations);
    expect(requests).toEqual([{ method: 'GET', url: '/api/location', authorization: 'Bearer abc.def.ghi' }]);
  });

  it('sends JSON bodies with POST, PATCH and DELETE', async () => {
    const requests = stubApi({
      'POST /api/location': { status: 201, body: { data: { id: 9 } } },
      'PATCH /api/location/9': { id: 9, label: 'Renamed' },
      'DELETE /api/location/9': { status: 204 },
    });
    await expect(apiPost('/location', { label: 'New' })).resolves.toEqual({ id: 9 });
    await expect(apiPatch('/location/9', { label: 'Renamed' })).resolves.toEqual({ id: 9, label: 'Renamed' });
    await expect(apiDelete('/location/9')).resolves.toBeUndefined();
    expect(requests.map((r) => r.method)).toEqual(['POST', 'PATCH', 'DELETE']);
  });

  it('sends no Authorization header before sign-in', async () => {
    useAuthStore.setState({ token: null });
    const requests = stubApi({ 'GET /api/location': [] });
    await apiGet('/location');
    expect(requests[0]!.authorization).toBeNull();
  });

  it('a 401 from the main API sets needsLogin and still rejects', async () => {
    stubApi({
      'GET /api/user/current': {
        status: 401,
        body: { responseException: { message: 'Unauthorized', errors: {} } },
      },
    });
    const error = await caught(apiGet('/user/current'));
    expect(error.status).toBe(401);
    expect(useAuthStore.getState().needsLogin).toBe(true);
  });

  it('a 401 from the integration service sets needsLogin too (spec 01 §4)', async () => {
    stubApi({ 'GET /integration/singlewire': { status: 401, body: {} } });
    await caught(apiGet('/singlewire', { base: '/integration' }));
    expect(useAuthStore.getState().needsLogin).toBe(true);
  });

  it('a 403 does not ask for a new sign-in', async () => {
    stubApi({
      'GET /api/Users': { status: 403, body: { responseException: { message: 'Forbidden', errors: {} } } },
    });
    const error = await caught(apiGet('/Users'));
    expect(error.status).toBe(403);
    expect(useAuthStore.getState().needsLogin).toBe(false);
  });

  it('builds ApiError from responseException with its field errors and first ServerErrors entry', async () => {
    stubApi({
      'POST /api/location': {
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
    const error = await caught(apiPost('/location', {}));
    expect(error).toMatchObject({ status: 400, message: 'Validation failed' });
    expect(error.errors).toEqual({
      Label: ['Label is required'],
      ServerErrors: ['A location with this name exists', 'second'],
    });
    expect(error.firstServerError).toBe('A location with this name exists');
  });

  it('falls back to the status text when the body has no responseException', async () => {
    stubApi({ 'GET /api/location': { status: 502, body: 'Bad gateway' } });
    const error = await caught(apiGet('/location'));
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/502|Bad Gateway/i);
    expect(error.errors).toEqual({});
  });

  it('turns a network failure into ApiError with status 0', async () => {
    stubApi({});
    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    const error = await caught(apiGet('/location'));
    expect(error.status).toBe(0);
  });
});
