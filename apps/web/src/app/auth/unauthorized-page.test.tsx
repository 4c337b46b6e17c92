import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, renderApp, stubApi } from '../../test/render-app.tsx';
import { useAuthStore } from '../../lib/session/auth-store.ts';

describe('/Unauthorized (spec 02 §2.13)', () => {
  it('says access may need a sign-out and sign-in, and Sign Out starts the sign-out redirect', async () => {
    stubApi({});
    const auth = fakeAuth();
    renderApp('/unauthorized', auth);
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
    expect(screen.getByText(/sign out and sign in again/)).toBeInTheDocument();
    useAuthStore.setState({ token: 'old-token' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(auth.signoutRedirect).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('is shown without a session: it sits outside the sign-in gate', async () => {
    stubApi({});
    const auth = fakeAuth({ user: null, isAuthenticated: false });
    renderApp('/Unauthorized', auth);
    expect(await screen.findByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(auth.signinRedirect).not.toHaveBeenCalled();
  });
});
