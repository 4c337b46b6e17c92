// The account screens in the real app (issue 15): the bell (empty text, the last 3, red with 'Notifications
// Disabled' when declined), My Notifications (groups of 3 with Expand/Collapse, an item's full message, the empty and
// error states), Ask a Meteorologist (its route rule, success and failure views with their texts) and My Notification
// Settings (the server's message shown after 1 s).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCurrentUser, TNotification } from '@allclear/contracts';
import { NotificationType } from '@allclear/domain';
import { admin, customerUser, demoCustomer, demoLocations } from '../../../test/fixtures.ts';
import { renderApp, stubApi } from '../../../test/render-app.tsx';

function notification(id: number, eventType: number, message: string): TNotification {
  return {
    id,
    message,
    sentUtc: new Date(Date.UTC(2026, 6, 6, 17, id)).toISOString(),
    timeZone: 'CST',
    eventType,
    correlationId: `c-${id}`,
  };
}

const POLICY = [1, 2, 3, 4].map((i) =>
  notification(10 + i, NotificationType.GUST, `Wind Gust at Field ${i} reached 53 mph.`),
);
const NWS = [notification(1, NotificationType.NWS, 'Severe Thunderstorm Warning for Tarrant County.')];

function routes(user: TCurrentUser, extra: Record<string, unknown> = {}) {
  return {
    'GET /api/user/current': user,
    'GET /api/Customer/1': demoCustomer,
    'GET /api/AirQuality': [],
    'GET /api/location': demoLocations,
    'GET /api/Notification/History': [...NWS, ...POLICY],
    ...extra,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The bell once its lazy chunk has loaded (the shell shows a disabled stand-in until then). */
async function bell(name: RegExp): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(
    () => {
      found = screen.getAllByRole('button', { name }).find((b) => !b.hasAttribute('disabled'));
      expect(found).toBeDefined();
    },
    { timeout: 5_000 },
  );
  return found!;
}

describe('the bell (spec 03 §2.3)', () => {
  it("lists the newest notifications with View All; when declined it is red with 'Notifications Disabled'", async () => {
    stubApi(routes({ ...admin, declinesNotifications: true }));
    const user = userEvent.setup();
    renderApp('/Notifications');
    const link = await screen.findByText('Notifications Disabled', { selector: 'a' }, { timeout: 5_000 });
    expect(link).toHaveAttribute('href', '/NotificationSettings');
    await user.click(await bell(/^Notifications \(disabled\)/));
    const menu = await screen.findByRole('menu');
    expect(
      await within(menu).findByText('Severe Thunderstorm Warning for Tarrant County.'),
    ).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'View All' })).toHaveAttribute(
      'href',
      '/Notifications',
    );
  });

  it("says 'No recent notifications.' when there are none", async () => {
    stubApi(routes(admin, { 'GET /api/Notification/History': [] }));
    const user = userEvent.setup();
    renderApp('/Notifications');
    await screen.findByText('No notifications in the past 7 days');
    expect(screen.queryByRole('link', { name: 'Notifications Disabled' })).toBeNull();
    await user.click(await bell(/^Notifications$/));
    expect(
      await within(await screen.findByRole('menu')).findByText('No recent notifications.'),
    ).toBeInTheDocument();
  });
});

describe('My Notifications (spec 02 §2.6)', () => {
  it('shows each group with 3 items, Expand and Collapse, and an item opens its full message', async () => {
    stubApi(routes(admin));
    const user = userEvent.setup();
    renderApp('/Notifications');
    await screen.findByText('All notifications sent to your account in the past 7 days');
    const policy = await screen.findByRole('region', { name: 'Policy Notifications' });
    expect(within(policy).getAllByRole('listitem')).toHaveLength(3);
    await user.click(within(policy).getByRole('button', { name: 'Expand' }));
    expect(within(policy).getAllByRole('listitem')).toHaveLength(4);
    await user.click(within(policy).getByRole('button', { name: 'Collapse' }));
    expect(within(policy).getAllByRole('listitem')).toHaveLength(3);
    const nws = screen.getByRole('region', { name: 'National Weather Service Alerts' });
    expect(within(nws).queryByRole('button', { name: 'Expand' })).toBeNull();
    await user.click(within(nws).getByRole('button', { expanded: false }));
    expect(within(nws).getByRole('button', { expanded: true })).toBeInTheDocument();
    const forecasts = screen.getByRole('region', { name: 'AllClear Forecasts' });
    expect(within(forecasts).getByText('No notifications in the past 7 days')).toBeInTheDocument();
  });

  it('says so when the history cannot be read', async () => {
    stubApi(routes(admin, { 'GET /api/Notification/History': { status: 500, body: {} } }));
    renderApp('/Notifications');
    expect(await screen.findByText(/Problem retrieving notifications/)).toBeInTheDocument();
  });
});

describe('Ask a Meteorologist (spec 02 §2.7, §8)', () => {
  it('sends a Customer to /Unauthorized', async () => {
    stubApi(routes(customerUser));
    const { router } = renderApp('/Consultation');
    await waitFor(() => expect(router.state.location.pathname).toBe('/Unauthorized'));
  });

  it("shows the server's success text, then the form again with 'Send another request'", async () => {
    stubApi(
      routes(admin, {
        'POST /api/user/roles': [],
        'POST /api/Support':
          'Our Meteorologists have received your question and will respond shortly. Your reference number is MET-7K2Q9XWD.',
      }),
    );
    const user = userEvent.setup();
    renderApp('/Consultation');
    await user.click(await screen.findByLabelText(/Your question/));
    await user.paste('Will it clear by kickoff?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText(/Our Meteorologists have received your question and will respond shortly\./),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send another request' }));
    expect(await screen.findByLabelText(/Your question/)).toHaveValue('');
  });

  it("shows the failure text with 'Try again' and the error toast with the server's message", async () => {
    stubApi(
      routes(admin, {
        'POST /api/user/roles': [],
        'POST /api/Support': {
          status: 500,
          body: { responseException: { message: 'Desk unreachable', errors: {} } },
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/Consultation');
    await user.click(await screen.findByRole('radio', { name: 'Phone call' }));
    await user.click(screen.getByLabelText(/Your question/));
    await user.paste('Will it clear by kickoff?');
    // the number the profile holds is offered; the asker gives another
    await user.clear(screen.getByLabelText(/Phone Number/));
    await user.type(screen.getByLabelText(/Phone Number/), '2145550123');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText(
        'There was a problem sending your question. Please contact support for assistance.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Error submitting request: Desk unreachable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText(/Your question/)).toHaveValue('Will it clear by kickoff?');
  });
});

describe('My Notification Settings (spec 02 §2.9, §8)', () => {
  it("shows the server's message 1 s after saving", async () => {
    const settings = {
      declinesNotifications: false,
      emailNotifications: true,
      smsNotifications: true,
      optOutForecast: false,
      precipitationNotification: true,
      severeWeatherNotification: true,
      proactiveForecastNotification: true,
      notificationType: 0,
      geofenceAlertsEnabled: false,
      alertTimesEnabled: true,
      alertMode: 0,
      timeZone: 'CST',
      abilities: { alertMode: false },
    };
    const times = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
      id: null,
      day,
      startTime: '00:00:00',
      endTime: '00:00:00',
      allDay: true,
      enabled: true,
    }));
    stubApi(
      routes(admin, {
        'GET /api/Settings/Notifications': settings,
        'GET /api/Settings/AlertTimes': times,
        'GET /api/Notification/Channels': {
          email: 'outbox',
          sms: 'off',
          push: 'configured',
          webhook: 'configured',
          singlewire: 'configured',
        },
        'POST /api/Settings/AlertTimes': 'Notification schedule saved.',
        'POST /api/Settings/Notifications': 'Notification settings saved.',
      }),
    );
    const user = userEvent.setup();
    renderApp('/NotificationSettings');
    await screen.findByRole('heading', { name: 'Weekly Notification Schedule' });
    // SMS is off on this server: shown unavailable; no alert mode without the ability
    expect(screen.getByRole('radio', { name: 'Text message (SMS) (unavailable)' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Alert Mode' })).toBeNull();
    const clicked = Date.now();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Notification settings saved.', undefined, { timeout: 3_000 });
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(1_000);
  });
});
