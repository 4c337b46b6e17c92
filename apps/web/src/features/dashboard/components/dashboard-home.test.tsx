import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { admin, demoCustomer, demoLocations } from '../../../test/fixtures.ts';
import { renderApp, stubApi } from '../../../test/render-app.tsx';

function shellRoutes(locations: unknown) {
  return {
    'GET /api/user/current': admin,
    'GET /api/Customer/1': demoCustomer,
    'GET /api/AirQuality': [],
    'GET /api/location': locations,
  };
}

describe('home (/)', () => {
  it('shows the empty state when the user has no locations', async () => {
    stubApi(shellRoutes([]));
    renderApp('/');
    expect(
      await screen.findByRole('heading', { name: "You don't have any locations added" }),
    ).toBeInTheDocument();
    expect(screen.getByText('Add a location to continue.')).toBeInTheDocument();
    expect(screen.queryByText(/location\(s\) in a policy warning/)).not.toBeInTheDocument();
  });

  it('shows the error state when the locations call fails', async () => {
    stubApi({
      ...shellRoutes([]),
      'GET /api/location': {
        status: 500,
        body: { responseException: { message: 'Internal error', errors: {} } },
      },
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Problem retrieving locations' })).toBeInTheDocument();
    expect(screen.getByText('Check internet connection.')).toBeInTheDocument();
  });

  it("lists the user's locations with label and address and counts none in warning before the engine reports", async () => {
    stubApi(shellRoutes(demoLocations));
    renderApp('/');
    const list = await screen.findByRole('list', { name: 'Your locations' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'AT&T Stadium',
      'Globe Life Field',
      'Toyota Stadium',
    ]);
    expect(within(cards[2]!).getByText('9200 World Cup Way, Frisco, TX 75033')).toBeInTheDocument();
    expect(screen.getByText('You have 0 location(s) in a policy warning')).toBeInTheDocument();
  });

  it('counts locations with at least one policy warning', async () => {
    const [a, b, c] = demoLocations;
    stubApi(
      shellRoutes([
        { ...a, policyWarningCount: 2 },
        { ...b, policyWarningCount: 0 },
        { ...c, policyWarningCount: 1 },
      ]),
    );
    renderApp('/');
    expect(await screen.findByText('You have 2 location(s) in a policy warning')).toBeInTheDocument();
  });

  it("shows today's date in the header", async () => {
    stubApi(shellRoutes([]));
    renderApp('/');
    await screen.findByRole('heading', { name: "You don't have any locations added" });
    const time = document.querySelector('header time');
    const today = new Date();
    const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(time?.getAttribute('datetime')).toBe(iso);
  });
});
