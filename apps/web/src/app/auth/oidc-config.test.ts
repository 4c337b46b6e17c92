import { afterEach, describe, expect, it, vi } from 'vitest';
import { OidcClient, UserManager } from 'oidc-client-ts';
import { buildOidcSettings, returnPathFrom } from './oidc-config.ts';

const ORIGIN = 'https://allclear.example';
const b64url = (o: unknown) =>
  btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('buildOidcSettings', () => {
  it('points at our identity service with the code flow, silent renew and user-info loading', () => {
    const s = buildOidcSettings('https://allclear.example', sessionStorage);
    expect(s).toMatchObject({
      authority: 'https://allclear.example/identity',
      client_id: 'allclear-web',
      redirect_uri: 'https://allclear.example/callback',
      silent_redirect_uri: 'https://allclear.example/silentrenew',
      post_logout_redirect_uri: 'https://allclear.example/',
      response_type: 'code',
      scope: 'openid profile email allclear offline_access',
      automaticSilentRenew: true,
      loadUserInfo: true,
    });
  });

  it('keeps the user in session storage', async () => {
    const s = buildOidcSettings('https://allclear.example', sessionStorage);
    await s.userStore!.set('user:test', '{"a":1}');
    expect(sessionStorage.getItem('oidc.user:test')).toBe('{"a":1}');
  });
});

describe('signing in with these settings', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('loads user info with the access token and merges its claims over the ID token (spec 01 §4)', async () => {
    const userInfoCalls: (string | null)[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (url === `${ORIGIN}/identity/.well-known/openid-configuration`) {
        return json({
          issuer: `${ORIGIN}/identity`,
          authorization_endpoint: `${ORIGIN}/identity/auth`,
          token_endpoint: `${ORIGIN}/identity/token`,
          userinfo_endpoint: `${ORIGIN}/identity/me`,
          end_session_endpoint: `${ORIGIN}/identity/session/end`,
        });
      }
      if (url === `${ORIGIN}/identity/token`) {
        expect(new URLSearchParams(String(init?.body)).get('code')).toBe('one-time');
        const idToken = `${b64url({ alg: 'RS256' })}.${b64url({
          iss: `${ORIGIN}/identity`,
          aud: 'allclear-web',
          sub: 'user-7',
          iat: 1_700_000_000,
          exp: 4_000_000_000,
          name: 'Old Name',
          role: 'Customer',
          permissions: ['a', 'b'],
        })}.signature`;
        return json({ access_token: 'at-123', token_type: 'Bearer', id_token: idToken, expires_in: 600 });
      }
      if (url === `${ORIGIN}/identity/me`) {
        userInfoCalls.push(new Headers(init?.headers).get('Authorization'));
        return json({ sub: 'user-7', name: 'Ada Admin', role: 'Admin', permissions: ['c'] });
      }
      return new Response(null, { status: 404 });
    });
    const settings = buildOidcSettings(ORIGIN, sessionStorage);
    const request = await new OidcClient(settings).createSigninRequest({ request_type: 'si:r' });
    const state = new URL(request.url).searchParams.get('state')!;
    const user = await new UserManager(settings).signinCallback(
      `${ORIGIN}/callback?code=one-time&state=${state}&iss=${encodeURIComponent(`${ORIGIN}/identity`)}`,
    );

    expect(userInfoCalls).toEqual(['Bearer at-123']);
    expect(user?.profile).toMatchObject({
      sub: 'user-7',
      name: 'Ada Admin',
      role: 'Admin',
      permissions: ['c'],
    });
  });
});

describe('returnPathFrom', () => {
  it('returns a saved in-app path with its query', () => {
    expect(returnPathFrom({ returnTo: '/Users?tab=groups' })).toBe('/Users?tab=groups');
  });
  it("falls back to '/' when nothing was saved", () => {
    expect(returnPathFrom(undefined)).toBe('/');
    expect(returnPathFrom({})).toBe('/');
  });
  it('refuses paths that leave the site', () => {
    expect(returnPathFrom({ returnTo: 'https://evil.example/' })).toBe('/');
    expect(returnPathFrom({ returnTo: '//evil.example/' })).toBe('/');
  });
  it('does not return to the callback pages', () => {
    expect(returnPathFrom({ returnTo: '/Callback?code=1' })).toBe('/');
    expect(returnPathFrom({ returnTo: '/silentrenew' })).toBe('/');
  });
});
