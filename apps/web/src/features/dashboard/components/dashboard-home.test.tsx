// Home (/) through the real app: empty and error states, the selection in the URL, the card strip, the header
// count from the severe-location tracker, the muted icon and the card row that adapts to the optional cards.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { admin, demoCustomer, demoLocations } from '../../../test/fixtures.ts';
import { renderApp, stubApi } from '../../../test/render-app.tsx';
import { useDashboardStore } from '../stores/dashboard-store.ts';
import { observationFor, policyWarning, pollutant, serverError } from '../test/dashboard-payloads.ts';
import { cardSpans } from './dashboard-home.tsx';

// The map has its own tests; here it is a plain region so jsdom need not start WebGL.
vi.mock('../../../components/map/weather-map.tsx', () => ({
  WeatherMap: ({ label }: { label?: string }) => <div role="region" aria-label={label} />,
}));

beforeEach(() =>
  useDashboardStore.setState({ selectedLocation: null, editedLocation: null, severeLocations: {} }),
);

function routes(locations: unknown, extra: Record<string, unknown> = {}) {
  return {
    'GET /api/user/current': admin,
    'GET /api/Customer/1': demoCustomer,
    'GET /api/AirQuality': [],
    'GET /api/location': locations,
    ...extra,
  };
}

describe('home (/)', { timeout: 30_000 }, () => {
  it('shows the empty state and the no-locations banner when the user has no locations', async () => {
    stubApi(routes([]));
    renderApp('/');
    expect(
      await screen.findByRole('heading', { name: "You don't have any locations added" }),
    ).toBeInTheDocument();
    expect(screen.getByText('Add a location to continue.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Location' })).toBeInTheDocument();
    expect(screen.queryByText(/location\(s\) in a policy warning/)).not.toBeInTheDocument();
  });

  it("shows the error state and the server's message as an error toast when the locations call fails", async () => {
    stubApi(routes(serverError));
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Problem retrieving locations' })).toBeInTheDocument();
    expect(screen.getByText('Check internet connection.')).toBeInTheDocument();
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Internal error');
    expect(toast).not.toHaveTextContent('Failed To Get Locations');
  });

  it("toasts 'Failed To Get Locations' when the failure carries no server message", async () => {
    stubApi(routes({ status: 502 }));
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Problem retrieving locations' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed To Get Locations');
  });

  it('shows the location of ?location=id and the others as cards, and selects a card into the URL', async () => {
    stubApi(routes(demoLocations));
    const { router } = renderApp('/?location=2');
    const selected = await screen.findByRole('region', { name: 'Selected location' });
    expect(within(selected).getByRole('heading', { name: 'Globe Life Field' })).toBeInTheDocument();
    const strip = screen.getByRole('list', { name: 'Your locations' });
    expect(
      within(strip)
        .getAllByRole('listitem')
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual(['AT&T Stadium', 'Toyota Stadium']);
    await userEvent.setup().click(within(strip).getByRole('button', { name: /Toyota Stadium/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?location=3'));
    expect(
      within(screen.getByRole('region', { name: 'Selected location' })).getByRole('heading', {
        name: 'Toyota Stadium',
      }),
    ).toBeInTheDocument();
    expect(useDashboardStore.getState().selectedLocation).toBe(3);
  });

  it('links the map to Live Radar for the selected location', async () => {
    stubApi(routes(demoLocations));
    renderApp('/?location=2');
    const map = await screen.findByRole('region', { name: 'Map' });
    expect(within(map).getByRole('link', { name: 'Live Radar' })).toHaveAttribute(
      'href',
      '/LiveRadar?location=2',
    );
  });

  it("shows today's date and counts locations with a policy warning", async () => {
    stubApi(routes(demoLocations, { 'GET /api/PolicyWarnings/Location/3': [policyWarning()] }));
    renderApp('/');
    expect(await screen.findByText('You have 1 location(s) in a policy warning')).toBeInTheDocument();
    const strip = screen.getByRole('list', { name: 'Your locations' });
    const card = (label: string) =>
      within(strip)
        .getAllByRole('listitem')
        .find((c) => c.getAttribute('aria-label') === label)!;
    const toyota = card('Toyota Stadium');
    expect(within(toyota).getByTestId('threat-badge')).toHaveAttribute('data-threats', 'WBGT');
    const globe = card('Globe Life Field');
    expect(within(globe).getByLabelText('No policy warnings')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('shows the muted icon with its tooltip text when flags AND 30 is not zero', async () => {
    const [a, b] = demoLocations;
    stubApi(
      routes([
        { ...a!, flags: 30 },
        { ...b!, flags: 0 },
      ]),
    );
    renderApp('/?location=1');
    const selected = await screen.findByRole('region', { name: 'Selected location' });
    expect(
      within(selected).getByLabelText(
        'Notifications are silenced for this location. Enable them by editing this location.',
      ),
    ).toBeInTheDocument();
  });

  it('has no muted icon when flags AND 30 is zero', async () => {
    const [a] = demoLocations;
    stubApi(routes([{ ...a!, flags: 1 }]));
    renderApp('/');
    const selected = await screen.findByRole('region', { name: 'Selected location' });
    expect(within(selected).queryByTestId('silenced-icon')).not.toBeInTheDocument();
  });

  it('adds the air quality and timeline cards when their data exists', async () => {
    const [a] = demoLocations;
    stubApi(
      routes([a], {
        'GET /api/observations/ForLocation/1': observationFor({}, 1),
        'GET /api/AirQuality/Location/1': [pollutant('PM2.5', 42, true), pollutant('O3', 30)],
      }),
    );
    renderApp('/');
    await waitFor(() => expect(screen.getByTestId('card-row')).toHaveAttribute('data-optional-cards', '2'));
    expect(await screen.findByRole('region', { name: 'Air Quality' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Conditions Timeline' })).toBeInTheDocument();
  });

  it('shows only the fixed cards without station, pollutants or work/rest profile', async () => {
    const [a] = demoLocations;
    stubApi(
      routes([a], {
        'GET /api/observations/ForLocation/1': observationFor({}, 0),
        'GET /api/AirQuality/Location/1': [],
      }),
    );
    renderApp('/');
    await screen.findByRole('region', { name: 'Current Conditions' });
    await waitFor(() => expect(screen.getByTestId('card-row')).toHaveAttribute('data-optional-cards', '0'));
    expect(screen.queryByRole('region', { name: 'Conditions Timeline' })).not.toBeInTheDocument();
  });
});

describe('cardSpans', () => {
  it('widens the fixed cards as fewer optional cards show, on a 12-column row', () => {
    expect(cardSpans(0)).toEqual({ conditions: 7, lightning: 5, optional: 12 });
    expect(cardSpans(1)).toEqual({ conditions: 4, lightning: 5, optional: 3 });
    expect(cardSpans(2)).toEqual({ conditions: 6, lightning: 6, optional: 6 });
    expect(cardSpans(3)).toEqual({ conditions: 6, lightning: 6, optional: 4 });
  });

  it('fills whole rows: every layout adds up to 12 columns a row', () => {
    for (const n of [0, 1, 2, 3]) {
      const s = cardSpans(n);
      if (n <= 1) expect(s.conditions + s.lightning + n * s.optional).toBe(12);
      else expect([s.conditions + s.lightning, n * s.optional]).toEqual([12, 12]);
    }
  });
});
