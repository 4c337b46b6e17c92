// The conditions timeline through the real panel: default WBGT, the choice remembered, gap filling, the
// 'Forecast Max' badge and the failure text.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { timeZoneAt } from '@allclear/domain';
import type { ChartOption } from '../../../components/chart/lazy-chart.tsx';
import { HONOLULU, pinProcessTimeZone } from '../../../test/time-zone.ts';
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

// the chart's options as the panel gives them (jsdom cannot draw echarts)
const charts = vi.hoisted(() => [] as unknown[]);
vi.mock('../../../components/chart/chart.tsx', () => ({
  default: (props: { option: unknown; label: string }) => {
    charts.push(props.option);
    return <div role="img" aria-label={props.label} />;
  },
}));

afterEach(() => {
  localStorage.clear();
  charts.length = 0;
});
pinProcessTimeZone('America/Chicago');

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
      .slice(1)
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

  it("reads its times in the venue's zone and names it once: the axis title and the table's time column", async () => {
    serve(HISTORY);
    renderPanel(
      <ConditionsTimeline locationId={1} timeZone={timeZoneAt(HONOLULU.latitude, HONOLULU.longitude)} />,
    );
    const table = await screen.findByRole('table', { name: 'WBGT readings' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('Time (HST)');
    // 16:00Z is 6 AM in Honolulu (11 AM in the process's Chicago)
    expect(rows.slice(1).map((r) => r.firstChild!.textContent)).toEqual([
      '6:00 AM',
      '6:15 AM',
      '6:30 AM',
      '6:45 AM',
      '7:00 AM',
      '7:15 AM',
    ]);
    await screen.findByRole('img', { name: 'WBGT over the last 3 hours' });
    const option = charts.at(-1) as ChartOption & {
      xAxis: { name: string; axisLabel: { formatter: (v: number) => string } };
    };
    expect(option.xAxis.name).toBe('Time (HST)');
    expect(option.xAxis.axisLabel.formatter(Date.parse('2026-07-15T18:00:00.000Z'))).toBe('8 AM');
  });

  it("names the browser's zone where no location zone is given", async () => {
    serve(HISTORY);
    renderPanel(<ConditionsTimeline locationId={1} />);
    const table = await screen.findByRole('table', { name: 'WBGT readings' });
    expect(within(table).getAllByRole('row')[0]).toHaveTextContent('Time (CDT)');
    expect(within(table).getAllByRole('row')[1]!.firstChild).toHaveTextContent('11:00 AM');
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

  it("keeps to the rest of the location's day", () => {
    // 15:00Z is 5 AM in Honolulu: 05:00Z next day is 7 PM the same day there (midnight, the next day, in the
    // process's Chicago); 11:00Z next day (1 AM HST) is the next day
    const observed = [{ time: t0, value: 80 }];
    const honolulu = timeZoneAt(HONOLULU.latitude, HONOLULU.longitude);
    expect(forecastMaxBadge(observed, [{ time: t0 + 14 * H, value: 81 }], honolulu)).toEqual({
      value: 81,
      time: t0 + 14 * H,
    });
    expect(forecastMaxBadge(observed, [{ time: t0 + 20 * H, value: 81 }], honolulu)).toBeNull();
  });
});
