// The Add/Edit Location modal driven through the real component with a stubbed fetch: zone pushing and
// enablement, the fourth-zone rule, the policy lock notice and overwrite warning, the error banner rules,
// the add flow with autocomplete and the 'I Understand' dialog, and the delete confirmation.
import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { LOCATION_FIELD_MESSAGES, type TLocation } from '@allclear/contracts';
import {
  greatCircleMiles,
  locationAbilities,
  POLICY_LOCK_NOTICE,
  zoneBoundsMessage,
  type RoleName,
} from '@allclear/domain';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { useToastStore } from '../../../components/toast/toast-store.ts';
import { LocationModal } from './location-modal.tsx';
import {
  ERROR_ADDING_LOCATION,
  ERROR_UPDATING_LOCATION,
  POLICY_OVERWRITE_WARNING,
} from './location-form/location-form-texts.ts';
import { POSITION_MAP_HINT } from './position-picker.tsx';
import { fakeMap, fakeMapControl } from '../../../components/map/test/fake-maplibre.tsx';
import { POSITION_RINGS_SOURCE } from '../../../components/map/position-map-canvas.tsx';

// jsdom has no WebGL: the position map runs on the map's fake (components/map/README.md)
vi.mock(
  '../../../components/map/maplibre.ts',
  () => import('../../../components/map/test/fake-maplibre.tsx'),
);

// the first render of the modal transforms MUI on a busy 2-core machine
vi.setConfig({ testTimeout: 20_000 });

interface Sent {
  method: string;
  path: string;
  body: unknown;
}
type Answer = { status: number; body: unknown } | ((body: unknown) => { status: number; body: unknown });

/** Serves `routes` keyed 'METHOD /api/path' (query ignored); plain answers are wrapped in `{ data }`. */
function stubFetch(routes: Record<string, Answer | unknown>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = input.split('?')[0]!;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path, body });
    const entry = routes[`${method} ${path}`];
    const answer =
      entry === undefined
        ? { status: 404, body: { responseException: { message: 'Not found', errors: {} } } }
        : typeof entry === 'function'
          ? (entry as (b: unknown) => { status: number; body: unknown })(body)
          : typeof entry === 'object' && entry !== null && 'status' in entry
            ? (entry as { status: number; body: unknown })
            : { status: 200, body: { data: entry } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}

const baseRoutes = {
  'GET /api/location/LightningPolicies': [],
  'GET /api/organizationLocation': [],
  'GET /api/location': [],
  'GET /api/Location/AddWarning': null,
};

const saved: TLocation = {
  id: 7,
  label: 'Stadium',
  locationName: 'Dallas, TX',
  latitude: 32.78,
  longitude: -96.8,
  radius1: 10,
  radius2: 20,
  radius3: 0,
  radius4: 0,
  allClearMinutes: 30,
  flags: 0,
  forecastLocation: false,
  organizationLocationId: null,
  type: 0,
  zonesInForce: {
    radii: [10, 20, 0, 0],
    allClearMinutes: 30,
    lockedByPolicy: false,
    differsFromSaved: false,
  },
  abilities: { edit: true, delete: true, rename: true },
};

/** The abilities the server serves a role on a shared (organisation) location: the domain's location policy. */
const sharedAbilities = (role: RoleName, type: number) =>
  locationAbilities({ userId: 'viewer', customerId: 1, role }, { customerId: 1, userId: null, type });

function renderModal(props: { location?: TLocation | null; features?: number[] } = {}) {
  const onClose = vi.fn();
  const view = render(
    <AppProviders queryClient={createQueryClient({ retry: false })}>
      <LocationModal
        open
        location={props.location ?? null}
        customerFeatures={props.features ?? []}
        onClose={onClose}
      />
    </AppProviders>,
  );
  return { onClose, unmount: view.unmount };
}

const zoneValue = (zone: number) =>
  within(screen.getByTestId(`zone-${zone}`)).getByText(/mi$|^Off$/).textContent;
const slider = (name: string) => screen.getByRole('slider', { name });

/** Address suggestions for `pickPlace`. */
const placeRoutes = {
  'GET /api/Geocode/Autocomplete': [{ label: 'Dallas, TX', latitude: 32.7767, longitude: -96.797 }],
};
/** Picks 'Dallas, TX' from the address suggestions (a new location needs an address, spec 01 §5). */
async function pickPlace() {
  fireEvent.change(screen.getByRole('combobox', { name: 'Address' }), { target: { value: 'Dallas' } });
  fireEvent.click(await screen.findByRole('option', { name: 'Dallas, TX' }));
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Address' })).toHaveValue('Dallas, TX'));
}

describe('zones', () => {
  it('enables zones above the prior one and pushes neighbours to keep 1-mile spacing', async () => {
    stubFetch(baseRoutes);
    renderModal();
    expect(screen.getByRole('heading', { name: 'Add Location' })).toBeInTheDocument();
    expect(zoneValue(1)).toBe('10 mi');
    expect(zoneValue(2)).toBe('Off');
    fireEvent.click(screen.getByRole('switch', { name: 'Enable zone 2' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Enable zone 3' }));
    expect([zoneValue(2), zoneValue(3)]).toEqual(['11 mi', '12 mi']);
    fireEvent.change(slider('Zone 1 radius'), { target: { value: 20 } });
    expect([zoneValue(1), zoneValue(2), zoneValue(3)]).toEqual(['20 mi', '21 mi', '22 mi']);
    // zone 1 stops at its soft maximum of 47 miles
    fireEvent.change(slider('Zone 1 radius'), { target: { value: 50 } });
    expect([zoneValue(1), zoneValue(2), zoneValue(3)]).toEqual(['47 mi', '48 mi', '49 mi']);
  });

  it('disabling zone 2 also turns zone 3 off, and zone 3 cannot be enabled while zone 2 is off', () => {
    stubFetch(baseRoutes);
    renderModal();
    fireEvent.click(screen.getByRole('switch', { name: 'Enable zone 2' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Enable zone 3' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Enable zone 2' }));
    expect([zoneValue(2), zoneValue(3)]).toEqual(['Off', 'Off']);
    expect(screen.getByRole('switch', { name: 'Enable zone 3' })).toBeDisabled();
  });

  it('shows zone 4 only with FOURTH_LIGHTNING_ZONE_SUPPORT or a saved radius4', () => {
    stubFetch(baseRoutes);
    renderModal();
    expect(screen.queryByRole('switch', { name: 'Enable zone 4' })).not.toBeInTheDocument();
    screen.getByRole('button', { name: 'Cancel' }).click();
  });

  it.each([
    [{ features: [9] }, true],
    [{ location: { ...saved, radius3: 30, radius4: 40 } }, true],
    [{ location: saved }, false],
  ])('zone 4 for %j is shown: %s', (props, shown) => {
    stubFetch(baseRoutes);
    renderModal(props);
    expect(Boolean(screen.queryByRole('switch', { name: 'Enable zone 4' }))).toBe(shown);
  });

  it('sends the all-clear in steps of 10 and the Enable Alerts flags (off = 30)', async () => {
    const sent = stubFetch({
      ...baseRoutes,
      ...placeRoutes,
      'POST /api/location/Add': { message: 'Location added', location: saved },
    });
    renderModal();
    await pickPlace();
    fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: 'Field' } });
    fireEvent.change(slider('All-clear timer: 30 minutes'), { target: { value: 40 } });
    expect(screen.getByText('All-clear timer: 40 minutes')).toBeInTheDocument();
    expect(screen.getByText('Yes, please')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: 'Enable Alerts' }));
    expect(screen.getByText('No, thanks')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.some((s) => s.method === 'POST')).toBe(true));
    expect(sent.find((s) => s.method === 'POST')!.body).toMatchObject({
      label: 'Field',
      latitude: 32.7767,
      longitude: -96.797,
      radius1: 10,
      radius2: 0,
      allClearMinutes: 40,
      flags: 30,
    });
  });
});

describe('policy lock', () => {
  it('locks the zones and timer to the LR policies, shows the notice and, when saved values differ, the overwrite warning', async () => {
    stubFetch({
      ...baseRoutes,
      'GET /api/location/LightningPolicies': [
        { policyTypeShortName: 'LR1', threshold: 6, allClearMinutes: 20 },
        { policyTypeShortName: 'LR2', threshold: 12, allClearMinutes: 50 },
      ],
    });
    renderModal({ location: saved });
    expect(await screen.findByText(POLICY_LOCK_NOTICE)).toBeInTheDocument();
    expect(screen.getByText(POLICY_OVERWRITE_WARNING)).toBeInTheDocument();
    expect([zoneValue(1), zoneValue(2)]).toEqual(['6 mi', '12 mi']);
    expect(slider('Zone 1 radius')).toBeDisabled();
    expect(slider('Zone 2 radius')).toBeDisabled();
    expect(screen.getByText('All-clear timer: 20 minutes')).toBeInTheDocument();
  });

  it('shows neither without lightning policies', async () => {
    const sent = stubFetch(baseRoutes);
    renderModal({ location: saved });
    await waitFor(() => expect(sent.some((s) => s.path === '/api/location/LightningPolicies')).toBe(true));
    expect(screen.queryByText(POLICY_LOCK_NOTICE)).not.toBeInTheDocument();
    expect(screen.queryByText(POLICY_OVERWRITE_WARNING)).not.toBeInTheDocument();
    expect(slider('Zone 1 radius')).not.toBeDisabled();
  });
});

describe('error banner', () => {
  const fail = (errors: Record<string, string[]>) => ({
    status: 400,
    body: { responseException: { message: 'One or more validation errors occurred.', errors } },
  });

  it("reads 'Error adding location' and shows field errors beside Label and LocationName", async () => {
    stubFetch({
      ...baseRoutes,
      'POST /api/location/Add': fail({
        Label: ['Name is required.'],
        LocationName: ['Address is required.'],
      }),
    });
    renderModal();
    const content = document.querySelector('.MuiDialogContent-root') as HTMLElement;
    content.scrollTop = 400;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_ADDING_LOCATION);
    // the form scrolls to the top so the banner is seen (spec 01 §8)
    expect(content.scrollTop).toBe(0);
    expect(screen.getByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Address is required.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the first ServerErrors item when there is one', async () => {
    stubFetch({
      ...baseRoutes,
      ...placeRoutes,
      'POST /api/location/Add': fail({ ServerErrors: ['First problem', 'Second'] }),
    });
    renderModal();
    await pickPlace();
    fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: 'Field' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^First problem$/);
  });

  it("reads 'Error updating location' when an edit fails", async () => {
    stubFetch({
      ...baseRoutes,
      'POST /api/location/Update': fail({ Radius1: ['Zone 1 radius must be between 0 and 50 miles.'] }),
    });
    renderModal({ location: saved });
    expect(screen.getByRole('heading', { name: 'Editing "Stadium"' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_UPDATING_LOCATION);
    expect(screen.getByText('Zone 1 radius must be between 0 and 50 miles.')).toBeInTheDocument();
  });

  it("shows the update's text in a success banner and closes", async () => {
    stubFetch({ ...baseRoutes, 'POST /api/location/Update': 'Location updated' });
    const { onClose } = renderModal({ location: saved });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(useToastStore.getState()).toMatchObject({
      show: true,
      variant: 'success',
      header: 'Location updated',
    });
  });
});

describe('validation before saving (the one location schema of every write path)', () => {
  it('refuses a zone 1 locked at 0 by a policy: nothing is sent, the zone text shows under Zone 1', async () => {
    const sent = stubFetch({
      ...baseRoutes,
      'GET /api/location/LightningPolicies': [
        { policyTypeShortName: 'LR1', threshold: 0, allClearMinutes: 30 },
      ],
      'POST /api/location/Update': 'Location updated',
    });
    const { onClose } = renderModal({ location: { ...saved, radius2: 0 } });
    await screen.findByText(POLICY_LOCK_NOTICE);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // the overwrite warning is an alert too: the banner is the one with the error text
    expect((await screen.findByText(ERROR_UPDATING_LOCATION)).closest('[role="alert"]')).not.toBeNull();
    expect(within(screen.getByTestId('zone-1')).getByText(zoneBoundsMessage(1))).toBeInTheDocument();
    expect(sent.filter((s) => s.method === 'POST')).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses a typed latitude of 91 with the schema text under Latitude, and sends nothing', async () => {
    const sent = stubFetch({
      ...baseRoutes,
      ...placeRoutes,
      'POST /api/location/Add': { message: 'Location added', location: saved },
    });
    renderModal();
    await pickPlace();
    fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: 'Field' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Latitude' }), { target: { value: '91' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_ADDING_LOCATION);
    expect(screen.getByText(LOCATION_FIELD_MESSAGES.latitude)).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Latitude' })).toHaveAttribute('aria-invalid', 'true');
    expect(sent.filter((s) => s.method === 'POST')).toEqual([]);
  });
});

describe('adding by address', () => {
  it("suggests 3 matches, picks one, shows the server's warning with 'I Understand', and saves its coordinates", async () => {
    const user = userEvent.setup();
    const sent = stubFetch({
      ...baseRoutes,
      'GET /api/Geocode/Autocomplete': [
        { label: 'Norman, OK', latitude: 35.2226, longitude: -97.4395 },
        { label: 'Normandy, TX', latitude: 29.3, longitude: -100.6 },
        { label: 'Normal, IL', latitude: 40.5, longitude: -88.99 },
      ],
      'GET /api/Location/AddWarning': {
        title: 'Location nearby',
        message: 'You already have a location nearby.',
      },
      'POST /api/location/Add': { message: 'Location added', location: saved },
    });
    const { onClose } = renderModal();
    await user.type(screen.getByRole('combobox', { name: 'Address' }), 'Norm');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Norman, OK', 'Normandy, TX', 'Normal, IL']);
    await user.click(options[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Location nearby' });
    expect(within(dialog).getByText('You already have a location nearby.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'I Understand' }));
    await waitFor(() =>
      expect(screen.queryByText('You already have a location nearby.')).not.toBeInTheDocument(),
    );
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Campus');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.find((s) => s.method === 'POST')!.body).toMatchObject({
      label: 'Campus',
      locationName: 'Norman, OK',
      latitude: 35.2226,
      longitude: -97.4395,
    });
    expect(useToastStore.getState().header).toBe('Location added');
  });
});

describe('delete', () => {
  it('asks for confirmation, Cancel keeps the location, Remove deletes it with the server text', async () => {
    const user = userEvent.setup();
    const sent = stubFetch({ ...baseRoutes, 'DELETE /api/location/7': 'Location deleted' });
    const { onClose } = renderModal({ location: saved });
    await user.click(screen.getByRole('button', { name: 'Delete Location' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Location' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to remove Stadium? This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Remove Location' })).not.toBeInTheDocument(),
    );
    expect(sent.some((s) => s.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete Location' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove Location' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.filter((s) => s.method === 'DELETE').map((s) => s.path)).toEqual(['/api/location/7']);
    expect(useToastStore.getState().header).toBe('Location deleted');
  });

  it('shows responseException.message in the banner when the delete fails', async () => {
    const user = userEvent.setup();
    stubFetch({
      ...baseRoutes,
      'DELETE /api/location/7': {
        status: 400,
        body: { responseException: { message: 'This location cannot be deleted.', errors: {} } },
      },
    });
    renderModal({ location: saved });
    await user.click(screen.getByRole('button', { name: 'Delete Location' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove Location' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This location cannot be deleted.');
  });

  it('disables Delete and the name for a type-1 location; edit mode locks address, position and organisation location', () => {
    stubFetch(baseRoutes);
    renderModal({ location: { ...saved, type: 1, abilities: sharedAbilities('Admin', 1) } });
    expect(screen.getByRole('button', { name: 'Delete Location' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /Name/ })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Address' })).toBeDisabled();
    expect(screen.getByRole('spinbutton', { name: 'Latitude' })).toBeDisabled();
  });

  it('offers Delete and the name on a shared location as its served abilities say (Admin yes; no delete without the ability)', () => {
    stubFetch(baseRoutes);
    const admin = renderModal({ location: { ...saved, abilities: sharedAbilities('Admin', 0) } });
    expect(screen.getByRole('button', { name: 'Delete Location' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: /Name/ })).toBeEnabled();
    admin.unmount();
    // a location served with no delete or rename ability (type 0, so only the abilities can say no)
    renderModal({ location: { ...saved, abilities: { edit: true, delete: false, rename: false } } });
    expect(screen.getByRole('button', { name: 'Delete Location' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /Name/ })).toBeDisabled();
  });
});

describe('address fallback and organisation locations', () => {
  it('reverse-geocodes the current coordinates when a typed address cannot be found', async () => {
    const user = userEvent.setup();
    stubFetch({
      ...baseRoutes,
      'GET /api/Geocode/Autocomplete': [],
      'GET /api/Geocode/Search': {
        status: 503,
        body: { responseException: { message: 'busy', errors: {} } },
      },
      'GET /api/Geocode/Reverse': { label: 'Dallas, TX', latitude: 32.7767, longitude: -96.797 },
    });
    renderModal();
    const address = screen.getByRole('combobox', { name: 'Address' });
    await user.type(address, 'Nowhere at all{Enter}');
    await waitFor(() => expect(address).toHaveValue('Dallas, TX'));
  });

  it('offers only organisation locations no other saved location uses, and fills the form from the one chosen', async () => {
    const user = userEvent.setup();
    const org = (id: number, name: string) => ({
      id,
      name,
      address: `${id} Main St, Frisco, TX`,
      latitude: 33.15,
      longitude: -96.84,
      label: null,
      forecastLocation: false,
      sirenSettings: { radius: null },
    });
    stubFetch({
      ...baseRoutes,
      'GET /api/organizationLocation': [org(1, 'Arena'), org(2, 'Ballpark'), org(3, 'Field house')],
      'GET /api/location': [{ ...saved, id: 8, organizationLocationId: 2 }],
    });
    renderModal();
    await user.click(screen.getByRole('combobox', { name: 'Organization location' }));
    const listbox = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['None', 'Arena', 'Field house']),
    );
    await user.click(within(listbox).getByRole('option', { name: 'Field house' }));
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('Field house');
    expect(screen.getByRole('combobox', { name: 'Address' })).toHaveValue('3 Main St, Frisco, TX');
    expect(screen.getByRole('spinbutton', { name: 'Latitude' })).toHaveValue(33.15);
  });
});

describe('map position pick', () => {
  /** A box a map is fitted to: [[west, south], [east, north]]. */
  type Box = [[number, number], [number, number]];
  type Rings = {
    features: { geometry: { type: string; coordinates: number[][] }; properties: { radius?: number } }[];
  };
  const latitude = () => screen.getByRole('spinbutton', { name: 'Latitude' });
  const longitude = () => screen.getByRole('spinbutton', { name: 'Longitude' });
  /** Where the pin is, as the map was told. */
  const pin = () => {
    const marker = screen.getByTestId('position-pin').parentElement!;
    return { latitude: Number(marker.dataset.latitude), longitude: Number(marker.dataset.longitude) };
  };
  const ringLabels = () => screen.getAllByTestId('position-ring-label').map((l) => l.textContent);
  /** The rings drawn: each ring's radius, measured from the pin to its vertices. */
  const ringRadii = () => {
    const rings = fakeMapControl.sources[POSITION_RINGS_SOURCE] as Rings;
    const centre = pin();
    return rings.features
      .filter((f) => f.geometry.type === 'LineString')
      .map((f) => {
        const [lng, lat] = f.geometry.coordinates[17]!;
        return Math.round(greatCircleMiles(centre, { latitude: lat!, longitude: lng! }) * 1000) / 1000;
      });
  };
  const clickMap = (lng: number, lat: number) =>
    act(() => {
      (fakeMapControl.props!.onClick as (e: unknown) => void)({
        lngLat: { lng, lat },
        point: { x: 10, y: 10 },
        target: fakeMap,
      });
    });
  /** The centre of the box the map was last fitted to. */
  const fittedCentre = (spy: ReturnType<typeof vi.spyOn>) => {
    const [[west, south], [east, north]] = (spy.mock.lastCall as unknown as [Box])[0];
    return { latitude: (south + north) / 2, longitude: (west + east) / 2 };
  };

  beforeEach(() => {
    fakeMapControl.draggableMarker = null;
    vi.restoreAllMocks();
  });

  it('is a labelled map region with the pin at the form position and the zone 1 ring', async () => {
    stubFetch(baseRoutes);
    renderModal();
    const region = await screen.findByRole('region', { name: 'Map position' });
    expect(region).toHaveAccessibleDescription(POSITION_MAP_HINT);
    await screen.findByTestId('map-canvas');
    expect(pin()).toEqual({ latitude: 32.7767, longitude: -96.797 });
    expect(ringLabels()).toEqual(['10 mi']);
    await waitFor(() => expect(ringRadii()).toEqual([10]));
    // the base-map switch of the other maps (Dark, Light, Satellite) is on this map too
    expect(within(region).getByRole('button', { name: 'Base Map' })).toBeInTheDocument();
  });

  it('a click on the map sets the latitude and longitude fields, and the add warning is asked there', async () => {
    const sent = stubFetch(baseRoutes);
    renderModal();
    await screen.findByTestId('map-canvas');
    clickMap(-97.123456789, 33.0123456789);
    expect(latitude()).toHaveValue(33.012346);
    expect(longitude()).toHaveValue(-97.123457);
    expect(pin()).toEqual({ latitude: 33.012346, longitude: -97.123457 });
    await waitFor(() => expect(sent.some((s) => s.path === '/api/Location/AddWarning')).toBe(true));
  });

  it('a click beside the open base-map menu closes it and leaves the pin; Satellite is in it', async () => {
    stubFetch(baseRoutes);
    renderModal();
    await screen.findByTestId('map-canvas');
    const region = screen.getByRole('region', { name: 'Map position' });
    fireEvent.click(within(region).getByRole('button', { name: 'Base Map' }));
    expect(within(region).getByRole('radio', { name: 'Satellite' })).toBeInTheDocument();
    clickMap(-97.2, 33);
    expect(within(region).queryByRole('radio', { name: 'Satellite' })).not.toBeInTheDocument();
    expect(latitude()).toHaveValue(32.7767);
    clickMap(-97.2, 33);
    expect(latitude()).toHaveValue(33);
  });

  it('dragging the pin moves the fields as it goes', async () => {
    stubFetch(baseRoutes);
    renderModal();
    await screen.findByTestId('map-canvas');
    await waitFor(() => expect(fakeMapControl.draggableMarker).not.toBeNull());
    act(() => fakeMapControl.draggableMarker!.onDrag!({ lngLat: { lng: -96.5, lat: 32.9 } }));
    expect(latitude()).toHaveValue(32.9);
    act(() => fakeMapControl.draggableMarker!.onDragEnd!({ lngLat: { lng: -96.4, lat: 32.95 } }));
    expect([
      Number((latitude() as HTMLInputElement).value),
      Number((longitude() as HTMLInputElement).value),
    ]).toEqual([32.95, -96.4]);
  });

  it('typing latitude and longitude moves the pin and its rings, and leaving the field recentres the map', async () => {
    stubFetch(baseRoutes);
    const fit = vi.spyOn(fakeMap, 'fitBounds');
    renderModal();
    await screen.findByTestId('map-canvas');
    fireEvent.change(latitude(), { target: { value: '33.5' } });
    fireEvent.change(longitude(), { target: { value: '-97.25' } });
    expect(pin()).toEqual({ latitude: 33.5, longitude: -97.25 });
    await waitFor(() => expect(ringRadii()).toEqual([10]));
    // not at every keystroke: the map moves once the field is left
    expect(fit).not.toHaveBeenCalled();
    fireEvent.blur(longitude());
    await waitFor(() => expect(fit).toHaveBeenCalledTimes(1));
    const centre = fittedCentre(fit);
    expect(centre.latitude).toBeCloseTo(33.5, 2);
    expect(centre.longitude).toBeCloseTo(-97.25, 6);
  });

  it('moving a zone slider redraws its ring and relabels it; enabling a zone adds a ring', async () => {
    stubFetch(baseRoutes);
    const fit = vi.spyOn(fakeMap, 'fitBounds');
    renderModal();
    await screen.findByTestId('map-canvas');
    fireEvent.change(slider('Zone 1 radius'), { target: { value: 12 } });
    expect(ringLabels()).toEqual(['12 mi']);
    await waitFor(() => expect(ringRadii()).toEqual([12]));
    // still inside the view (the fake map shows about 32.5 to 33.06 N): the map stays put
    expect(fit).not.toHaveBeenCalled();
    fireEvent.change(slider('Zone 1 radius'), { target: { value: 20 } });
    expect(ringLabels()).toEqual(['20 mi']);
    await waitFor(() => expect(ringRadii()).toEqual([20]));
    // past the edge of the view: the map comes out round the pin to show the ring
    await waitFor(() => expect(fit).toHaveBeenCalledTimes(1));
    const [[, south], [, north]] = (fit.mock.lastCall as unknown as [Box])[0];
    expect(
      greatCircleMiles({ latitude: south, longitude: -96.797 }, { latitude: north, longitude: -96.797 }),
    ).toBeCloseTo(40, 1);
    fireEvent.click(screen.getByRole('switch', { name: 'Enable zone 2' }));
    expect(ringLabels()).toEqual(['20 mi', '21 mi']);
    await waitFor(() => expect(ringRadii()).toEqual([20, 21]));
  });

  it('recentres the map on a geocoded address, and not when the pin is placed on the map', async () => {
    const user = userEvent.setup();
    stubFetch({
      ...baseRoutes,
      'GET /api/Geocode/Autocomplete': [{ label: 'Norman, OK', latitude: 35.2226, longitude: -97.4395 }],
    });
    const fit = vi.spyOn(fakeMap, 'fitBounds');
    renderModal();
    await screen.findByTestId('map-canvas');
    clickMap(-96.9, 32.8);
    expect(fit).not.toHaveBeenCalled();
    await user.type(screen.getByRole('combobox', { name: 'Address' }), 'Norm');
    await user.click(await screen.findByRole('option', { name: 'Norman, OK' }));
    await waitFor(() => expect(fit).toHaveBeenCalledTimes(1));
    const centre = fittedCentre(fit);
    expect(centre.latitude).toBeCloseTo(35.2226, 2);
    expect(centre.longitude).toBeCloseTo(-97.4395, 6);
    expect(pin()).toEqual({ latitude: 35.2226, longitude: -97.4395 });
    expect(latitude()).toHaveValue(35.2226);
  });

  it('in edit mode shows the saved position and rings but does not move on a click or a drag', async () => {
    stubFetch(baseRoutes);
    renderModal({ location: saved });
    await screen.findByTestId('map-canvas');
    expect(pin()).toEqual({ latitude: 32.78, longitude: -96.8 });
    expect(ringLabels()).toEqual(['10 mi', '20 mi']);
    clickMap(-97.5, 33.5);
    expect(latitude()).toHaveValue(32.78);
    expect(fakeMapControl.draggableMarker).toBeNull();
    expect(screen.queryByText(POSITION_MAP_HINT)).not.toBeInTheDocument();
  });
});
