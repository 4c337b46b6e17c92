// The On-Site Hardware page through the real components with a stubbed fetch (spec 02 §2.5, §4, §5, §8, §9): the
// cards' status texts and health, search filtering only over 2 characters, the view filter, 'Bulk Actions (n)' from
// 2 selected, 15 cards a page, the empty and error states, the test toasts (a siren that did not acknowledge), the
// relay modal's override and its failure text, and 'Send PA Message' only with pa.full_access.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TCurrentUser } from '@allclear/contracts';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { useToastStore } from '../../../components/toast/toast-store.ts';
import { admin, superAdmin } from '../../../test/fixtures.ts';
import { stubApi, type ApiRoutes } from '../../../test/render-app.tsx';
import { HARDWARE_NOW, hardwareUnit } from '../test/hardware-unit.ts';
import HardwarePage from './hardware-page.tsx';
import {
  CONFIRM_MANUAL_OVERRIDE,
  CONTACT_US,
  HARDWARE_FAILED,
  NO_HARDWARE,
  NO_RELAYS,
  RELAY_TOGGLE_FAILED,
  SEND_PA_MESSAGE,
} from './hardware-texts.ts';

vi.setConfig({ testTimeout: 60_000 });

const NOW = HARDWARE_NOW;
const unit = hardwareUnit;

const owx = unit(1, {
  name: 'North OWX',
  modelId: 'OWX',
  voltage: 12.7,
  ipAddress: '10.20.1.10',
  relayCount: 1,
  weatherStation: { id: 7, name: 'North Station', type: 'OWX' },
  paUnits: [{ id: 3, name: 'North PA' }],
});
const lowBattery = unit(2, {
  name: 'South Siren',
  voltage: 11.8,
  siren: { ...owx.siren!, id: 102, enabled: false },
});
const station = unit(3, {
  name: 'East Station',
  modelId: 'WXS',
  siren: null,
  enabled: false,
  weatherStation: { id: 9, name: 'East Station', type: 'WXS' },
  // stale at 17:00 UTC: outside 05–11 UTC, so plainly offline
  connectedAt: new Date(NOW - 20 * 60_000).toISOString(),
});

function renderPage(user: TCurrentUser, routes: ApiRoutes) {
  const requests = stubApi({ 'GET /api/user/current': user, ...routes });
  const router = createMemoryRouter([{ path: '/Hardware', element: <HardwarePage /> }], {
    initialEntries: ['/Hardware'],
  });
  render(
    <AppProviders queryClient={createQueryClient({ retry: false })}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return requests;
}
const card = (name: string) => screen.findByRole('article', { name });
const toast = () => useToastStore.getState();

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  useToastStore.setState({ show: false, header: '', message: '' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the On-Site Hardware page', () => {
  it('shows each card with its status text and health', async () => {
    renderPage(admin, { 'GET /api/Hardware': [owx, lowBattery, station] });
    expect(screen.getByRole('heading', { level: 1, name: 'On-Site Hardware' })).toBeInTheDocument();
    const north = await card('North OWX');
    expect(north).toHaveTextContent('Enabled');
    expect(north).toHaveTextContent('12.7 V Healthy');
    expect(north).toHaveTextContent('Connected');
    expect(within(north).getByRole('button', { name: 'StormBridge' })).toBeInTheDocument();
    expect(within(north).getByRole('link', { name: 'Weather Data' })).toHaveAttribute(
      'href',
      '/Historical/7/North%20Station',
    );
    expect(await card('South Siren')).toHaveTextContent('OWS Disabled');
    expect(await card('South Siren')).toHaveTextContent('11.8 V Low');
    const east = await card('East Station');
    expect(east).toHaveTextContent('WXS Disabled');
    expect(east).toHaveTextContent('Offline');
    // no pa.full_access: no 'Send PA Message'
    expect(screen.queryByRole('button', { name: SEND_PA_MESSAGE })).toBeNull();
  });

  it('filters by search only over 2 characters, and by view', async () => {
    renderPage(admin, { 'GET /api/Hardware': [owx, lowBattery, station] });
    await card('North OWX');
    const search = screen.getByRole('searchbox', { name: 'Search hardware' });
    fireEvent.change(search, { target: { value: 'so' } });
    expect(screen.getAllByRole('article')).toHaveLength(3);
    fireEvent.change(search, { target: { value: 'sou' } });
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toHaveLength(1);
    await card('South Siren');
    fireEvent.change(search, { target: { value: '' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'View' }));
    fireEvent.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Weather Station' }),
    );
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
  });

  it("enables 'Bulk Actions (n)' from 2 selected, and pages 15 cards", async () => {
    const many = Array.from({ length: 17 }, (_, i) => unit(i + 10));
    renderPage(admin, { 'GET /api/Hardware': many });
    await card('Unit 10');
    expect(screen.getAllByRole('article')).toHaveLength(15);
    const bulk = () => screen.getByRole('button', { name: /^Bulk Actions/ });
    expect(bulk()).toHaveTextContent('Bulk Actions (0)');
    expect(bulk()).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Unit 10' }));
    expect(bulk()).toHaveTextContent('Bulk Actions (1)');
    expect(bulk()).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Unit 11' }));
    expect(bulk()).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
  });

  it('clears the selection when a search or the view hides the selected cards', async () => {
    renderPage(admin, { 'GET /api/Hardware': [owx, lowBattery, station] });
    await card('North OWX');
    const bulk = () => screen.getByRole('button', { name: /^Bulk Actions/ });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select North OWX' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select South Siren' }));
    expect(bulk()).toHaveTextContent('Bulk Actions (2)');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search hardware' }), {
      target: { value: 'East' },
    });
    expect(bulk()).toHaveTextContent('Bulk Actions (0)');
    expect(bulk()).toBeDisabled();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search hardware' }), { target: { value: '' } });
    expect(screen.getByRole('checkbox', { name: 'Select North OWX' })).not.toBeChecked();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select North OWX' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select East Station' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'View' }));
    fireEvent.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Outdoor Warning System' }),
    );
    await waitFor(() => expect(bulk()).toHaveTextContent('Bulk Actions (0)'));
  });

  it('confirms a bulk test naming the units it acts on, and sends only their sirens', async () => {
    const requests = renderPage(admin, {
      'GET /api/Hardware': [owx, lowBattery, station],
      'POST /api/Siren/Test/Delay': {
        test: 'delay',
        durationSeconds: 30,
        succeeded: true,
        sirens: [101, 102].map((sirenId) => ({
          sirenId,
          hardwareId: sirenId - 100,
          name: '',
          acknowledged: true,
          answeredAt: new Date(NOW).toISOString(),
          error: null,
        })),
      },
    });
    await card('North OWX');
    for (const name of ['North OWX', 'South Siren', 'East Station'])
      fireEvent.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
    fireEvent.click(screen.getByRole('button', { name: /^Bulk Actions/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Start Delay' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Start Delay' });
    const named = within(within(confirm).getByRole('list', { name: 'Units to act on' })).getAllByRole(
      'listitem',
    );
    expect(named.map((li) => li.textContent)).toEqual(['North OWX', 'South Siren']);
    // the weather station has no siren: named as left out, not acted on
    expect(confirm).toHaveTextContent('Left out (no siren): East Station.');
    const sent = () => requests.filter((r) => r.method === 'POST' && r.url.includes('/api/Siren/Test/Delay'));
    expect(sent()).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(JSON.parse(sent()[0]!.body!)).toEqual([101, 102]);
    await waitFor(() => expect(toast().header).toBe('Successfully tested Delay for selected unit(s).'));
  });

  it("says 'You don't have any hardware added' with 'Contact us'", async () => {
    renderPage(admin, { 'GET /api/Hardware': [] });
    expect(await screen.findByText(NO_HARDWARE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: CONTACT_US })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
  });

  it("says 'Failed To Get Hardware' when the list does not load", async () => {
    renderPage(admin, {
      'GET /api/Hardware': { status: 500, body: { responseException: { message: '', errors: {} } } },
    });
    expect(await screen.findByText(HARDWARE_FAILED)).toBeInTheDocument();
    await waitFor(() => expect(toast().header).toBe(HARDWARE_FAILED));
  });

  it('toasts a Delay test that a siren did not acknowledge as failed, naming it', async () => {
    renderPage(admin, {
      'GET /api/Hardware': [owx],
      'POST /api/Siren/Test/Delay': {
        test: 'delay',
        durationSeconds: 0,
        succeeded: false,
        sirens: [
          {
            sirenId: 101,
            hardwareId: 1,
            name: 'North OWX',
            acknowledged: false,
            answeredAt: null,
            error: 'North OWX did not answer within 10 seconds.',
          },
        ],
      },
    });
    const north = await card('North OWX');
    fireEvent.click(within(north).getByRole('button', { name: 'Select Test' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Start Delay' }));
    await waitFor(() => expect(toast().header).toBe('Unable to test Delay for selected unit(s).'));
    expect(toast().message).toBe('North OWX did not answer within 10 seconds.');
  });

  it("shows a running test as 'Running Test of Delay...' until stopped", async () => {
    renderPage(admin, {
      'GET /api/Hardware': [
        {
          ...owx,
          test: {
            type: 'delay',
            startedAt: new Date(NOW - 90_000).toISOString(),
            durationSeconds: 30,
            endsByItself: false,
          },
        },
      ],
    });
    const north = await card('North OWX');
    expect(within(north).getByRole('status')).toHaveTextContent('Running Test of Delay...');
  });

  it("switches a relay through 'Confirm Manual Override'; a failure says 'Failed to toggle relay, please try again.'", async () => {
    renderPage(superAdmin, {
      'GET /api/Hardware': [owx],
      'GET /api/PA/StoredMessages': [],
      'GET /api/RemoteRelay/10.20.1.10': [
        { id: 1, name: 'Gate Lights', toggled: false, channel: 1, remoteRelayTrigger: null },
      ],
      'POST /api/RemoteRelay/SetRelay/10.20.1.10': {
        status: 502,
        body: { responseException: { message: 'The relay board did not answer.', errors: {} } },
      },
    });
    expect(await screen.findByRole('button', { name: SEND_PA_MESSAGE })).toBeInTheDocument();
    fireEvent.click(within(await card('North OWX')).getByRole('button', { name: 'StormBridge' }));
    const modal = await screen.findByRole('dialog', { name: 'StormBridge: North OWX' });
    expect(await within(modal).findByText('No Automation Set')).toBeInTheDocument();
    fireEvent.click(within(modal).getByRole('switch', { name: 'Gate Lights' }));
    const confirm = await screen.findByRole('dialog', { name: CONFIRM_MANUAL_OVERRIDE });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await within(modal).findByText(RELAY_TOGGLE_FAILED)).toBeInTheDocument();
  });

  it("says 'No relays found' for a board without relays", async () => {
    renderPage(admin, { 'GET /api/Hardware': [owx], 'GET /api/RemoteRelay/10.20.1.10': [] });
    fireEvent.click(within(await card('North OWX')).getByRole('button', { name: 'StormBridge' }));
    expect(await screen.findByText(NO_RELAYS)).toBeInTheDocument();
  });
});
