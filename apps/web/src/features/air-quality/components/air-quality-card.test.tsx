// The Air Quality card and 'Air Quality Details' modal through the real components (spec 02 §2.3, spec 01 §2, §9).
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
