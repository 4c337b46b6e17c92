// The conditions timeline through the real panel: default WBGT, the choice remembered, gap filling, the
// 'Forecast Max' badge and the failure text.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubApi } from '../../../test/render-app.tsx';
import { historyPoint, hourlySeries, observationFor, serverError } from '../test/dashboard-payloads.ts';
import { renderPanel } from '../test/render-panel.tsx';
import {
  ConditionsTimeline,
  forecastMaxBadge,
  TIMELINE_FAILURE_TEXT,
  TIMELINE_METRIC_STORAGE_KEY,
} from './conditions-timeline.tsx';

afterEach(() => localStorage.clear());

const HISTORY = [
  historyPoint('2026-07-15T16:00:00.000Z', 80.1, 5, 88),
  historyPoint('2026-07-15T16:15:00.000Z', 80.6, 6, 89),
  // a 60-minute gap: filled at 16:30, 16:45 and 17:00
  historyPoint('2026-07-15T17:15:00.000Z', 81.2, 7, 90),
];

function serve(history: unknown, hourly: unknown = []) {
  stubApi({
    'GET /api/Observations/Historical/1': history,
    'GET /api/forecast/Hourly/ForLocation/1': hourly,
    'GET /api/observations/ForLocation/1': observationFor(),
  });
}

describe('Conditions timeline', { timeout: 30_000 }, () => {
  it('starts on WBGT and fills the hour-long gap at 15-minute steps', async () => {
    serve(HISTORY);
    renderPanel(<ConditionsTimeline locationId={1} />);
    const table = await screen.findByRole('table', { name: 'WBGT readings' });
    const values = within(table)
      .getAllByRole('row')
      .map((r) => r.lastChild!.textContent);
    expect(values).toEqual(['80.1', '80.6', '--', '--', '--', '81.2']);
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute(
      'href',
      `/Historical/7/${encodeURIComponent('/api/Hardware/WeatherStation/Image/7')}`,
    );
  });

  it('remembers the chosen measure in local storage', async () => {
    serve(HISTORY);
    const view = renderPanel(<ConditionsTimeline locationId={1} />);
    await screen.findByRole('table', { name: 'WBGT readings' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Measure' }));
    await user.click(screen.getByRole('option', { name: 'Wind Speed (mph)' }));
    expect(localStorage.getItem(TIMELINE_METRIC_STORAGE_KEY)).toBe('Wind Speed (mph)');
    view.unmount();
    serve(HISTORY);
    renderPanel(<ConditionsTimeline locationId={1} />);
    expect(await screen.findByRole('table', { name: 'Wind Speed (mph) readings' })).toBeInTheDocument();
  });

  it("shows 'Forecast Max' when a later hour's forecast exceeds the observed maximum", async () => {
    serve(
      HISTORY,
      hourlySeries('2026-07-15T18:00:00.000Z', 4, (i) => ({
        wbgt: { value: i === 2 ? 83 : 79, unit: '°F' },
      })),
    );
    renderPanel(<ConditionsTimeline locationId={1} />);
    expect(await screen.findByText('Forecast Max')).toBeInTheDocument();
  });

  it('shows no badge when the forecast maximum does not exceed the observed one', async () => {
    serve(
      HISTORY,
      hourlySeries('2026-07-15T18:00:00.000Z', 4, () => ({ wbgt: { value: 81.2, unit: '°F' } })),
    );
    renderPanel(<ConditionsTimeline locationId={1} />);
    await screen.findByRole('table', { name: 'WBGT readings' });
    expect(screen.queryByText('Forecast Max')).not.toBeInTheDocument();
  });

  it('shows the failure text when the history call fails', async () => {
    serve(serverError);
    renderPanel(<ConditionsTimeline locationId={1} />);
    expect(await screen.findByText(TIMELINE_FAILURE_TEXT)).toBeInTheDocument();
  });
});

describe('forecastMaxBadge', () => {
  const H = 3_600_000;
  const t0 = Date.parse('2026-07-15T15:00:00.000Z');
  it('needs the forecast maximum at a later hour than the observed maximum', () => {
    const observed = [
      { time: t0, value: 80 },
      { time: t0 + 0.5 * H, value: 82 },
    ];
    expect(forecastMaxBadge(observed, [{ time: t0 + 2 * H, value: 82.1 }])).toEqual({
      value: 82.1,
      time: t0 + 2 * H,
    });
    expect(forecastMaxBadge(observed, [{ time: t0 + 2 * H, value: 82 }])).toBeNull();
  });
});
