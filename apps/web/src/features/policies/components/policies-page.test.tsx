// The Policies page through the real components with a stubbed fetch: who sees it and its Add Policy button (spec
// 02 §6), its states (the empty text of §2.10), and the modal's rules (§4, §5 'Policy'): the type fixed once
// saved, the threshold rounded to the type's precision, the minimum all-clear from the type, Notify On All Clear
// only after Notify Users, Show on Dashboard locked on, the AQI note, inactive with no groups, the Lightning Zone 1
// warning, the toasts of §8 and the server's field errors on their fields.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TCurrentUser, TPolicy, TPolicyType, TSite } from '@allclear/contracts';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { useToastStore } from '../../../components/toast/toast-store.ts';
import { admin, assistantAdmin, customerUser, demoCustomer, superAdmin } from '../../../test/fixtures.ts';
import { renderApp, stubApi } from '../../../test/render-app.tsx';
import PoliciesPage from './policies-page.tsx';
import {
  ADD_POLICY,
  AQI_NOTE,
  ERROR_ADDING_POLICY,
  INACTIVE_NOTE,
  LIGHTNING_ZONE_1_TITLE,
  NO_POLICIES,
  POLICY_DELETED,
  POLICY_SAVED,
  POLICY_UPDATED,
} from './policy-texts.ts';

// the first render of MUI's dialogs, selects and menus is slow on a busy 2-core machine
vi.setConfig({ testTimeout: 60_000 });

const type = (
  id: number,
  shortName: string,
  name: string,
  unit: string,
  precision: number,
  isDesc = false,
) => ({
  id,
  shortName,
  name,
  displayName: name,
  unit,
  precision,
  isDesc,
  minAllClear: 10,
});
const TYPES: TPolicyType[] = [
  type(1, 'LR1', 'Lightning Radius 1', 'mi', 1, true),
  type(7, 'WBGT', 'Wet Bulb Globe Temperature', '°F', 1),
  type(9, 'WIND', 'Wind Speed', 'mph', 0),
  type(11, 'AQI', 'Air Quality Index', 'AQI', 0),
  type(8, 'PRECIP', 'Precipitation', 'in', 2),
  type(5, 'CHILL', 'Wind Chill', '°F', 0, true),
];
const group = (id: number, name: string): TSite => ({
  id,
  name,
  customerId: 1,
  users: 1,
  notificationUsers: 0,
  policies: 1,
  widgets: 0,
  alertTimes: [],
  abilities: { edit: true, delete: true },
});
const GROUPS = [group(1, 'Athletics'), group(2, 'Facilities')];
const windPolicy: TPolicy = {
  id: 40,
  policyType: 9,
  policyTypeShortName: 'WIND',
  policyTypeName: 'Wind Speed',
  policyDisplayName: 'Wind Speed',
  threshold: 30,
  isDesc: false,
  unit: 'mph',
  precision: 0,
  limit: null,
  minAllClear: 10,
  allClearMinutes: 30,
  reAlertMinutes: 10,
  customerId: 1,
  sites: [1],
  allGroups: false,
  notificationActions: [],
  creatorId: null,
  showOnDashboard: true,
  abilities: { edit: true, delete: true },
};

interface Sent {
  method: string;
  path: string;
  body: unknown;
}
type Answer = { status: number; body: unknown };

/** The policy the server answers a save with. */
const saved = (body: unknown, id = 50): Answer => {
  const b = body as { policyType: number; threshold: number; sites: number[]; allGroups: boolean };
  const t = TYPES.find((x) => x.id === b.policyType)!;
  return {
    status: 200,
    body: {
      data: {
        ...windPolicy,
        id,
        policyType: t.id,
        policyTypeShortName: t.shortName,
        policyTypeName: t.name,
        policyDisplayName: t.displayName,
        threshold: b.threshold,
        sites: b.sites,
        allGroups: b.allGroups,
      },
    },
  };
};

function stubFetch(
  user: TCurrentUser,
  routes: Record<string, unknown | ((body: unknown) => Answer)> = {},
): Sent[] {
  const sent: Sent[] = [];
  const all: Record<string, unknown> = {
    'GET /api/user/current': user,
    'GET /api/policy': [windPolicy],
    'GET /api/policy/types': TYPES,
    'GET /api/site': GROUPS,
    ...routes,
  };
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = input.split('?')[0]!;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path, body });
    const entry = all[`${method} ${path}`];
    const answer: Answer =
      entry === undefined
        ? { status: 404, body: { responseException: { message: 'Not found', errors: {} } } }
        : typeof entry === 'function'
          ? (entry as (b: unknown) => Answer)(body)
          : { status: 200, body: { data: entry } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}

function renderPage() {
  render(
    <AppProviders queryClient={createQueryClient({ retry: false })}>
      <PoliciesPage />
    </AppProviders>,
  );
}

const toast = () => useToastStore.getState();
const dialog = () => screen.getByRole('dialog', { name: /Add Policy|Edit Policy/ });
const field = (name: string) => within(dialog()).getByRole('spinbutton', { name: new RegExp(`^${name}`) });
async function openAdd(typeName: string) {
  fireEvent.click(await screen.findByRole('button', { name: ADD_POLICY }));
  fireEvent.mouseDown(within(dialog()).getByRole('combobox', { name: /Policy Type/ }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: typeName }));
}
const save = () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
const sentTo = (sent: Sent[], method: string) =>
  sent.filter((s) => s.method === method && s.path === '/api/policy');

beforeEach(() => {
  useToastStore.setState({ show: false, header: '', message: '' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Policies page', () => {
  it('shows the title, the cards and Add Policy to an Admin', async () => {
    stubFetch(admin);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Policies' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Wind Speed' });
    expect(card).toHaveTextContent('At or above 30 mph');
    expect(card).toHaveTextContent('Athletics');
    expect(screen.getByRole('button', { name: ADD_POLICY })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Edit Wind Speed policy' })).toBeInTheDocument();
  });

  it('shows an Assistant Admin the cards with neither Add Policy nor Edit', async () => {
    stubFetch(assistantAdmin, {
      'GET /api/policy': [{ ...windPolicy, abilities: { edit: false, delete: false } }],
    });
    renderPage();
    const card = await screen.findByRole('article', { name: 'Wind Speed' });
    expect(within(card).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: ADD_POLICY })).toBeNull();
  });

  it("says 'You don't have any policies added', with Add Policy", async () => {
    stubFetch(superAdmin, { 'GET /api/policy': [] });
    renderPage();
    expect(await screen.findByRole('heading', { name: NO_POLICIES })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ADD_POLICY })).toBeInTheDocument();
  });

  it('marks a policy with no groups inactive on its card', async () => {
    stubFetch(admin, { 'GET /api/policy': [{ ...windPolicy, sites: [] }] });
    renderPage();
    expect(
      within(await screen.findByRole('article', { name: 'Wind Speed' })).getByText('Inactive'),
    ).toBeInTheDocument();
  });

  it('shows the error state with a retry when the policies cannot be read', async () => {
    stubFetch(admin, {
      'GET /api/policy': () => ({ status: 500, body: { responseException: { message: 'x', errors: {} } } }),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Problem retrieving policies' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('the policy modal', () => {
  it("adds a policy: the type's defaults, the threshold rounded to its precision, 'Saved'", async () => {
    const sent = stubFetch(admin, { 'POST /api/policy': (b: unknown) => saved(b) });
    renderPage();
    await openAdd('Wet Bulb Globe Temperature');
    expect(field('Threshold')).toHaveValue(87);
    expect(field('All Clear Minutes')).toHaveValue(60);
    fireEvent.change(field('Threshold'), { target: { value: '88.25' } });
    fireEvent.blur(field('Threshold'));
    expect(field('Threshold')).toHaveValue(88.3);
    expect(within(dialog()).getByText(INACTIVE_NOTE)).toBeInTheDocument();
    fireEvent.click(within(dialog()).getByRole('checkbox', { name: 'Athletics' }));
    expect(within(dialog()).queryByText(INACTIVE_NOTE)).toBeNull();
    const show = within(dialog()).getByRole('switch', { name: 'Show on Dashboard' });
    expect(show).toBeChecked();
    expect(show).toBeDisabled();
    save();
    await waitFor(() => expect(toast().header).toBe(POLICY_SAVED));
    expect(sentTo(sent, 'POST')[0]!.body).toEqual({
      policyType: 7,
      threshold: 88.3,
      limit: null,
      allClearMinutes: 60,
      reAlertMinutes: 10,
      sites: [1],
      allGroups: false,
      notificationActions: [],
    });
  });

  it("refuses an all-clear under the type's minimum on its field and sends nothing", async () => {
    const sent = stubFetch(admin);
    renderPage();
    await openAdd('Wind Speed');
    fireEvent.change(field('All Clear Minutes'), { target: { value: '9' } });
    save();
    expect(await within(dialog()).findByText('All clear minutes must be at least 10.')).toBeInTheDocument();
    expect(sentTo(sent, 'POST')).toEqual([]);
  });

  it('offers Notify On All Clear only after Notify Users, with their messages', async () => {
    const sent = stubFetch(admin, { 'POST /api/policy': (b: unknown) => saved(b) });
    renderPage();
    await openAdd('Wind Speed');
    expect(within(dialog()).queryByRole('switch', { name: 'Notify On All Clear' })).toBeNull();
    fireEvent.click(within(dialog()).getByRole('switch', { name: 'Notify Users' }));
    expect(within(dialog()).getByRole('textbox', { name: 'Trigger Message' })).toHaveValue(
      'Wind Speed is at or above 30 mph.',
    );
    fireEvent.click(within(dialog()).getByRole('switch', { name: 'Notify On All Clear' }));
    expect(within(dialog()).getByRole('textbox', { name: 'All Clear Message' })).toHaveValue(
      'All clear: Wind Speed is back within the policy.',
    );
    save();
    await waitFor(() => expect(sentTo(sent, 'POST')).toHaveLength(1));
    expect((sentTo(sent, 'POST')[0]!.body as { notificationActions: unknown }).notificationActions).toEqual([
      { triggerId: null, allClear: false, message: 'Wind Speed is at or above 30 mph.' },
      { triggerId: null, allClear: true, message: 'All clear: Wind Speed is back within the policy.' },
    ]);
  });

  it.each([
    ['Lightning Radius 1', 8, 30],
    ['Precipitation', 0.3, 60],
    ['Wind Chill', 0, 60],
  ])(
    "choosing %s proposes the domain's safe defaults: threshold %d, all-clear %d minutes",
    async (name, threshold, allClear) => {
      stubFetch(admin);
      renderPage();
      await openAdd(name);
      expect(field('Threshold')).toHaveValue(threshold);
      expect(field('All Clear Minutes')).toHaveValue(allClear);
    },
  );

  it("refuses a threshold out of the type's physical range on its field, naming the range, and sends nothing", async () => {
    const sent = stubFetch(admin);
    renderPage();
    await openAdd('Wind Chill');
    fireEvent.change(field('Threshold'), { target: { value: '99999999' } });
    fireEvent.click(within(dialog()).getByRole('checkbox', { name: 'Athletics' }));
    save();
    expect(
      await within(dialog()).findByText('Threshold must be between -100 and 65 °F.'),
    ).toBeInTheDocument();
    expect(sentTo(sent, 'POST')).toEqual([]);
  });

  it('shows the AQI note for an air-quality type', async () => {
    stubFetch(admin);
    renderPage();
    await openAdd('Air Quality Index');
    expect(within(dialog()).getByText(AQI_NOTE)).toBeInTheDocument();
  });

  it('asks before saving a Lightning Zone 1 policy', async () => {
    const sent = stubFetch(admin, { 'POST /api/policy': (b: unknown) => saved(b) });
    renderPage();
    await openAdd('Lightning Radius 1');
    fireEvent.change(field('Threshold'), { target: { value: '8' } });
    save();
    const warning = await screen.findByRole('dialog', { name: LIGHTNING_ZONE_1_TITLE });
    expect(sentTo(sent, 'POST')).toEqual([]);
    fireEvent.click(within(warning).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toast().header).toBe(POLICY_SAVED));
    expect(sentTo(sent, 'POST')[0]!.body).toMatchObject({ policyType: 1, threshold: 8 });
  });

  it("edits a policy with its type fixed ('Updated'), and puts the server's Sites error on the groups", async () => {
    let refuse = true;
    const sent = stubFetch(admin, {
      'PATCH /api/policy': (b: unknown) =>
        refuse
          ? {
              status: 400,
              body: {
                responseException: {
                  message: 'One or more validation errors occurred.',
                  errors: { Sites: ["Choose groups of the policy's organisation."] },
                },
              },
            }
          : saved(b, 40),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Wind Speed policy' }));
    expect(within(dialog()).getByRole('combobox', { name: /Policy Type/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    fireEvent.change(field('Threshold'), { target: { value: '22' } });
    save();
    expect(
      await within(dialog()).findByText("Choose groups of the policy's organisation."),
    ).toBeInTheDocument();
    expect(toast().header).toBe('Error updating policy');
    refuse = false;
    save();
    await waitFor(() => expect(toast().header).toBe(POLICY_UPDATED));
    expect(sentTo(sent, 'PATCH').at(-1)!.body).toMatchObject({ id: 40, policyType: 9, threshold: 22 });
  });

  it("toasts the server's first ServerErrors entry when an add fails, else 'Error adding policy'", async () => {
    let answer: Answer = {
      status: 400,
      body: { responseException: { message: 'No.', errors: { ServerErrors: ['Policy limit reached'] } } },
    };
    stubFetch(admin, { 'POST /api/policy': () => answer });
    renderPage();
    await openAdd('Wind Speed');
    save();
    await waitFor(() => expect(toast().header).toBe('Policy limit reached'));
    answer = { status: 500, body: { responseException: { message: 'x', errors: {} } } };
    save();
    await waitFor(() => expect(toast().header).toBe(ERROR_ADDING_POLICY));
  });

  it("deletes a policy after confirming ('Deleted')", async () => {
    stubFetch(admin, { 'DELETE /api/policy/40': 'Deleted' });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Wind Speed policy' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Policy' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(toast().header).toBe(POLICY_DELETED));
  });
});

describe('the route and the sidebar (spec 02 §6, spec 03 §6)', () => {
  const routes = (user: TCurrentUser) => ({
    'GET /api/user/current': user,
    'GET /api/Customer/1': demoCustomer,
    'GET /api/AirQuality': [],
    'GET /api/location': [],
    'GET /api/policy': [windPolicy],
    'GET /api/policy/types': TYPES,
    'GET /api/site': GROUPS,
  });

  it.each([
    ['Super Admin', superAdmin],
    ['Admin', admin],
    ['Assistant Admin', assistantAdmin],
  ] as const)('shows Policies in the sidebar to a %s and opens the page', async (_role, user) => {
    stubApi(routes(user));
    renderApp('/Policies');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Policies' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Policies' })).toBeInTheDocument();
  });

  it('sends a Customer opening /Policies to /Unauthorized', async () => {
    stubApi(routes(customerUser));
    const { router } = renderApp('/Policies');
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/Unauthorized');
  });
});
