// The selected-location panel: cache-busted station image, 'Image updated {n} min ago', the desktop-only viewer,
// the placeholder when the image fails, and the edit entry.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { locationAbilities, type RoleName } from '@allclear/domain';
import { demoLocations } from '../../../test/fixtures.ts';
import { stubApi } from '../../../test/render-app.tsx';
import { observationFor } from '../test/dashboard-payloads.ts';
import { renderPanel } from '../test/render-panel.tsx';
import { SelectedLocationPanel } from './selected-location-panel.tsx';

const location = demoLocations[0]!;

function serve() {
  stubApi({
    'GET /api/observations/ForLocation/1': observationFor(),
    'GET /api/Hardware/WeatherStation/Image/LastModified/7': {
      lastModified: new Date(Date.now() - 12 * 60_000 - 5_000).toISOString(),
    },
  });
}

describe('SelectedLocationPanel', { timeout: 30_000 }, () => {
  it("shows the station image with its last-modified stamp and 'Image updated 12 min ago'", async () => {
    serve();
    renderPanel(<SelectedLocationPanel location={location} onEdit={() => {}} />);
    expect(await screen.findByText('Image updated 12 min ago')).toBeInTheDocument();
    const img = screen.getByRole('img', { name: 'AT&T Stadium Station sky image' });
    expect(img.getAttribute('src')).toMatch(/^\/api\/Hardware\/WeatherStation\/Image\/7\?t=\d{4}-/);
    expect(screen.getByText('AT&T Stadium Station')).toBeInTheDocument();
  });

  it('opens the full-screen viewer on desktop', async () => {
    serve();
    renderPanel(<SelectedLocationPanel location={location} onEdit={() => {}} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Expand image' }));
    expect(await screen.findByRole('dialog', { name: 'AT&T Stadium Station sky image' })).toBeInTheDocument();
  });

  it('shows the camera-off placeholder when the image fails to load', async () => {
    serve();
    renderPanel(<SelectedLocationPanel location={location} onEdit={() => {}} />);
    await screen.findByText('Image updated 12 min ago');
    fireEvent.error(screen.getByRole('img', { name: 'AT&T Stadium Station sky image' }));
    expect(screen.getByRole('img', { name: 'No camera image' })).toBeInTheDocument();
  });

  it('opens the edit form for this location', async () => {
    serve();
    const onEdit = vi.fn();
    renderPanel(<SelectedLocationPanel location={location} onEdit={onEdit} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Edit Location' }));
    expect(onEdit).toHaveBeenCalledWith(location);
  });

  // A location shared by the organisation (no owner), served with the abilities the server's location policy
  // gives each role: the Customer may not change it, so it is not offered; an Admin may.
  const shared = (role: RoleName) => ({
    ...location,
    organizationLocationId: 11,
    abilities: locationAbilities(
      { userId: 'me', customerId: 1, role },
      { customerId: 1, userId: null, type: 0 },
    ),
  });

  it('does not offer Edit Location to a Customer on a shared location', async () => {
    serve();
    renderPanel(<SelectedLocationPanel location={shared('Customer')} onEdit={() => {}} />);
    expect(await screen.findByText('Image updated 12 min ago')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Location' })).not.toBeInTheDocument();
  });

  it('offers Edit Location to an Admin on a shared location', async () => {
    serve();
    const onEdit = vi.fn();
    const forAdmin = shared('Admin');
    renderPanel(<SelectedLocationPanel location={forAdmin} onEdit={onEdit} />);
    expect(await screen.findByText('Image updated 12 min ago')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Edit Location' }));
    expect(onEdit).toHaveBeenCalledWith(forAdmin);
  });
});
