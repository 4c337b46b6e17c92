// The Users page through its real components with a stubbed fetch (spec 02 §2.8, §4, §5, §8): the table's cells,
// order, page sizes and states; the invite link's three states; search and the Filter popover; the modal's rules
// (required fields, null e-mail and phone, role options by hierarchy, the group dropdown, locations saved after
// the save, promotion, demotion after the warning, the server's field errors); 5,000 people paged and searched.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TCurrentUser, TNotificationUser, TRole, TSite, TUser } from '@allclear/contracts';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { useToastStore } from '../../../components/toast/toast-store.ts';
import { admin, assistantAdmin } from '../../../test/fixtures.ts';
import UsersPage from './users-page.tsx';
import {
  ADD_NEW_USER,
  DEMOTE_WARNING_TITLE,
  ERROR_ADDING_USER,
  INVITE_FAILED,
  INVITE_SENT,
  PROMOTED,
  RESEND,
  RESEND_FAILED,
  RESENT,
  UNSUBSCRIBED,
  USER_ADDED,
} from './user-texts.ts';

// the first render of the grid and MUI's selects is slow on a busy 2-core machine
vi.setConfig({ testTimeout: 60_000 });

const ROLES: TRole[] = [
  { id: 1, name: 'Super Admin', displayName: 'Super Admin', hierarchy: 1, description: 'Full access.' },
  { id: 2, name: 'Admin', displayName: 'Admin', hierarchy: 2, description: 'Manages the organisation.' },
  { id: 3, name: 'Assistant Admin', displayName: 'Assistant Admin', hierarchy: 3, description: 'Own group.' },
  { id: 4, name: 'Customer', displayName: 'Customer', hierarchy: 4, description: 'Basic user.' },
  {
    id: -1,
    name: 'Notification Only',
    displayName: 'Notification Only',
    hierarchy: 5,
    description: 'No sign-in.',
  },
];
const site = (id: number, name: string): TSite => ({
  id,
  name,
  customerId: 1,
  users: 1,
  notificationUsers: 0,
  policies: 0,
  widgets: 0,
  alertTimes: [],
  abilities: { edit: true, delete: false },
});
const SITES = [site(1, 'Athletics'), site(2, 'Grounds Crew')];
const ABLE = { edit: true, delete: true, resendInvite: false, changeGroup: true };

let n = 0;
const user = (over: Partial<TUser> = {}): TUser => {
  n += 1;
  const firstName = over.firstName ?? `Person${n}`;
  const lastName = over.lastName ?? 'Lee';
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    userName: `p${n}@x.test`,
    firstName,
    lastName,
    fullName: `${firstName} ${lastName}`,
    email: `p${n}@x.test`,
    roleId: 4,
    roleName: 'Customer',
    roleDisplayName: 'Customer',
    roleHierarchy: 4,
    siteId: 1,
    siteName: 'Athletics',
    phoneNumber: null,
    customerId: 1,
    timeZone: 'CST',
    smsNotifications: true,
    emailNotifications: true,
    geofenceAlertsEnabled: false,
    alertTimesEnabled: true,
    isActive: true,
    orgLocations: [],
    abilities: ABLE,
    ...over,
  };
};
const contact = (over: Partial<TNotificationUser> = {}): TNotificationUser => ({
  id: 7,
  firstName: 'Dana',
  lastName: 'Whitfield',
  fullName: 'Dana Whitfield',
  email: 'dana@x.test',
  phoneNumber: '+12145550201',
  roleId: -1,
  roleName: 'Notification Only',
  roleDisplayName: 'Notification Only',
  roleHierarchy: 5,
  siteId: 2,
  siteName: 'Grounds Crew',
  customerId: 1,
  timeZone: 'CST',
  isActive: true,
  emailUnsubscribed: false,
  abilities: ABLE,
  ...over,
});

interface Sent {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}
type Answer = { status: number; body: unknown };
type Route = unknown | ((body: unknown, query: URLSearchParams) => Answer);

function stubFetch(me: TCurrentUser, routes: Record<string, Route>): Sent[] {
  const sent: Sent[] = [];
  const all: Record<string, Route> = {
    'GET /api/user/current': me,
    'GET /api/user/roles': ROLES,
    'GET /api/site': SITES,
    'GET /api/organizationLocation': [
      {
        id: 11,
        name: 'Choctaw Stadium',
        address: 'Arlington, TX',
        latitude: 32.75,
        longitude: -97.08,
        label: null,
        forecastLocation: false,
        sirenSettings: { radius: null },
      },
    ],
    'GET /api/user/customer': [],
    'GET /api/notificationuser': [],
    ...routes,
  };
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const [path, search] = input.split('?') as [string, string | undefined];
    const query = new URLSearchParams(search ?? '');
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path, query, body });
    const entry = all[`${method} ${path}`];
    const answer: Answer =
      entry === undefined
        ? { status: 404, body: { responseException: { message: `No ${method} ${path}`, errors: {} } } }
        : typeof entry === 'function'
          ? (entry as (b: unknown, q: URLSearchParams) => Answer)(body, query)
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
      <UsersPage />
    </AppProviders>,
  );
}

const toast = () => useToastStore.getState();
const grid = () => screen.getByRole('grid', { name: 'Users' });
const nameCells = () =>
  within(grid())
    .getAllByRole('gridcell')
    .filter((c) => c.getAttribute('data-field') === 'fullName')
    .map((c) => c.textContent);
async function choose(label: string | RegExp, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}
const field = (name: RegExp) => screen.getByRole('textbox', { name });

beforeEach(() => {
  useToastStore.setState({ show: false, header: '', message: '' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Users table', () => {
  it('lists users and contacts by first name, case-insensitively, with the spec cells', async () => {
    stubFetch(admin, {
      'GET /api/user/customer': [
        user({ firstName: 'bob', roleId: 2, roleName: 'Admin', roleDisplayName: 'Admin', roleHierarchy: 2 }),
        user({ firstName: 'Alice', isActive: false, abilities: { ...ABLE, resendInvite: true } }),
      ],
      'GET /api/notificationuser': [contact({ emailUnsubscribed: true })],
    });
    renderPage();
    await within(await screen.findByRole('grid', { name: 'Users' })).findByText('Dana Whitfield');
    expect(nameCells()).toEqual(['Alice Lee(inactive)resend?', 'bob Lee', 'Dana Whitfield']);
    const bob = screen.getByText('bob Lee').closest('[role="row"]') as HTMLElement;
    // User Group is blank below hierarchy 3
    expect(
      within(bob)
        .getAllByRole('gridcell')
        .find((c) => c.dataset.field === 'siteName'),
    ).toHaveTextContent(/^$/);
    const dana = screen.getByText('Dana Whitfield').closest('[role="row"]') as HTMLElement;
    expect(within(dana).getByRole('img', { name: UNSUBSCRIBED })).toBeInTheDocument();
    expect(within(dana).getByText('Grounds Crew')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Dana Whitfield' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Dana Whitfield' })).toBeInTheDocument();
    // page sizes 10, 25, 50
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /rows per page/i }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['10', '25', '50']);
  });

  it('on a 390 px phone keeps two columns, the person and Edit and Delete, with the details under the name', async () => {
    // what a 390 px wide screen answers to the breakpoint queries
    vi.stubGlobal('matchMedia', (query: string) => {
      const min = /min-width:\s*([\d.]+)px/.exec(query);
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      const matches = (!min || 390 >= Number(min[1])) && (!max || 390 <= Number(max[1]));
      return {
        matches,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      };
    });
    stubFetch(admin, { 'GET /api/notificationuser': [contact({ emailUnsubscribed: true })] });
    renderPage();
    const table = await screen.findByRole('grid', { name: 'Users' });
    await within(table).findByText('Dana Whitfield');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Full Name', 'Actions']);
    const dana = screen.getByText('Dana Whitfield').closest('[role="row"]') as HTMLElement;
    expect(dana).toHaveTextContent('dana@x.test · Notification Only · Grounds Crew');
    expect(within(dana).getByRole('img', { name: UNSUBSCRIBED })).toBeInTheDocument();
    expect(within(dana).getByRole('button', { name: 'Edit Dana Whitfield' })).toBeInTheDocument();
    expect(within(dana).getByRole('button', { name: 'Delete Dana Whitfield' })).toBeInTheDocument();
  });

  it("walks the invite link through its three states: 'resend?', 'Sent! Send again?', 'Failed to send. Try again?'", async () => {
    let ok = true;
    const invited = user({ firstName: 'Ivy', isActive: false, abilities: { ...ABLE, resendInvite: true } });
    const sent = stubFetch(admin, {
      'GET /api/user/customer': [invited],
      'GET /identity/account/sendactivateemail': () =>
        ok
          ? { status: 200, body: { data: 'Invite email sent!' } }
          : { status: 500, body: { responseException: { message: 'boom', errors: {} } } },
    });
    renderPage();
    fireEvent.click(
      await screen.findByRole('button', { name: new RegExp(`^${RESEND.replace('?', '\\?')}`) }),
    );
    await screen.findByRole('button', { name: new RegExp(`^${RESENT.replace('?', '\\?')}`) });
    expect(toast()).toMatchObject({ show: true, variant: 'success', header: INVITE_SENT });
    expect(sent.find((s) => s.path === '/identity/account/sendactivateemail')!.query.get('id')).toBe(
      invited.id,
    );
    ok = false;
    fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${RESENT.replace('?', '\\?')}`) }));
    await screen.findByRole('button', { name: new RegExp(`^${RESEND_FAILED.replace('?', '\\?')}`) });
    expect(toast()).toMatchObject({ variant: 'error', header: INVITE_FAILED });
  });

  it('searches every field, case-insensitively, and filters with counts, chips and Clear Filters', async () => {
    stubFetch(admin, {
      'GET /api/user/customer': [
        user({ firstName: 'Alice', email: 'alice@x.test' }),
        user({
          firstName: 'Bob',
          email: 'bob@MAIL.test',
          siteId: 2,
          siteName: 'Grounds Crew',
          isActive: false,
        }),
      ],
      'GET /api/notificationuser': [contact()],
    });
    renderPage();
    await screen.findByText('Alice Lee');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), {
      target: { value: 'mail.TEST' },
    });
    await waitFor(() => expect(nameCells()).toEqual(['Bob Lee(inactive)']));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), {
      target: { value: 'notification' },
    });
    await waitFor(() => expect(nameCells()).toEqual(['Dana Whitfield']));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: '' } });

    fireEvent.click(screen.getByRole('button', { name: /Filter/ }));
    const popover = await screen.findByRole('dialog', { name: 'Filter' });
    expect(within(popover).getAllByText('Showing 2 of 2')).toHaveLength(2);
    expect(within(popover).getByText('Showing 5 of 5')).toBeInTheDocument();
    fireEvent.click(within(popover).getByRole('button', { name: /User Permission Levels/ }));
    fireEvent.click(within(popover).getByRole('checkbox', { name: 'Notification Only' }));
    expect(within(popover).getByText('Showing 1 of 5')).toBeInTheDocument();
    fireEvent.keyDown(popover, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filter' })).toBeNull());
    await waitFor(() => expect(nameCells()).toEqual(['Dana Whitfield']));
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(within(chips).getByText('Notification Only')).toBeInTheDocument();
    fireEvent.click(within(chips).getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(nameCells()).toHaveLength(3));
  });

  it("opens on the Assistant Admin's own group", async () => {
    stubFetch(assistantAdmin, {
      'GET /api/user/customer': [user({ firstName: 'Mine' }), user({ firstName: 'Other', siteId: 2 })],
      'GET /api/site': [SITES[0]],
    });
    renderPage();
    await screen.findByText('Mine Lee');
    expect(screen.queryByText('Other Lee')).toBeNull();
    expect(
      within(screen.getByRole('list', { name: 'Active filters' })).getByText('Athletics'),
    ).toBeInTheDocument();
  });

  it('pages and searches 5,000 people read in pages of 1,000', async () => {
    const everyone = Array.from({ length: 5000 }, (_, i) =>
      user({ firstName: `Member${String(i).padStart(4, '0')}`, email: `member${i}@big.test` }),
    );
    const sent = stubFetch(admin, {
      'GET /api/user/customer': (_b: unknown, q: URLSearchParams) => {
        const offset = Number(q.get('offset'));
        return { status: 200, body: { data: everyone.slice(offset, offset + Number(q.get('limit'))) } };
      },
    });
    renderPage();
    expect(await screen.findByText(/^1–10 of 5,?000$/)).toBeInTheDocument();
    expect(sent.filter((s) => s.path === '/api/user/customer').map((s) => s.query.get('offset'))).toEqual([
      '0',
      '1000',
      '2000',
      '3000',
      '4000',
      '5000',
    ]);
    const started = performance.now();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), {
      target: { value: 'MEMBER49' },
    });
    expect(await screen.findByText('1–10 of 111')).toBeInTheDocument();
    // jsdom is slow; in a browser this is a few milliseconds (bench/users)
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('the User modal', () => {
  it('requires the fields of spec 02 §5 before sending anything', async () => {
    const sent = stubFetch(admin, {});
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: ADD_NEW_USER });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('First Name is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Email is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('User Group is required.')).toBeInTheDocument();
    expect(sent.filter((s) => s.method !== 'GET')).toEqual([]);
  });

  it('disables the role options at or above the editor, and the group dropdown for an Assistant Admin', async () => {
    stubFetch(assistantAdmin, { 'GET /api/site': [SITES[0]] });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: ADD_NEW_USER });
    expect(within(dialog).getByRole('combobox', { name: /User Group/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(dialog).getByRole('combobox', { name: /User Group/ })).toHaveTextContent('Athletics');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Permission Level/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => [o.textContent, o.getAttribute('aria-disabled') === 'true'])).toEqual([
      ['Super Admin', true],
      ['Admin', true],
      ['Assistant Admin', true],
      ['Customer', false],
      ['Notification Only', false],
    ]);
  });

  it('adds a user with empty phone sent as null, then saves the chosen locations as preloaded', async () => {
    const created = user({ firstName: 'Nora', email: 'nora@x.test' });
    const sent = stubFetch(admin, {
      'POST /api/user': { ...created, isActive: false },
      [`POST /api/location/Update/OrganizationLocation/${created.id}`]: 'Saved',
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: ADD_NEW_USER });
    fireEvent.change(field(/First Name/), { target: { value: 'Nora' } });
    fireEvent.change(field(/^Email/), { target: { value: 'nora@x.test' } });
    await choose(/User Group/, 'Grounds Crew');
    await choose(/Locations/, 'Choctaw Stadium');
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast()).toMatchObject({ variant: 'success', header: USER_ADDED }));
    const writes = sent.filter((s) => s.method !== 'GET');
    expect(writes.map((s) => `${s.method} ${s.path}`)).toEqual([
      'POST /api/user',
      `POST /api/location/Update/OrganizationLocation/${created.id}`,
    ]);
    expect(writes[0]!.body).toEqual({
      firstName: 'Nora',
      lastName: '',
      email: 'nora@x.test',
      phoneNumber: null,
      timeZone: 'CST',
      roleId: 4,
      siteId: 2,
    });
    expect(writes[1]!.body).toEqual([{ organizationLocationId: 11 }]);
  });

  it("shows the server's field errors under their fields, UserName under Email read as Email", async () => {
    stubFetch(admin, {
      'POST /api/user': () => ({
        status: 400,
        body: {
          responseException: {
            message: 'One or more validation errors occurred.',
            errors: {
              UserName: ["UserName 'nora@x.test' is already taken."],
              PhoneNumber: ['Phone Number must be a phone number.'],
            },
          },
        },
      }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: ADD_NEW_USER });
    fireEvent.change(field(/First Name/), { target: { value: 'Nora' } });
    fireEvent.change(field(/^Email/), { target: { value: 'nora@x.test' } });
    fireEvent.change(field(/Phone Number/), { target: { value: '2145550123' } });
    await choose(/User Group/, 'Athletics');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText("Email 'nora@x.test' is already taken.")).toBeInTheDocument();
    expect(within(dialog).getByText('Phone Number must be a phone number.')).toBeInTheDocument();
    expect(toast()).toMatchObject({ variant: 'error', header: ERROR_ADDING_USER });
  });

  it("promotes a contact given a full role: 'Successfully promoted to full user'", async () => {
    const promoted = user({ firstName: 'Dana', lastName: 'Whitfield', isActive: false });
    const sent = stubFetch(admin, {
      'GET /api/notificationuser': [contact()],
      'POST /api/user/PromoteNotificationOnlyUser': promoted,
      [`POST /api/location/Update/OrganizationLocation/${promoted.id}`]: 'Saved',
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Dana Whitfield' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editing "Dana Whitfield"' });
    await choose(/Permission Level/, 'Customer');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast()).toMatchObject({ variant: 'success', header: PROMOTED }));
    expect(sent.find((s) => s.path === '/api/user/PromoteNotificationOnlyUser')!.body).toMatchObject({
      id: 7,
      roleId: 4,
      email: 'dana@x.test',
    });
  });

  it("demotes a full user only after 'Warning: Demoting Full User'", async () => {
    const full = user({ firstName: 'Omar' });
    const sent = stubFetch(admin, {
      'GET /api/user/customer': [full],
      'DELETE /api/user/demote': contact({ id: 9, firstName: 'Omar', fullName: 'Omar Lee' }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Omar Lee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editing "Omar Lee"' });
    await choose(/Permission Level/, 'Notification Only');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const warning = await screen.findByRole('dialog', { name: DEMOTE_WARNING_TITLE });
    expect(sent.some((s) => s.method === 'DELETE')).toBe(false);
    fireEvent.click(within(warning).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sent.some((s) => s.path === '/api/user/demote')).toBe(true));
    expect(sent.find((s) => s.path === '/api/user/demote')!.body).toMatchObject({
      id: full.id,
      firstName: 'Omar',
    });
  });
});
