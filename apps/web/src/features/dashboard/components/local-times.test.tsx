// Dashboard times read in the location's zone with the zone named (issue 12 'Texts in UTC'): the active
// warning's times and next possible all-clear, the forecast's expiry, and the lightning strike times.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { stubApi } from '../../../test/render-app.tsx';
import { lightningStatus, observationFor, policyWarning, threatItem } from '../test/dashboard-payloads.ts';
import { renderPanel } from '../test/render-panel.tsx';
import { browserTimeZone, placeTimeZone } from '../../../lib/local-time.ts';
import { ActiveWarnings } from './active-warnings.tsx';
import { CurrentConditions } from './current-conditions.tsx';
import { LightningStatus } from './lightning-status.tsx';
import { PolicyRisks } from './policy-risks.tsx';

describe('dashboard times', { timeout: 30_000 }, () => {
  it("the location's zone comes from its coordinates; no place (or an unset 0, 0) reads the browser's", () => {
    expect(placeTimeZone({ latitude: 32.7473, longitude: -97.0945 })).toBe('America/Chicago');
    expect(placeTimeZone({ latitude: 21.3069, longitude: -157.8583 })).toBe('Pacific/Honolulu');
    expect(placeTimeZone(null)).toBe(browserTimeZone());
    expect(placeTimeZone({ latitude: 0, longitude: 0 })).toBe(browserTimeZone());
  });

  it('an active warning at AT&T Stadium names its times and its next possible all clear in CDT', async () => {
    stubApi({
      'GET /api/PolicyWarnings/Location/1': [policyWarning({ allClearTime: '2099-07-15T19:25:00.000Z' })],
      'GET /api/Advisory/Detail/1': [],
      'GET /api/ProactiveForecast/Location/1': [
        {
          id: 4,
          forecastType: { name: 'Storm Outlook', color: '#ffb300' },
          expiresAt: '2026-07-16T05:00:00.000Z',
          messages: [
            { id: 8, headline: 'Storms', message: '<p>Storms.</p>', createdAt: '2026-07-15T15:00:00.000Z' },
          ],
        },
      ],
    });
    renderPanel(<ActiveWarnings locationId={1} label="AT&T Stadium" timeZone="America/Chicago" />);
    const panel = await screen.findByRole('region', { name: 'Active Warnings for AT&T Stadium' });
    expect(panel).toHaveTextContent('Last Update: Jul 15, 1:55 PM CDT');
    expect(panel).toHaveTextContent('Warning Started: Jul 15, 1:00 PM CDT');
    expect(panel).toHaveTextContent('Last Notified: Jul 15, 1:30 PM CDT');
    expect(panel).toHaveTextContent('next possible all clear Jul 15, 2:25 PM CDT');
    within(panel).getByRole('tab', { name: 'Forecast - Storms' }).click();
    expect(await within(panel).findByText('Expires: Jul 16, 12:00 AM CDT')).toBeInTheDocument();
    expect(within(panel).getByText('Sent: Jul 15, 10:00 AM CDT')).toBeInTheDocument();
  });

  it('Honolulu reads HST', async () => {
    stubApi({
      'GET /api/PolicyWarnings/Location/1': [policyWarning()],
      'GET /api/Advisory/Detail/1': [],
      'GET /api/ProactiveForecast/Location/1': [],
    });
    renderPanel(<ActiveWarnings locationId={1} label="Aloha Stadium" timeZone="Pacific/Honolulu" />);
    const panel = await screen.findByRole('region', { name: 'Active Warnings for Aloha Stadium' });
    expect(panel).toHaveTextContent('Warning Started: Jul 15, 8:00 AM HST');
  });

  it("shows no 'Last Notified' for a warning nobody was notified of", async () => {
    stubApi({
      'GET /api/PolicyWarnings/Location/1': [policyWarning({ lastAlertTime: null })],
      'GET /api/Advisory/Detail/1': [],
      'GET /api/ProactiveForecast/Location/1': [],
    });
    renderPanel(<ActiveWarnings locationId={1} label="AT&T Stadium" timeZone="America/Chicago" />);
    const panel = await screen.findByRole('region', { name: 'Active Warnings for AT&T Stadium' });
    expect(panel).toHaveTextContent('Warning Started: Jul 15, 1:00 PM CDT');
    expect(panel).not.toHaveTextContent('Last Notified');
    expect(panel).not.toHaveTextContent('Last Notification');
  });

  it("lightning strike times read in the location's zone, to the second", async () => {
    stubApi({ 'GET /api/Lightning/Location/1': lightningStatus([600]) });
    renderPanel(<LightningStatus locationId={1} timeZone="America/Chicago" />);
    expect(await screen.findByTestId('nearest-strike')).toHaveTextContent(
      'Nearest strike 6.2 mi NE at 1:59:00 PM CDT',
    );
    expect(screen.getByRole('listitem', { name: 'Zone 1' })).toHaveTextContent('Last strike 1:59:00 PM CDT');
  });

  it("without a zone the browser's zone is used, and named", async () => {
    stubApi({ 'GET /api/Lightning/Location/1': lightningStatus([600]) });
    renderPanel(<LightningStatus locationId={1} />);
    expect(await screen.findByTestId('nearest-strike')).toHaveTextContent(
      /at \d{1,2}:\d\d:\d\d [AP]M [A-Z][A-Za-z0-9+:-]+ · All clear/,
    );
  });

  it("current conditions name the observation and rain times in the location's zone", async () => {
    stubApi({
      'GET /api/observations/ForLocation/1': observationFor(),
      'GET /api/PolicyWarnings/Location/1': [],
    });
    renderPanel(<CurrentConditions locationId={1} timeZone="America/Chicago" />);
    const panel = await screen.findByRole('region', { name: 'Current Conditions' });
    expect(
      await within(panel).findByText(/Observed 2:00 PM CDT · Rain updated 1:55 PM CDT/),
    ).toBeInTheDocument();
  });

  it("today's policy risks name their spans in the location's zone", async () => {
    stubApi({
      'GET /api/ThreatForecast/Location/1': [
        threatItem({
          threatLevel: 1,
          peakValue: 84.5,
          threatTimes: [{ startTime: '2026-07-15T19:00:00.000Z', endTime: '2026-07-15T21:00:00.000Z' }],
        }),
      ],
    });
    renderPanel(<PolicyRisks locationId={1} timeZone="Pacific/Honolulu" />);
    expect((await screen.findByText('WBGT')).closest('li')).toHaveTextContent('9 AM – 11 AM HST');
  });
});
