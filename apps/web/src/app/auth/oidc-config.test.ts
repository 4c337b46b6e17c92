import { describe, expect, it } from 'vitest';
import { buildOidcSettings, returnPathFrom } from './oidc-config.ts';

describe('buildOidcSettings', () => {
  it('points at our identity service with the code flow, silent renew, profile from the ID token', () => {
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
      loadUserInfo: false,
    });
  });

  it('keeps the user in session storage', async () => {
    const s = buildOidcSettings('https://allclear.example', sessionStorage);
    await s.userStore!.set('user:test', '{"a":1}');
    expect(sessionStorage.getItem('oidc.user:test')).toBe('{"a":1}');
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
