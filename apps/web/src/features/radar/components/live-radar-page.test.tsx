import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { admin, demoCustomer, demoLocations } from '../../../test/fixtures.ts';
import { renderApp, stubApi } from '../../../test/render-app.tsx';
import { useMapStore } from '../../../components/map/map-store.ts';
import { fakeMap } from '../../../components/map/test/fake-maplibre.tsx';

vi.mock(
  '../../../components/map/maplibre.ts',
  () => import('../../../components/map/test/fake-maplibre.tsx'),
);

function routes() {
  return {
    'GET /api/user/current': admin,
    'GET /api/Customer/1': demoCustomer,
    'GET /api/AirQuality': [],
    'GET /api/location': demoLocations,
    'GET /map/past': {
      status: 200,
      body: {
        data: {
          type: 'past',
          product: null,
          isFuture: false,
          stepMinutes: 5,
          latest: '2026-11-22T00:00:00Z',
          frames: [],
          source: 'simulator',
        },
      },
    },
    'GET /map/ClusterStrikes': { status: 200, body: { type: 'FeatureCollection', features: [] } },
  };
}

describe('Live Radar (/LiveRadar)', { timeout: 20_000 }, () => {
  beforeEach(() => useMapStore.getState().reset());

  it("shows the 'Live Radar' header and a full map with radar and lightning on", async () => {
    stubApi(routes());
    renderApp('/LiveRadar');
    expect(await screen.findByRole('heading', { name: 'Live Radar', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Live Radar map' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Layers' }));
    const layers = screen.getByRole('region', { name: 'Layers' });
    expect(within(layers).getByRole('checkbox', { name: 'Radar' })).toBeChecked();
    expect(within(layers).getByRole('checkbox', { name: 'Lightning' })).toBeChecked();
    expect(within(layers).getByRole('checkbox', { name: 'Road Conditions' })).not.toBeChecked();
  });

  it('recentres at zoom 8 on the selected location and draws its rings with labels above zoom 7', async () => {
    const flyTo = vi.spyOn(fakeMap, 'flyTo');
    stubApi(routes());
    renderApp('/LiveRadar?location=3');
    await screen.findByRole('region', { name: 'Live Radar map' });
    await waitFor(() =>
      expect(flyTo).toHaveBeenCalledWith(expect.objectContaining({ center: [-96.8353, 33.1543], zoom: 8 })),
    );
    const [first] = demoLocations.filter((l) => l.id === 3);
    expect(await screen.findByText(`${first!.zonesInForce.radii[0]} mi`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Centre on location' })).toBeInTheDocument();
  });
});
