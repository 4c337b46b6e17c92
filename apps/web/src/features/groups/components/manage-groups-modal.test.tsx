// Manage User Groups through the real components with a stubbed fetch: '+ New group...' for Admin and Super Admin
// only, the alert-time rules (ALL DAY ends at 12:00 AM, start = end is all day, the overnight note), the default
// rows of a new group, Save's toasts with the spec's spelling, the server's field errors under Name and
// AlertTimes[day].StartTime, and Delete enabled only for a group no user and no widget uses.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TCurrentUser, TSite } from '@allclear/contracts';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { useToastStore } from '../../../components/toast/toast-store.ts';
import { admin, assistantAdmin } from '../../../test/fixtures.ts';
import ManageGroupsModal from './manage-groups-modal.tsx';
import { ManageGroupsModal as LazyManageGroupsModal } from '../index.ts';
import {
  ERROR_DELETING_GROUP,
  ERROR_UPDATING_GROUP,
  GROUP_CREATED,
  GROUP_DELETED,
  GROUP_UPDATED,
  NEW_GROUP_BUTTON,
} from './group-texts.ts';

// the first render of MUI's selects and menus is slow on a busy 2-core machine
vi.setConfig({ testTimeout: 60_000 });

const week = (start = '05:00:00', end = '23:00:00') =>
  [0, 1, 2, 3, 4, 5, 6].map((day) => ({
    id: day + 1,
    day,
    startTime: start,
    endTime: end,
    allDay: false,
    enabled: true,
  }));

const athletics: TSite = {
  id: 1,
  name: 'Athletics',
  customerId: 1,
  users: 0,
  notificationUsers: 0,
  policies: 3,
  widgets: 0,
  alertTimes: week(),
  abilities: { edit: true, delete: true },
};
const facilities: TSite = { ...athletics, id: 2, name: 'Facilities', users: 2, policies: 1 };

interface Sent {
  method: string;
  path: string;
  body: unknown;
}
type Answer = { status: number; body: unknown };

/** The group the server answers a save with: the body's name and times, with row ids. */
const savedGroup = (id: number, body: unknown) => {
  const { name, alertTimes } = body as { name: string; alertTimes: { day: number }[] };
  return {
    status: 200,
    body: {
      data: { ...athletics, id, name, alertTimes: alertTimes.map((t) => ({ ...t, id: 100 + t.day })) },
    },
  };
};

function stubFetch(
  user: TCurrentUser,
  routes: Record<string, unknown | ((body: unknown) => Answer)>,
): Sent[] {
  const sent: Sent[] = [];
  const all = { 'GET /api/user/current': user, 'GET /api/site': [athletics, facilities], ...routes };
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = input.split('?')[0]!;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path, body });
    const entry = all[`${method} ${path}` as keyof typeof all];
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

function renderModal() {
  render(
    <AppProviders queryClient={createQueryClient({ retry: false })}>
      <ManageGroupsModal open onClose={() => {}} />
    </AppProviders>,
  );
}

const toast = () => useToastStore.getState();
const card = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });
const combo = (day: string, which: 'Start' | 'End') =>
  screen.getByRole('combobox', { name: `${day} ${which}` });
async function choose(day: string, which: 'Start' | 'End', option: string) {
  fireEvent.mouseDown(combo(day, which));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

beforeEach(() => {
  useToastStore.setState({ show: false, header: '', message: '' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Manage User Groups', () => {
  it("offers '+ New group...' to an Admin", async () => {
    stubFetch(admin, {});
    renderModal();
    expect(await screen.findByRole('button', { name: NEW_GROUP_BUTTON })).toBeInTheDocument();
  });

  it("keeps '+ New group...' from an Assistant Admin", async () => {
    stubFetch(assistantAdmin, { 'GET /api/site': [athletics] });
    renderModal();
    await screen.findByRole('button', { name: /^Athletics/ });
    expect(screen.queryByRole('button', { name: NEW_GROUP_BUTTON })).toBeNull();
  });

  it("saves a group's alert times with the spec's toast, ALL DAY ending at 12:00 AM and start = end being all day", async () => {
    const sent = stubFetch(admin, {
      'POST /api/site/update': (body: unknown) => savedGroup(1, body),
    });
    renderModal();
    fireEvent.click(await screen.findByRole('button', { name: /^Athletics/ }));
    await choose('Sunday', 'Start', 'ALL DAY');
    expect(combo('Sunday', 'End')).toHaveTextContent('12:00 AM');
    expect(combo('Sunday', 'End')).toHaveAttribute('aria-disabled', 'true');
    await choose('Monday', 'End', '5:00 AM');
    expect(combo('Monday', 'Start')).toHaveTextContent('ALL DAY');
    await choose('Tuesday', 'Start', '10:00 PM');
    await choose('Tuesday', 'End', '6:00 AM');
    expect(screen.getByText('Receive alerts from Tuesday 10:00 PM to Wednesday 6:00 AM')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: 'Alerts on Saturday' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(toast().header).toBe(GROUP_UPDATED));
    const update = sent.find((s) => s.path === '/api/site/update')!;
    const times = (update.body as { alertTimes: { day: number }[] }).alertTimes;
    expect(update.body).toMatchObject({ id: 1, name: 'Athletics' });
    expect(times[0]).toEqual({
      day: 0,
      startTime: '05:00:00',
      endTime: '00:00:00',
      allDay: true,
      enabled: true,
    });
    expect(times[1]).toEqual({
      day: 1,
      startTime: '05:00:00',
      endTime: '00:00:00',
      allDay: true,
      enabled: true,
    });
    expect(times[2]).toEqual({
      day: 2,
      startTime: '22:00:00',
      endTime: '06:00:00',
      allDay: false,
      enabled: true,
    });
    expect(times[6]).toMatchObject({ day: 6, enabled: false });
  });

  it('puts the server field errors under Name and the day’s Start, and toasts the failure', async () => {
    stubFetch(admin, {
      'POST /api/site/update': () => ({
        status: 400,
        body: {
          responseException: {
            message: 'One or more validation errors occurred.',
            errors: {
              Name: ['Another group already has this name.'],
              'AlertTimes[3].StartTime': ['Choose a start time from the list (every 30 minutes).'],
            },
          },
        },
      }),
    });
    renderModal();
    fireEvent.click(await screen.findByRole('button', { name: /^Athletics/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Another group already has this name.')).toBeInTheDocument();
    expect(screen.getByText('Choose a start time from the list (every 30 minutes).')).toBeInTheDocument();
    expect(combo('Wednesday', 'Start')).toHaveAttribute('aria-invalid', 'true');
    expect(toast().header).toBe(ERROR_UPDATING_GROUP);
  });

  it('starts a new group at 05:00 to 23:00 on all seven days and creates it', async () => {
    const sent = stubFetch(admin, {
      'POST /api/site/add': (body: unknown) => savedGroup(9, body),
    });
    renderModal();
    fireEvent.click(await screen.findByRole('button', { name: NEW_GROUP_BUTTON }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Coaches' } });
    for (const day of ['Sunday', 'Saturday']) {
      expect(combo(day, 'Start')).toHaveTextContent('5:00 AM');
      expect(combo(day, 'End')).toHaveTextContent('11:00 PM');
    }
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast().header).toBe(GROUP_CREATED));
    const body = sent.find((s) => s.path === '/api/site/add')!.body as {
      name: string;
      alertTimes: unknown[];
    };
    expect(body.name).toBe('Coaches');
    expect(body.alertTimes).toHaveLength(7);
  });

  it('enables Delete only for a group no user uses, and shows the server’s reason when it refuses', async () => {
    stubFetch(admin, {
      'POST /api/site/delete/1': () => ({
        status: 400,
        body: {
          responseException: {
            message: 'Cannot delete a group assigned to one or more locations',
            errors: { ServerErrors: ['Cannot delete a group assigned to one or more locations'] },
          },
        },
      }),
    });
    renderModal();
    fireEvent.click(await screen.findByRole('button', { name: /^Facilities/ }));
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    fireEvent.click(card('Athletics'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    fireEvent.click(
      within(await screen.findByRole('group', { name: 'Remove Athletics' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await waitFor(() => expect(toast().header).toBe(ERROR_DELETING_GROUP));
    expect(toast().message).toBe('Cannot delete a group assigned to one or more locations');
  });

  it("toasts 'Deleted user group' once the deleted group's card has left the list", async () => {
    let deleted = false;
    stubFetch(admin, {
      'GET /api/site': () => ({
        status: 200,
        body: { data: deleted ? [facilities] : [athletics, facilities] },
      }),
      'POST /api/site/delete/1': () => {
        deleted = true;
        return { status: 200, body: { data: 'Deleted user group' } };
      },
    });
    renderModal();
    fireEvent.click(await screen.findByRole('button', { name: /^Athletics/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    fireEvent.click(
      within(await screen.findByRole('group', { name: 'Remove Athletics' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await waitFor(() => expect(toast().header).toBe(GROUP_DELETED));
    expect(screen.queryByRole('button', { name: /^Athletics/ })).toBeNull();
  });

  it('loads lazily through the feature’s edge, only once opened', async () => {
    const sent = stubFetch(admin, {});
    const view = render(
      <AppProviders queryClient={createQueryClient({ retry: false })}>
        <LazyManageGroupsModal open={false} onClose={() => {}} />
      </AppProviders>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.filter((s) => s.path === '/api/site')).toEqual([]);
    view.rerender(
      <AppProviders queryClient={createQueryClient({ retry: false })}>
        <LazyManageGroupsModal open onClose={() => {}} />
      </AppProviders>,
    );
    expect(await screen.findByRole('dialog', { name: 'Manage User Groups' })).toBeInTheDocument();
  });
});
