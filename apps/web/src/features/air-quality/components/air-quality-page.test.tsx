// The Air Quality page inside the app's layout: one main landmark (the layout's), the page's title its h1.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { admin, demoCustomer, demoLocations } from '../../../test/fixtures.ts';
import { fakeAuth, renderApp, stubApi } from '../../../test/render-app.tsx';

vi.setConfig({ testTimeout: 60_000 });

afterEach(() => vi.unstubAllGlobals());

describe('the Air Quality page', () => {
  it('has one main landmark, the layout’s, around its content', async () => {
    stubApi({
      'GET /api/user/current': admin,
      'GET /api/Customer/1': demoCustomer,
      'GET /api/AirQuality': [],
      'GET /api/location': demoLocations,
    });
    renderApp('/AirQuality', fakeAuth());
    const title = await screen.findByRole('heading', { level: 1, name: 'Air Quality' });
    const mains = screen.getAllByRole('main');
    expect(mains).toHaveLength(1);
    expect(mains[0]).toContainElement(title);
  });
});
