import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { admin, demoCustomer, demoLocations } from '../../test/fixtures.ts';
import { fakeAuth, renderApp, signedInUser, stubApi } from '../../test/render-app.tsx';
import { useAuthStore } from '../../lib/session/auth-store.ts';

const shell = {
  'GET /api/user/current': admin,
  'GET /api/Customer/1': demoCustomer,
  'GET /api/AirQuality': [],
  'GET /api/location': demoLocations,
};

describe('/callback', () => {
  it('sends a sign-in result without a profile to /Unauthorized', async () => {
    stubApi(shell);
    const auth = fakeAuth({ user: null, isAuthenticated: false });
    const { router } = renderApp('/callback?code=abc&state=xyz', auth);
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/Unauthorized');
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('sends a failed code exchange (error, no user) to /Unauthorized', async () => {
    stubApi(shell);
    const error = Object.assign(new Error('invalid_grant'), { source: 'signinCallback' as const });
    const auth = fakeAuth({ user: null, isAuthenticated: false, error });
    const { router } = renderApp('/Callback?code=abc&state=xyz', auth);
    await waitFor(() => expect(router.state.location.pathname).toBe('/Unauthorized'));
  });

  it('waits while the code is being exchanged', async () => {
    stubApi(shell);
    const auth = fakeAuth({ user: null, isAuthenticated: false, isLoading: true });
    const { router } = renderApp('/callback?code=abc&state=xyz', auth);
    expect(await screen.findByLabelText('Signing in')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/callback');
  });

  it('with a profile stores the token, clears needsLogin and returns to the saved path', async () => {
    stubApi(shell);
    const user = signedInUser({ access_token: 'fresh-token', state: { returnTo: '/Users?tab=groups' } });
    const auth = fakeAuth({ user });
    // A 401 set needsLogin before the redirect to the identity provider.
    const { router } = renderApp('/Callback?code=abc&state=xyz', auth, { needsLogin: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/Users'));
    expect(router.state.location.search).toBe('?tab=groups');
    expect(useAuthStore.getState().needsLogin).toBe(false);
    expect(useAuthStore.getState().token).toBe('fresh-token');
  });

  it('with a profile and no saved path goes to the dashboard', async () => {
    stubApi(shell);
    const { router } = renderApp('/callback?code=abc&state=xyz', fakeAuth());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('list', { name: 'Your locations' })).toBeInTheDocument();
  });
});
