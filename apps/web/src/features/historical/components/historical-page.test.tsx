// The station historical page through its real components (spec 03 §2.4, §5, §6): the station, the default 7 Days,
// the refused page's text, the Custom range's 90-day message (nothing asked), the ET section only with its feature and
// its messages, and the export the caller may use.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { THistoricalStation, TStationHistory } from '@allclear/contracts';
import { stubApi } from '../../../test/render-app.tsx';
import { renderPanel } from '../../dashboard/test/render-panel.tsx';
import { HistoricalPage } from './historical-page.tsx';

const station = (over: Partial<THistoricalStation> = {}): THistoricalStation => ({
  id: 7,
  name: 'TCU Weather Station',
  customerId: 1,
  hardwareId: 12,
  modelId: 'WXS',
  webRelayType: null,
  features: [{ displayName: 'Weather' }],
  latitude: null,
  longitude: null,
  timeZone: 'America/Chicago',
  imageUrl: null,
  imageUpdated: null,
  weather: {
    locationName: 'TCU',
    lastUpdated: new Date(Date.now() - 3 * 60_000).toISOString(),
    hardwareId: 12,
    latitude: null,
    longitude: null,
    ambientTemperature: 88.4,
    heatIndex: 91.2,
    windChill: null,
    windSpeed: 7.6,
    windDirection: 'S',
    rainToday: 0.12,
    wetBulbGlobalTemp: 80.1,
    calibratedData: { rainToday: 0.12, rainUpdatedTime: null },
  },
  signedIn: true,
  canGenerateReport: false,
  ...over,
});

const week: TStationHistory = {
  interval: 'Daily',
  timeZone: 'America/Chicago',
  rows: ['2026-07-09', '2026-07-10'].map((date) => ({
    date,
    minAmbientTemperature: 75,
    avgAmbientTemperature: 84,
    maxAmbientTemperature: 95,
    maxWindSpeed: 12,
    maxWindGust: 20,
    rainTotal: 0.1,
    maxRain1Hr: 0.05,
  })),
};

describe('HistoricalPage', { timeout: 30_000 }, () => {
  it('shows the station, its conditions and the 7-day history with its three charts', async () => {
    const requests = stubApi({
      'GET /api/Historical/Station/7': station(),
      'GET /api/Observations/Historical/Week/7': week,
    });
    renderPanel(<HistoricalPage stationId={7} imageUrl={null} signedIn />);
    expect(await screen.findByRole('heading', { level: 1, name: 'TCU Weather Station' })).toBeInTheDocument();
    expect(screen.getByText('Updated 3 min ago')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '7 Days', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Temperature chart' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Wind speed and gust chart' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Precipitation chart' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Export Data' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Evapotranspiration' })).toBeNull();
    expect(requests.some((r) => r.url.includes('/Observations/Historical/Week/7'))).toBe(true);
  });

  it("says 'You do not have access to view this page' when the station is refused", async () => {
    stubApi({});
    renderPanel(<HistoricalPage stationId={9} imageUrl={null} signedIn={false} />);
    expect(await screen.findByText('You do not have access to view this page')).toBeInTheDocument();
  });

  it('a Custom range over 90 days shows the message and asks nothing', async () => {
    const requests = stubApi({
      'GET /api/Historical/Station/7': station(),
      'GET /api/Observations/Historical/Week/7': week,
    });
    renderPanel(<HistoricalPage stationId={7} imageUrl={null} signedIn />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Custom' }));
    const start = screen.getByLabelText('Start');
    const d = new Date(Date.now() - 100 * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    fireEvent.change(start, {
      target: { value: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T08:00` },
    });
    expect(
      await screen.findByText(
        'Custom Range must be at most 90 days. Try exporting data if longer date range is needed.',
      ),
    ).toBeInTheDocument();
    // the default 14-day range was asked for; the refused 100-day one never is
    const startParam = encodeURIComponent(
      new Date(`${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T08:00`).toISOString(),
    );
    expect(requests.some((r) => r.url.includes('/Historical/Custom/'))).toBe(true);
    expect(requests.some((r) => r.url.includes('/Historical/Custom/') && r.url.includes(startParam))).toBe(
      false,
    );
  });

  it('shows Evapotranspiration with its feature, and the graph message when there are too few days', async () => {
    stubApi({
      'GET /api/Historical/Station/7': station({
        features: [{ displayName: 'Evapotranspiration' }],
        canGenerateReport: true,
        signedIn: false,
      }),
      'GET /api/Observations/Historical/Week/7': week,
      'GET /api/Observations/Evapotranspiration/7': {
        rows: [{ value: 0.211, date: '2026-07-14', timeZone: 'America/Chicago' }],
        totals: { last24Hours: 0.211, last3Days: 0.6, last7Days: 1.4 },
      },
    });
    renderPanel(<HistoricalPage stationId={7} imageUrl={null} signedIn={false} />);
    const section = await screen.findByRole('region', { name: 'Evapotranspiration' });
    expect(
      await within(section).findByText('Insufficient data. Unable to generate graph.'),
    ).toBeInTheDocument();
    expect(within(section).getAllByText('0.21 in').length).toBeGreaterThan(0);
    expect(within(section).getByText('1.40 in')).toBeInTheDocument();
    expect(screen.getByText('Powered by AllClear')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Export Historical Report' })).toBeInTheDocument();
  });
});
