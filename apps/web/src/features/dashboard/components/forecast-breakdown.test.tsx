// Forecast Breakdown through the real panel: metric rules, the snow rule, precision, the empty and failure texts.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubApi } from '../../../test/render-app.tsx';
import { dailySeries, hourlySeries, serverError } from '../test/dashboard-payloads.ts';
import { renderPanel } from '../test/render-panel.tsx';
import { timeZoneAt } from '@allclear/domain';
import { HONOLULU, pinProcessTimeZone } from '../../../test/time-zone.ts';
import { FORECAST_EMPTY_TEXT, FORECAST_FAILURE_TEXT, ForecastBreakdown } from './forecast-breakdown.tsx';

const START = '2026-07-15T18:00:00.000Z';

function serve(hourly: unknown, daily: unknown) {
  stubApi({
    'GET /api/forecast/Hourly/ForLocation/1': hourly,
    'GET /api/forecast/Daily/ForLocation/1': daily,
  });
}

async function metricOptions(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('combobox', { name: 'Metric' }));
  const names = within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.textContent);
  await user.keyboard('{Escape}');
  return names;
}

async function chooseMetric(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('combobox', { name: 'Metric' }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name }));
}

pinProcessTimeZone('America/Chicago');

describe('Forecast Breakdown', { timeout: 30_000 }, () => {
  it("labels the hourly columns in the venue's zone and names it once above the strip", async () => {
    serve(hourlySeries(START, 36), dailySeries(START));
    renderPanel(
      <ForecastBreakdown locationId={1} timeZone={timeZoneAt(HONOLULU.latitude, HONOLULU.longitude)} />,
    );
    const strip = await screen.findByRole('list', { name: 'Hourly forecast' });
    const columns = within(strip).getAllByRole('listitem');
    // 18:00Z is 8 AM Wednesday in Honolulu (1 PM in the process's Chicago); 06:00Z is still Wednesday there
    expect(columns[0]).toHaveAccessibleName('Wed 8 AM');
    expect(columns[12]).toHaveAccessibleName('Wed 8 PM');
    expect(columns[16]).toHaveAccessibleName('Thu 12 AM');
    expect(screen.getByTestId('forecast-time-zone')).toHaveTextContent('Time (HST)');
    expect(strip).not.toHaveTextContent('HST');
  });

  it("names the browser's zone where no location zone is given", async () => {
    serve(hourlySeries(START, 36), dailySeries(START));
    renderPanel(<ForecastBreakdown locationId={1} />);
    const strip = await screen.findByRole('list', { name: 'Hourly forecast' });
    expect(within(strip).getAllByRole('listitem')[0]).toHaveAccessibleName('Wed 1 PM');
    expect(screen.getByTestId('forecast-time-zone')).toHaveTextContent('Time (CDT)');
  });

  it('opens hourly on Feels Like and offers Temperature but not High or Low', async () => {
    serve(hourlySeries(START, 36), dailySeries(START));
    renderPanel(<ForecastBreakdown locationId={1} />);
    const strip = await screen.findByRole('list', { name: 'Hourly forecast' });
    expect(within(strip).getAllByRole('listitem')).toHaveLength(36);
    expect(screen.getByRole('combobox', { name: 'Metric' })).toHaveTextContent('Feels Like');
    const user = userEvent.setup();
    expect(await metricOptions(user)).toEqual(['Temperature', 'Precipitation', 'Feels Like', 'WBGT', 'Wind']);
  });

  it('switching to daily turns Temperature into Feels Like and offers High and Low', async () => {
    serve(hourlySeries(START, 36), dailySeries(START));
    renderPanel(<ForecastBreakdown locationId={1} />);
    await screen.findByRole('list', { name: 'Hourly forecast' });
    const user = userEvent.setup();
    await chooseMetric(user, 'Temperature');
    expect(screen.getByRole('combobox', { name: 'Metric' })).toHaveTextContent('Temperature');
    await user.click(screen.getByRole('button', { name: 'Daily' }));
    expect(await screen.findByRole('list', { name: 'Daily forecast' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Metric' })).toHaveTextContent('Feels Like');
    expect(await metricOptions(user)).toEqual(['High', 'Low', 'Precipitation', 'Feels Like', 'WBGT', 'Wind']);
  });

  it('switching back to hourly turns High into Feels Like but keeps WBGT', async () => {
    serve(hourlySeries(START, 36), dailySeries(START));
    renderPanel(<ForecastBreakdown locationId={1} />);
    await screen.findByRole('list', { name: 'Hourly forecast' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Daily' }));
    await chooseMetric(user, 'High');
    await user.click(screen.getByRole('button', { name: 'Hourly' }));
    expect(screen.getByRole('combobox', { name: 'Metric' })).toHaveTextContent('Feels Like');
    await chooseMetric(user, 'WBGT');
    await user.click(screen.getByRole('button', { name: 'Daily' }));
    expect(screen.getByRole('combobox', { name: 'Metric' })).toHaveTextContent('WBGT');
  });

  it('has no Snow metric without snow and no snow weather code', async () => {
    serve(hourlySeries(START, 36), dailySeries(START));
    renderPanel(<ForecastBreakdown locationId={1} />);
    await screen.findByRole('list', { name: 'Hourly forecast' });
    expect(await metricOptions(userEvent.setup())).not.toContain('Snow');
  });

  it('offers Snow when one hour has 0.01 in of snow, and shows it in that column only', async () => {
    serve(
      hourlySeries(START, 36, (i) => (i === 3 ? { snowAccumulation: { value: 0.01, unit: 'in' } } : {})),
      dailySeries(START),
    );
    renderPanel(<ForecastBreakdown locationId={1} />);
    const strip = await screen.findByRole('list', { name: 'Hourly forecast' });
    expect(await metricOptions(userEvent.setup())).toContain('Snow');
    const snowCells = strip.querySelectorAll('[data-metric="snow"]');
    expect(snowCells).toHaveLength(1);
    expect(snowCells[0]!.textContent).toBe('0.01 in');
  });

  it('offers Snow when a daily weather code ends in 16 even with no accumulation', async () => {
    serve(
      hourlySeries(START, 36),
      dailySeries(START, (i) => (i === 5 ? { weather_code: { value: '0016', text: 'Snow' } } : {})),
    );
    renderPanel(<ForecastBreakdown locationId={1} />);
    await screen.findByRole('list', { name: 'Hourly forecast' });
    expect(await metricOptions(userEvent.setup())).toContain('Snow');
  });

  it('does not offer Snow for a daily code ending in 15', async () => {
    serve(
      hourlySeries(START, 36),
      dailySeries(START, () => ({ weather_code: { value: '0015', text: 'Heavy Rain' } })),
    );
    renderPanel(<ForecastBreakdown locationId={1} />);
    await screen.findByRole('list', { name: 'Hourly forecast' });
    expect(await metricOptions(userEvent.setup())).not.toContain('Snow');
  });

  it('rounds WBGT to one decimal, precipitation to two and other values to integers', async () => {
    serve(
      hourlySeries(START, 36, () => ({
        wbgt: { value: 84.26, unit: '°F' },
        precipitation: { value: 0.126, unit: 'in' },
        feelsLike: { value: 92.5, unit: '°F' },
      })),
      dailySeries(START),
    );
    renderPanel(<ForecastBreakdown locationId={1} />);
    const strip = await screen.findByRole('list', { name: 'Hourly forecast' });
    const first = within(strip).getAllByRole('listitem')[0]!;
    expect(first.querySelector('[data-metric="wbgt"]')!.textContent).toBe('84.3');
    expect(first.querySelector('[data-metric="precipitation"]')!.textContent).toBe('0.13 in');
    expect(first.querySelector('[data-metric="feelLike"]')!.textContent).toBe('93');
    expect(first).toHaveTextContent('20%');
  });

  it('hides the precipitation chance when it is 0', async () => {
    serve(
      hourlySeries(START, 36, () => ({ precipitationChance: { value: 0, unit: '%' } })),
      dailySeries(START),
    );
    renderPanel(<ForecastBreakdown locationId={1} />);
    const strip = await screen.findByRole('list', { name: 'Hourly forecast' });
    expect(within(strip).getAllByRole('listitem')[0]).not.toHaveTextContent('%');
  });

  it('shows the empty text when the forecast has no items', async () => {
    serve([], []);
    renderPanel(<ForecastBreakdown locationId={1} />);
    expect(await screen.findByText(FORECAST_EMPTY_TEXT)).toBeInTheDocument();
  });

  it('shows the failure text when the forecast call fails', async () => {
    serve(serverError, serverError);
    renderPanel(<ForecastBreakdown locationId={1} />);
    expect(await screen.findByText(FORECAST_FAILURE_TEXT)).toBeInTheDocument();
  });

  it('shows the scroll arrows on desktop', async () => {
    serve(hourlySeries(START, 36), dailySeries(START));
    renderPanel(<ForecastBreakdown locationId={1} />);
    await screen.findByRole('list', { name: 'Hourly forecast' });
    expect(screen.getByRole('button', { name: 'Scroll forecast right' })).toBeInTheDocument();
  });
});
