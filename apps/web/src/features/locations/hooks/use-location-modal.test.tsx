// The feature's entry points: AddLocationButton opens 'Add Location'; useLocationModal().openEdit opens
// 'Editing "{label}"' with that location's values; zone 4 follows the signed-in customer's features.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { TLocation } from '@allclear/contracts';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { admin, demoCustomer, demoLocations } from '../../../test/fixtures.ts';
import { stubApi } from '../../../test/render-app.tsx';
import { AddLocationButton, useLocationModal } from '../index.ts';

vi.setConfig({ testTimeout: 20_000 });

function routes(features: number[]) {
  return {
    'GET /api/user/current': { ...admin, features },
    'GET /api/Customer/1': demoCustomer,
    'GET /api/AirQuality': [],
    'GET /api/location': demoLocations,
    'GET /api/location/LightningPolicies': [],
    'GET /api/organizationLocation': [],
  };
}

function EditHarness({ location }: { location: TLocation }) {
  const { openEdit, modal } = useLocationModal();
  return (
    <>
      <button type="button" onClick={() => openEdit(location)}>
        Open editor
      </button>
      {modal}
    </>
  );
}

const wrap = (ui: React.ReactNode) =>
  render(<AppProviders queryClient={createQueryClient({ retry: false })}>{ui}</AppProviders>);

describe('location modal entry points', () => {
  it("AddLocationButton opens 'Add Location' with an empty name, offering zone 4 with the entitlement", async () => {
    stubApi(routes([9]));
    wrap(<AddLocationButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Add location' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Location' });
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('');
    expect(await within(dialog).findByRole('switch', { name: 'Enable zone 4' })).toBeInTheDocument();
  });

  it("openEdit opens 'Editing \"{label}\"' with the location's values, address locked", async () => {
    stubApi(routes([]));
    const first = demoLocations[0]!;
    wrap(<EditHarness location={first} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open editor' }));
    const dialog = await screen.findByRole('dialog', { name: `Editing "${first.label}"` });
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue(first.label);
    expect(within(dialog).getByRole('combobox', { name: 'Address' })).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Open editor' })).toBeInTheDocument();
  });
});
