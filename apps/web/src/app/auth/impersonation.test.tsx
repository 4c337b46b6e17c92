import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UserManager } from 'oidc-client-ts';
import { admin, demoCustomer, demoLocations } from '../../test/fixtures.ts';
import { TestProviders, fakeAuth, renderApp, signedInUser, stubApi } from '../../test/render-app.tsx';
import { buildOidcSettings } from './oidc-config.ts';
import {
  IMPERSONATION_REFERRER_KEY,
  actingUserOf,
  completeImpersonation,
  decodeJwtClaims,
  endImpersonationUrl,
  isImpersonationPath,
} from './impersonation.ts';
import { ImpersonationBanner } from './impersonation-banner.tsx';

const ORIGIN = 'https://app.allclear.example';
const b64url = (o: unknown) =>
  btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const idToken = `${b64url({ alg: 'RS256' })}.${b64url({
  iss: `${ORIGIN}/identity`,
  sub: 'user-42',
  aud: 'allclear-web',
  name: 'From ID token',
  act: { sub: 'super-1', name: 'Sam Okafor' },
})}.signature`;

const impersonatedProfile = {
  sub: 'user-42',
  iss: `${ORIGIN}/identity`,
  aud: 'allclear-web',
  exp: 0,
  iat: 0,
  name: 'Dana Reyes',
  act: { sub: 'super-1', name: 'Sam Okafor' },
};

describe('impersonation helpers', () => {
  it('recognises the entry path in any case', () => {
    expect(isImpersonationPath('/impersonation')).toBe(true);
    expect(isImpersonationPath('/Impersonation/')).toBe(true);
    expect(isImpersonationPath('/impersonations')).toBe(false);
  });

  it("reads the acting user from the 'act' claim", () => {
    expect(actingUserOf({ sub: 'u', act: { sub: 'a', name: 'Sam' } } as never)).toEqual({
      sub: 'a',
      name: 'Sam',
    });
    expect(actingUserOf({ sub: 'u', act: { sub: 'a', email: 's@x.test' } } as never)).toEqual({
      sub: 'a',
      name: 's@x.test',
    });
    expect(actingUserOf({ sub: 'u' } as never)).toBeNull();
    expect(actingUserOf({ sub: 'u', act: { name: 'no sub' } } as never)).toBeNull();
  });

  it("sends 'End Impersonation' to the referring site's user details page, or home", () => {
    expect(endImpersonationUrl('https://admin.allclear.example/Users?page=2', 'user-42')).toBe(
      'https://admin.allclear.example/Users/user-42',
    );
    expect(endImpersonationUrl(null, 'user-42')).toBe('/');
    expect(endImpersonationUrl('javascript:alert(1)', 'user-42')).toBe('/');
    expect(endImpersonationUrl('not a url', 'user-42')).toBe('/');
  });

  it('decodes JWT claims, and nothing from garbage', () => {
    expect(decodeJwtClaims(idToken)).toMatchObject({ sub: 'user-42', act: { sub: 'super-1' } });
    expect(decodeJwtClaims('x.%%%.y')).toEqual({});
    expect(decodeJwtClaims(undefined)).toEqual({});
  });
});

describe('completeImpersonation', () => {
  it('exchanges the code with its verifier, merges user info over ID-token claims and stores the user', async () => {
    const calls: { url: string; body?: string; auth?: string | null }[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      calls.push({
        url,
        body: init?.body?.toString(),
        auth: new Headers(init?.headers).get('Authorization'),
      });
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (url.endsWith('/.well-known/openid-configuration')) {
        return json({
          issuer: `${ORIGIN}/identity`,
          authorization_endpoint: `${ORIGIN}/identity/auth`,
          token_endpoint: `${ORIGIN}/identity/token`,
          userinfo_endpoint: `${ORIGIN}/identity/me`,
        });
      }
      if (url === `${ORIGIN}/identity/token`) {
        return json({ access_token: 'imp-at', token_type: 'Bearer', id_token: idToken, expires_in: 300 });
      }
      if (url === `${ORIGIN}/identity/me`)
        return json({ sub: 'user-42', name: 'Dana Reyes', email: 'dana@x.test' });
      return new Response(null, { status: 404 });
    });
    const userManager = new UserManager(buildOidcSettings(ORIGIN, sessionStorage));
    const user = await completeImpersonation(
      userManager,
      { origin: ORIGIN, search: '?code=one-time&code_verifier=verifier-123' },
      'https://admin.allclear.example/Users',
      1_800_000_000,
    );

    const tokenCall = calls.find((c) => c.url.endsWith('/token'))!;
    const form = new URLSearchParams(tokenCall.body);
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'authorization_code',
      code: 'one-time',
      client_id: 'allclear-web',
      redirect_uri: `${ORIGIN}/impersonation`,
      code_verifier: 'verifier-123',
    });
    expect(calls.find((c) => c.url.endsWith('/me'))!.auth).toBe('Bearer imp-at');
    expect(user.profile).toMatchObject({ sub: 'user-42', name: 'Dana Reyes', email: 'dana@x.test' });
    expect(actingUserOf(user.profile)).toEqual({ sub: 'super-1', name: 'Sam Okafor' });
    expect(user.expires_at).toBe(1_800_000_300);

    const stored = await userManager.getUser();
    expect(stored?.access_token).toBe('imp-at');
    expect(sessionStorage.getItem(IMPERSONATION_REFERRER_KEY)).toBe('https://admin.allclear.example/Users');
  });

  it('refuses a link without a code', async () => {
    const userManager = new UserManager(buildOidcSettings(ORIGIN, sessionStorage));
    await expect(completeImpersonation(userManager, { origin: ORIGIN, search: '' }, '', 0)).rejects.toThrow(
      /no code/,
    );
  });
});

describe('ImpersonationBanner', () => {
  it('names the impersonated user and ends the session locally, going to the referrer user page', async () => {
    sessionStorage.setItem(IMPERSONATION_REFERRER_KEY, 'https://admin.allclear.example/Users');
    const auth = fakeAuth({ user: signedInUser({ profile: impersonatedProfile }) });
    const navigateTo = vi.fn();
    render(
      <TestProviders auth={auth}>
        <ImpersonationBanner navigateTo={navigateTo} />
      </TestProviders>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You are signed in as Dana Reyes (impersonated by Sam Okafor).',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'End Impersonation' }));
    await waitFor(() =>
      expect(navigateTo).toHaveBeenCalledWith('https://admin.allclear.example/Users/user-42'),
    );
    expect(auth.removeUser).toHaveBeenCalledTimes(1);
    expect(auth.signoutRedirect).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(IMPERSONATION_REFERRER_KEY)).toBeNull();
  });

  it('is absent in a normal session', () => {
    render(
      <TestProviders auth={fakeAuth()}>
        <ImpersonationBanner navigateTo={vi.fn()} />
      </TestProviders>,
    );
    expect(screen.queryByRole('button', { name: 'End Impersonation' })).not.toBeInTheDocument();
  });

  it('shows in the top bar of an impersonated session', async () => {
    stubApi({
      'GET /api/user/current': admin,
      'GET /api/Customer/1': demoCustomer,
      'GET /api/AirQuality': [],
      'GET /api/location': demoLocations,
    });
    renderApp('/', fakeAuth({ user: signedInUser({ profile: impersonatedProfile }) }));
    const banner = await screen.findByRole('button', { name: 'End Impersonation' });
    expect(screen.getByRole('banner')).toContainElement(banner);
  });
});
