import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AuthContextProps } from 'react-oidc-context';
import { TestProviders, fakeAuth } from '../../test/render-app.tsx';
import { AuthGate } from './auth-gate.tsx';
import { useAuthStore } from '../../lib/session/auth-store.ts';

function renderGate(
  auth: AuthContextProps,
  path: string,
  onSignInTimeout = vi.fn(),
  content = <p>Signed-in content</p>,
) {
  useAuthStore.setState({ token: null, needsLogin: false });
  const router = createMemoryRouter(
    [{ path: '*', element: <AuthGate onSignInTimeout={onSignInTimeout}>{content}</AuthGate> }],
    { initialEntries: [path] },
  );
  const view = render(
    <TestProviders auth={auth}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  const rerenderWith = (next: AuthContextProps) =>
    view.rerender(
      <TestProviders auth={next}>
        <RouterProvider router={router} />
      </TestProviders>,
    );
  return { onSignInTimeout, rerenderWith };
}

/** Counts its mounts, so a test can tell a re-render from an unmount and a fresh start. */
function MountCounter({ onMount }: { onMount: () => void }) {
  useEffect(onMount, [onMount]);
  return <p>Signed-in content</p>;
}

describe('AuthGate (spec 03 §2.14 sign-in states)', () => {
  it('redirects an unauthenticated visitor to the identity provider, saving the path to return to', async () => {
    const auth = fakeAuth({ user: null, isAuthenticated: false });
    renderGate(auth, '/Hardware?site=2');
    await vi.waitFor(() => expect(auth.signinRedirect).toHaveBeenCalledTimes(1));
    expect(auth.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/Hardware?site=2' } });
    expect(screen.queryByText('Signed-in content')).not.toBeInTheDocument();
  });

  it('shows the app to an authenticated user and hands the API client their token', async () => {
    const auth = fakeAuth();
    renderGate(auth, '/');
    expect(await screen.findByText('Signed-in content')).toBeInTheDocument();
    expect(useAuthStore.getState().token).toBe(auth.user!.access_token);
    expect(auth.signinRedirect).not.toHaveBeenCalled();
  });

  it('keeps the app mounted through a silent renew and hands the API client the new token', async () => {
    const auth = fakeAuth();
    let mounts = 0;
    const countMount = () => {
      mounts += 1;
    };
    const { rerenderWith } = renderGate(auth, '/LiveRadar', vi.fn(), <MountCounter onMount={countMount} />);
    expect(await screen.findByText('Signed-in content')).toBeInTheDocument();
    expect(mounts).toBe(1);
    const renewed = fakeAuth({ user: { ...auth.user!, access_token: 'renewed-token' } as typeof auth.user });
    act(() => rerenderWith(renewed));
    await vi.waitFor(() => expect(useAuthStore.getState().token).toBe('renewed-token'));
    expect(screen.getByText('Signed-in content')).toBeInTheDocument();
    expect(screen.queryByText('Signing in…')).not.toBeInTheDocument();
    expect(mounts).toBe(1);
  });

  it('returns to the root when sign-in stays loading for 2 minutes, not a millisecond before', () => {
    vi.useFakeTimers();
    const auth = fakeAuth({ user: null, isAuthenticated: false, isLoading: true });
    const { onSignInTimeout } = renderGate(auth, '/');
    act(() => vi.advanceTimersByTime(2 * 60_000 - 1));
    expect(onSignInTimeout).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSignInTimeout).toHaveBeenCalledTimes(1);
  });

  it('offers to sign in again after a sign-in error instead of looping', async () => {
    const error = Object.assign(new Error('login_required'), {
      source: 'signinSilent' as const,
      args: undefined,
    });
    const auth = fakeAuth({ user: null, isAuthenticated: false, error });
    renderGate(auth, '/');
    expect(await screen.findByText(/Sign-in failed: login_required/)).toBeInTheDocument();
    expect(auth.signinRedirect).not.toHaveBeenCalled();
    screen.getByRole('button', { name: 'Sign In Again' }).click();
    expect(auth.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/' } });
  });

  it('forces a fresh sign-in when needsLogin is set while signed in', async () => {
    const auth = fakeAuth();
    renderGate(auth, '/Policies');
    expect(await screen.findByText('Signed-in content')).toBeInTheDocument();
    act(() => useAuthStore.getState().setNeedsLogin(true));
    await vi.waitFor(() =>
      expect(auth.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/Policies' } }),
    );
    expect(auth.removeUser).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Signed-in content')).not.toBeInTheDocument();
  });
});
