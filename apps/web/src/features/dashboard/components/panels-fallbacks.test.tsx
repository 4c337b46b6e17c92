// Each panel's texts when its call fails or has nothing to show (spec 01 §2, §8), through the real panels.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubApi } from '../../../test/render-app.tsx';
import { observationFor, policyWarning, serverError, threatItem } from '../test/dashboard-payloads.ts';
import { renderPanel } from '../test/render-panel.tsx';
import { useDashboardStore } from '../stores/dashboard-store.ts';
import { ActiveWarnings, ALERTS_FAILURE_TEXT } from './active-warnings.tsx';
import { CONDITIONS_CRASH_TEXT, CurrentConditions, showsHistoricalLink } from './current-conditions.tsx';
import { PanelBoundary } from './panel.tsx';
import { PolicyRisks, POLICY_RISKS_TEXTS } from './policy-risks.tsx';

beforeEach(() => useDashboardStore.setState({ severeLocations: {} }));

describe('Current Conditions', { timeout: 30_000 }, () => {
  it('shows every measure with its unit, the compass text, station names and calibrated rain', async () => {
    stubApi({
      'GET /api/observations/ForLocation/1': observationFor(),
      'GET /api/PolicyWarnings/Location/1': [],
    });
    renderPanel(<CurrentConditions locationId={1} />);
    const panel = await screen.findByRole('region', { name: 'Current Conditions' });
    expect(await within(panel).findByText('91.4 °F')).toBeInTheDocument();
    expect(within(panel).getByText('97 °F')).toBeInTheDocument();
    expect(within(panel).getByText('0.00 in')).toBeInTheDocument();
    expect(within(panel).getByText('85.0 °F')).toBeInTheDocument();
    expect(within(panel).getByText('NNE')).toBeInTheDocument();
    expect(within(panel).getByText('0.12 in')).toBeInTheDocument();
    expect(within(panel).getByText('-- N/A')).toBeInTheDocument();
    expect(panel).toHaveTextContent('Station: AT&T Stadium Station');
    expect(panel).toHaveTextContent('METAR: KGPM Grand Prairie');
    expect(panel).not.toHaveAttribute('data-scary');
  });

  it("is flagged 'scary' while a policy is breached", async () => {
    stubApi({
      'GET /api/observations/ForLocation/1': observationFor(),
      'GET /api/PolicyWarnings/Location/1': [policyWarning()],
    });
    renderPanel(<CurrentConditions locationId={1} />);
    const panel = await screen.findByRole('region', { name: 'Current Conditions' });
    await vi.waitFor(() => expect(panel).toHaveAttribute('data-scary', 'true'));
  });

  it('shows both texts when the call fails', async () => {
    stubApi({ 'GET /api/observations/ForLocation/1': serverError, 'GET /api/PolicyWarnings/Location/1': [] });
    renderPanel(<CurrentConditions locationId={1} />);
    expect(await screen.findByText('Unable to load current conditions')).toBeInTheDocument();
    expect(screen.getByText('No data is available for this location.')).toBeInTheDocument();
  });

  it('shows both texts when there is no data', async () => {
    stubApi({
      'GET /api/observations/ForLocation/1': observationFor({ data: null }),
      'GET /api/PolicyWarnings/Location/1': [],
    });
    renderPanel(<CurrentConditions locationId={1} />);
    expect(await screen.findByText('Unable to load current conditions')).toBeInTheDocument();
  });

  it('shows the crash text when it cannot render', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // as in production, where call() does not check answers against the contract: the bad answer reaches the panel
    vi.stubEnv('DEV', false);
    vi.stubEnv('MODE', 'production');
    const broken = { ...observationFor(), data: { ...observationFor().data!, weather_code: null } };
    stubApi({ 'GET /api/observations/ForLocation/1': broken, 'GET /api/PolicyWarnings/Location/1': [] });
    renderPanel(
      <PanelBoundary fallback={CONDITIONS_CRASH_TEXT}>
        <CurrentConditions locationId={1} />
      </PanelBoundary>,
    );
    expect(await screen.findByText(CONDITIONS_CRASH_TEXT)).toBeInTheDocument();
  });
});

describe('the Historical link rule', () => {
  const obs = observationFor();
  it('needs canViewHistorical, no error, no fetch and a station type other than 0', () => {
    expect(showsHistoricalLink(obs, false, false)).toBe(true);
    expect(showsHistoricalLink({ ...obs, canViewHistorical: false }, false, false)).toBe(false);
    expect(showsHistoricalLink(obs, true, false)).toBe(false);
    expect(showsHistoricalLink(obs, false, true)).toBe(false);
    expect(showsHistoricalLink(observationFor({}, 0), false, false)).toBe(false);
  });
});

describe("Today's Policy Risks", { timeout: 30_000 }, () => {
  const serve = (body: unknown) => stubApi({ 'GET /api/ThreatForecast/Location/1': body });

  it('shows the error text when the call fails', async () => {
    serve(serverError);
    renderPanel(<PolicyRisks locationId={1} />);
    expect(await screen.findByText(POLICY_RISKS_TEXTS.error)).toBeInTheDocument();
  });

  it("shows 'No Policies' without policies", async () => {
    serve([]);
    renderPanel(<PolicyRisks locationId={1} />);
    expect(await screen.findByText('No Policies')).toBeInTheDocument();
  });

  it("shows 'No data available for this location' when no policy has a forecast value", async () => {
    serve([threatItem({ peakValue: null })]);
    renderPanel(<PolicyRisks locationId={1} />);
    expect(await screen.findByText('No data available for this location')).toBeInTheDocument();
  });

  it("shows 'Looking Good Today' when every level is low", async () => {
    serve([
      threatItem(),
      threatItem({
        threatType: 'WIND',
        displayName: 'Wind Speed',
        peakValue: 12,
        threshold: 25,
        unit: 'mph',
      }),
    ]);
    renderPanel(<PolicyRisks locationId={1} />);
    expect(await screen.findByText('Looking Good Today')).toBeInTheDocument();
  });

  it("shows 'Next 24hr' for a PRECIP threat without times, and the spans of others", async () => {
    serve([
      threatItem({
        threatType: 'PRECIP',
        displayName: 'Precip',
        threatLevel: 2,
        peakValue: 0.6,
        threshold: 0.5,
        unit: 'in',
      }),
      threatItem({
        threatLevel: 1,
        peakValue: 84.5,
        threatTimes: [{ startTime: '2026-07-15T19:00:00.000Z', endTime: '2026-07-15T21:00:00.000Z' }],
      }),
    ]);
    renderPanel(<PolicyRisks locationId={1} />);
    expect(await screen.findByText(/Next 24hr/)).toBeInTheDocument();
    expect(screen.queryByText('Looking Good Today')).not.toBeInTheDocument();
    expect(screen.getByText('WBGT').closest('li')).toHaveTextContent(/Peak 84\.5 .*–/);
  });
});

describe('Active Warnings', { timeout: 30_000 }, () => {
  function serve(overrides: Record<string, unknown> = {}) {
    stubApi({
      'GET /api/PolicyWarnings/Location/1': [],
      'GET /api/Advisory/Detail/1': [],
      'GET /api/ProactiveForecast/Location/1': [],
      ...overrides,
    });
  }

  it('is hidden when nothing is active', async () => {
    serve();
    const view = renderPanel(<ActiveWarnings locationId={1} label="AT&T Stadium" />);
    await new Promise((r) => setTimeout(r, 300));
    expect(view.container).toBeEmptyDOMElement();
  });

  it('shows the failure text when a call fails', async () => {
    serve({ 'GET /api/Advisory/Detail/1': serverError });
    renderPanel(<ActiveWarnings locationId={1} label="AT&T Stadium" />);
    expect(await screen.findByText(ALERTS_FAILURE_TEXT)).toBeInTheDocument();
  });

  it('has a tab per policy, NWS alert and proactive forecast, with their details', async () => {
    serve({
      'GET /api/PolicyWarnings/Location/1': [
        policyWarning({ allClearTime: new Date(Date.now() + 90_000).toISOString() }),
      ],
      'GET /api/Advisory/Detail/1': [
        {
          Identifier: 'urn:1',
          Event: 'Heat Advisory',
          Headline: 'Heat Advisory until 8 PM CDT',
          Description: '* WHAT...Heat index values up to 108.\n\n* WHERE...Tarrant County.',
          Color: '#ff7f50',
          Onset: '2026-07-15T17:00:00.000Z',
          Expires: '2026-07-16T01:00:00.000Z',
          Severity: 'Moderate',
        },
      ],
      'GET /api/ProactiveForecast/Location/1': [
        {
          id: 4,
          forecastType: { name: 'Lightning Outlook', color: '#ffb300' },
          expiresAt: '2026-07-16T02:00:00.000Z',
          messages: [
            {
              id: 8,
              headline: 'Storms after 4 PM',
              message:
                '<p>Storms <b>likely</b>.</p><img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a>',
              createdAt: '2026-07-15T15:00:00.000Z',
            },
          ],
        },
      ],
    });
    renderPanel(<ActiveWarnings locationId={1} label="AT&T Stadium" />);
    const panel = await screen.findByRole('region', { name: 'Active Warnings for AT&T Stadium' });
    const tabs = within(panel)
      .getAllByRole('tab')
      .map((t) => t.textContent);
    expect(tabs).toEqual(['WBGT', 'NWS Alert - Heat Advisory', 'Forecast - Storms after 4 PM']);
    expect(within(panel).getByText('WBGT Policy Warning')).toBeInTheDocument();
    expect(panel).toHaveTextContent('86.3 °F');
    expect(panel).toHaveTextContent(/next possible all clear .* · 00:01:(29|30) remaining/);
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('tab', { name: 'NWS Alert - Heat Advisory' }));
    expect(within(panel).getByText('* WHAT').tagName).toBe('STRONG');
    expect(within(panel).getByText('...Heat index values up to 108.', { exact: false })).toBeInTheDocument();
    await user.click(within(panel).getByRole('tab', { name: 'Forecast - Storms after 4 PM' }));
    expect(within(panel).getByText('Expires:', { exact: false })).toBeInTheDocument();
    expect(within(panel).getByText('likely').tagName).toBe('B');
    const html = within(panel).getByRole('tabpanel').innerHTML;
    expect(html).not.toMatch(/<img|<script|onerror|javascript:/);
  });
});
