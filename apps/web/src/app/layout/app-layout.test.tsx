import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SIDEBAR_ENTRIES, visibleSidebarEntries } from '@allclear/domain';
import type { TCurrentUser } from '@allclear/contracts';
import {
  admin,
  assistantAdmin,
  customerUser,
  demoAirQualitySensors,
  demoCustomer,
  demoLocations,
  superAdmin,
} from '../../test/fixtures.ts';
import { TestProviders, fakeAuth, renderApp, stubApi } from '../../test/render-app.tsx';
import { useAuthStore } from '../../lib/session/auth-store.ts';
import { Sidebar } from './sidebar.tsx';
import { BUILT_PATHS } from '../routes.tsx';
import { accessSubjectOf } from '../../lib/session/current-user.ts';
import { environmentBadge } from './environment.ts';

function routesFor(user: TCurrentUser, extra: Record<string, unknown> = {}) {
  return {
    'GET /api/user/current': user,
    'GET /api/Customer/1': demoCustomer,
    'GET /api/AirQuality': demoAirQualitySensors,
    'GET /api/location': demoLocations,
    ...extra,
  };
}

async function sidebarLinks() {
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  return within(nav)
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);
}

describe('sidebar with every screen built (the rendered domain rule, per role fixture)', () => {
  const allPaths = SIDEBAR_ENTRIES.map((e) => e.path);
  const expected: [string, TCurrentUser, boolean, string[]][] = [
    ['Super Admin with every feature', superAdmin, true, SIDEBAR_ENTRIES.map((e) => e.label)],
    [
      'Admin with Ask a Meteorologist and Mass Notify',
      admin,
      true,
      [
        'Home',
        'On-Site Hardware',
        'Air Quality Index',
        'Ask a Meteorologist',
        'Users',
        'Policies',
        'Notify Users',
      ],
    ],
    [
      'Assistant Admin with widget access, customer without sensors',
      assistantAdmin,
      false,
      ['Home', 'On-Site Hardware', 'Users', 'Policies', 'Widgets'],
    ],
    ['Customer of a customer with every feature', customerUser, true, ['Home']],
  ];
  it.each(expected)('%s sees exactly the allowed entries', (_name, user, sensors, labels) => {
    const entries = visibleSidebarEntries(accessSubjectOf(user), {
      hasAirQualitySensors: sensors,
      builtPaths: allPaths,
    });
    const router = createMemoryRouter([
      { path: '*', element: <Sidebar entries={entries} permanent topOffset={64} /> },
    ]);
    render(
      <TestProviders auth={fakeAuth()}>
        <RouterProvider router={router} />
      </TestProviders>,
    );
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(labels);
    const paths = Object.fromEntries(SIDEBAR_ENTRIES.map((e) => [e.label, e.path]));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(labels.map((l) => paths[l]));
  });
});

describe('app shell (real routes: the screens built so far)', () => {
  it.each([
    ['Super Admin', superAdmin],
    ['Admin', admin],
    ['Assistant Admin', assistantAdmin],
    ['Customer', customerUser],
  ] as const)('%s sees exactly the allowed entries among the built screens', async (_role, user) => {
    stubApi(routesFor(user));
    renderApp('/');
    const expected = visibleSidebarEntries(accessSubjectOf(user), {
      hasAirQualitySensors: false,
      builtPaths: BUILT_PATHS,
    }).map((e) => [e.label, e.path]);
    expect(expected[0]).toEqual(['Home', '/']);
    expect(await sidebarLinks()).toEqual(expected);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it('has header, navigation and main landmarks', async () => {
    stubApi(routesFor(admin));
    renderApp('/');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('sends the token of the session as a Bearer header', async () => {
    const requests = stubApi(routesFor(admin));
    const auth = fakeAuth();
    renderApp('/', auth);
    await screen.findByRole('list', { name: 'Your locations' });
    const current = requests.find((r) => r.url === '/api/user/current');
    expect(current?.authorization).toBe(`Bearer ${auth.user!.access_token}`);
  });

  it("shows the customer's banner as an info alert when present", async () => {
    stubApi(
      routesFor(admin, {
        'GET /api/Customer/1': { ...demoCustomer, banner: 'Scheduled maintenance Sunday 2 am CST.' },
      }),
    );
    renderApp('/');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Scheduled maintenance Sunday 2 am CST.');
    expect(alert.className).toMatch(/MuiAlert-standardInfo|colorInfo/);
  });

  it('shows an admin a warning banner while alerts are held back by a database outage (issue 21)', async () => {
    const held = {
      alertsHeldBack: true,
      state: 'held',
      strikesWaiting: 420,
      oldestWaitingSeconds: 185,
      heldSince: '2026-07-01T16:57:00.000Z',
    };
    stubApi(routesFor(admin, { 'GET /api/Notification/IngestStatus': held }));
    renderApp('/');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Alerts are held back: the database is unavailable. 420 strikes kept (the oldest for 3 min 5 s); ' +
        'they will be applied and their alerts sent as soon as it answers again.',
    );
    expect(alert.className).toMatch(/MuiAlert-standardWarning|colorWarning/);
  });

  it('never asks for a Customer whether alerts are held back (the banner is the admin roles’)', async () => {
    const requests = stubApi(
      routesFor(customerUser, {
        'GET /api/Notification/IngestStatus': { alertsHeldBack: true, state: 'held', strikesWaiting: 1 },
      }),
    );
    renderApp('/');
    await screen.findByRole('list', { name: 'Your locations' });
    expect(requests.some((r) => r.url.includes('IngestStatus'))).toBe(false);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows no banner when the customer has none', async () => {
    stubApi(routesFor(admin));
    renderApp('/');
    await screen.findByRole('list', { name: 'Your locations' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends a Customer opening an admin route to /Unauthorized', async () => {
    stubApi(routesFor(customerUser));
    const { router } = renderApp('/users');
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/Unauthorized');
  });

  it('lets an Admin through the guard of an admin route: the Users page, in the sidebar too', async () => {
    stubApi({ ...routesFor(admin), 'GET /api/user/customer': [], 'GET /api/notificationuser': [] });
    const { router } = renderApp('/Users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/Users');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the environment badge outside production (tests run in mode "test")', async () => {
    stubApi(routesFor(admin));
    renderApp('/');
    expect(await screen.findByLabelText('Environment: TEST')).toBeInTheDocument();
  });

  it('opens the help link in a new tab without giving it the opener', async () => {
    stubApi(routesFor(admin));
    renderApp('/');
    const help = await screen.findByRole('link', { name: /support centre/ });
    expect(help).toHaveAttribute('target', '_blank');
    expect(help.getAttribute('rel')).toContain('noopener');
    expect(help.getAttribute('href')).toMatch(/^https:\/\//);
  });

  it('offers only built pages and Log Out in the avatar menu, reachable by keyboard; Log Out signs out', async () => {
    stubApi(routesFor(admin));
    const user = userEvent.setup();
    const auth = fakeAuth();
    renderApp('/', auth);
    // named by what it shows too: the initials of Dana Reyes
    const button = await screen.findByRole('button', { name: 'Account menu, DR' });
    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['My Profile', 'Notification Settings', 'Log Out']);
    expect(within(menu).getByText('Dana Reyes')).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Log Out' }));
    expect(auth.signoutRedirect).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('a 401 from the API sets needsLogin and starts a fresh sign-in that returns to the same page', async () => {
    stubApi({
      ...routesFor(admin),
      'GET /api/user/current': {
        status: 401,
        body: { responseException: { message: 'Token expired', errors: {} } },
      },
    });
    const auth = fakeAuth();
    renderApp('/?view=all', auth);
    await waitFor(() => expect(auth.signinRedirect).toHaveBeenCalledTimes(1));
    expect(useAuthStore.getState().needsLogin).toBe(true);
    expect(auth.removeUser).toHaveBeenCalledTimes(1);
    expect(auth.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/?view=all' } });
  });
});

describe('environmentBadge', () => {
  it('shows no badge in production and a short name elsewhere', () => {
    expect(environmentBadge('production')).toBeNull();
    expect(environmentBadge('')).toBeNull();
    expect(environmentBadge('development')).toBe('DEV');
    expect(environmentBadge('staging')).toBe('STAGING');
    expect(environmentBadge('qa')).toBe('QA');
  });
});
