// The siren drills modal with a stubbed fetch: the list's dates carry the year (a drill may be set years ahead), and
// the server's refusal of a past date shows under Date, not under Time.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TDrill } from '@allclear/contracts';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { admin } from '../../../test/fixtures.ts';
import { stubApi, type ApiRoutes } from '../../../test/render-app.tsx';
import { DrillsModal } from './drills-modal.tsx';

vi.setConfig({ testTimeout: 60_000 });

const SIRENS = [
  { id: 101, hardwareId: 1, name: 'North Siren', enabled: true, timeZoneId: 'America/Chicago' },
];
const drill: TDrill = {
  id: 1,
  testType: 'light',
  localDate: '2099-12-31',
  localTime: '22:00',
  timeZone: 'America/Chicago',
  recurrence: 'once',
  // 10:00 PM CST on Dec 31, 2099 is already 2100 in UTC
  nextRunAt: '2100-01-01T04:00:00.000Z',
  sirens: [{ id: 101, hardwareId: 1, name: 'North Siren' }],
  createdBy: 'Ada Admin',
  lastRun: null,
  abilities: { delete: true },
};

function renderModal(routes: ApiRoutes) {
  stubApi({ 'GET /api/user/current': admin, 'GET /api/Siren': SIRENS, ...routes });
  render(
    <AppProviders queryClient={createQueryClient({ retry: false })}>
      <DrillsModal onClose={() => undefined} />
    </AppProviders>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the siren drills modal', () => {
  it("names a drill's next run with its year, in the sirens' zone", async () => {
    renderModal({ 'GET /api/Drill': [drill] });
    const list = await screen.findByRole('list', { name: 'Drills' });
    expect(within(list).getByText('Light test · Once · next Dec 31, 2099, 10:00 PM CST')).toBeInTheDocument();
  });

  it("shows the server's refusal of a past date under Date", async () => {
    renderModal({
      'GET /api/Drill': [],
      'POST /api/Drill': {
        status: 400,
        body: {
          responseException: {
            message: 'One or more validation errors occurred.',
            errors: { LocalDate: ['Choose today or a later date.'] },
          },
        },
      },
    });
    const schedule = await screen.findByRole('button', { name: 'Schedule a drill' });
    await waitFor(() => expect(schedule).toBeEnabled());
    fireEvent.click(schedule);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'North Siren' }));
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2020-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Date')).toHaveAccessibleDescription('Choose today or a later date.'),
    );
    expect(screen.getByLabelText(/^Time/)).not.toHaveAccessibleDescription('Choose today or a later date.');
  });
});
