// The Air Quality card and 'Air Quality Details' modal through the real components (spec 02 §2.3, spec 01 §2, §9).
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ZPollutant, type TPollutant } from '@allclear/contracts';
import { stubApi } from '../../../test/render-app.tsx';
import { pollutant, serverError } from '../../dashboard/test/dashboard-payloads.ts';
import { renderPanel } from '../../dashboard/test/render-panel.tsx';
import { AIR_QUALITY_TEXTS, AirQualityCard } from './air-quality-card.tsx';
import { AqiGauge } from './aqi-gauge.tsx';

describe('Air Quality card', { timeout: 30_000 }, () => {
  it('shows the main pollutant, and the modal puts it first, outlined and captioned', async () => {
    stubApi({
      'GET /api/AirQuality/Location/1': [
        pollutant('PM2.5', 42),
        pollutant('O3', 61, true),
        pollutant('PM10', 20),
      ],
    });
    renderPanel(<AirQualityCard locationId={1} />);
    const card = await screen.findByRole('region', { name: 'Air Quality' });
    expect(await within(card).findByText('Ozone')).toBeInTheDocument();
    expect(within(card).getByText('61')).toBeInTheDocument();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Air Quality Details' });
    const cards = within(dialog).getAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Ozone', 'PM2.5', 'PM10']);
    expect(cards[0]).toHaveAttribute('data-primary', 'true');
    expect(within(cards[0]!).getByText(AIR_QUALITY_TEXTS.primaryCaption)).toBeInTheDocument();
    expect(within(cards[0]!).getByText('8-Hr AQI')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('24-Hr AQI')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('1.2 mi')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Updated 5 min ago')).toBeInTheDocument();
    expect(cards[1]).not.toHaveAttribute('data-primary');
  });

  it('takes the first pollutant when none is marked main', async () => {
    stubApi({ 'GET /api/AirQuality/Location/1': [pollutant('PM10', 20), pollutant('PM2.5', 42)] });
    renderPanel(<AirQualityCard locationId={1} />);
    expect(await screen.findByText('PM10')).toBeInTheDocument();
  });

  it('shows the fallback text when the call fails', async () => {
    stubApi({ 'GET /api/AirQuality/Location/1': serverError });
    renderPanel(<AirQualityCard locationId={1} />);
    expect(await screen.findByText(AIR_QUALITY_TEXTS.failure)).toBeInTheDocument();
  });

  it('shows the no-data text without pollutants', async () => {
    stubApi({ 'GET /api/AirQuality/Location/1': [] });
    renderPanel(<AirQualityCard locationId={1} />);
    expect(await screen.findByText('No data is available for this location')).toBeInTheDocument();
  });
});

/** A pollutant as the server answers it when its nearest monitor is beyond the 10-mile reach (issue 20). */
function beyondReachPollutant(name: 'PM2.5' | 'PM10' | 'O3', miles: number): TPollutant {
  const none = { value: null, color: null, shortDescription: null };
  return ZPollutant.parse({
    pollutantName: name,
    sourceName: 'Simulated Air Monitor 3',
    distanceInMiles: miles,
    isMainPollutant: false,
    concentration: { value: null, unit: name === 'O3' ? 'ppb' : 'µg/m³' },
    aqiData: { nowCastIndex: none, oneHourIndex: none, eightHourIndex: none, twentyFourHourIndex: none },
    utcTimeStamp: new Date(Date.now() - 5 * 60_000).toISOString(),
    inReach: false,
  });
}

describe('Air Quality card beyond the 10-mile reach (spec 01 §9)', { timeout: 30_000 }, () => {
  it("shows '--' and 'N/A', and the details the nearest monitor's distance", async () => {
    stubApi({
      'GET /api/AirQuality/Location/1': [
        beyondReachPollutant('PM2.5', 593.5),
        beyondReachPollutant('PM10', 593.5),
        beyondReachPollutant('O3', 593.5),
      ],
    });
    renderPanel(<AirQualityCard locationId={1} />);
    const card = await screen.findByRole('region', { name: 'Air Quality' });
    const gauge = await within(card).findByTestId('aqi-gauge');
    expect(within(gauge).getByText('--')).toBeInTheDocument();
    expect(within(gauge).getByText('N/A')).toBeInTheDocument();
    expect(
      within(card).getByText('No monitor within 10 mi; the nearest is 593.5 mi away'),
    ).toBeInTheDocument();
    expect(within(card).queryByText('PM2.5')).not.toBeInTheDocument();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Air Quality Details' });
    const cards = within(dialog).getAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['PM2.5', 'PM10', 'Ozone']);
    for (const c of cards) {
      expect(c).not.toHaveAttribute('data-primary');
      expect(within(c).queryByText(AIR_QUALITY_TEXTS.primaryCaption)).not.toBeInTheDocument();
      expect(within(c).queryByText(/^Updated /)).not.toBeInTheDocument();
      expect(within(c).getByText('593.5 mi')).toBeInTheDocument();
      expect(within(c).getByText('Simulated Air Monitor 3')).toBeInTheDocument();
      expect(within(c).getByText('N/A')).toBeInTheDocument();
      // the gauge's value and NowCast, 1-Hr and 24-Hr (or 8-Hr) AQI
      expect(within(c).getAllByText('--')).toHaveLength(4);
    }
  });

  it('never shows a value from a monitor beyond 10 miles, even one an answer carries', async () => {
    const far = { ...pollutant('PM2.5', 38, true), distanceInMiles: 593.5 };
    stubApi({ 'GET /api/AirQuality/Location/1': [far, pollutant('O3', 61)] });
    renderPanel(<AirQualityCard locationId={1} />);
    const card = await screen.findByRole('region', { name: 'Air Quality' });
    // the ozone monitor nearby is the one shown
    expect(await within(card).findByText('Ozone')).toBeInTheDocument();
    expect(within(card).getByText('61')).toBeInTheDocument();
    expect(within(card).queryByText('38')).not.toBeInTheDocument();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Air Quality Details' });
    const [ozone, pm25] = within(dialog).getAllByRole('article');
    expect(ozone).toHaveAttribute('aria-label', 'Ozone');
    expect(ozone).toHaveAttribute('data-primary', 'true');
    expect(pm25).toHaveAttribute('aria-label', 'PM2.5');
    expect(within(pm25!).queryByText('38')).not.toBeInTheDocument();
    expect(
      within(pm25!).getByText('No monitor within 10 mi; the nearest is 593.5 mi away'),
    ).toBeInTheDocument();
  });
});

describe('AqiGauge', () => {
  it("shows '--' and 'N/A' for a missing value", () => {
    renderPanel(<AqiGauge value={null} description="Good" />);
    expect(screen.getByText('--')).toBeInTheDocument();
    expect(screen.getByText('N/A')).toBeInTheDocument();
  });

  it('highlights the band of the value: 50 starts the fourth band, 49 is in the third', () => {
    const view = renderPanel(<AqiGauge value={50} description="Good" />);
    expect(screen.getByTestId('aqi-gauge')).toHaveAttribute('data-band', '3');
    view.unmount();
    renderPanel(<AqiGauge value={49} description="Good" />);
    expect(screen.getByTestId('aqi-gauge')).toHaveAttribute('data-band', '2');
  });
});
