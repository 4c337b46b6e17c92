// Every status colour of every screen meets WCAG AA, in every state, not only those the demo happens to be in when
// the browser journeys run (an offline device, a zone in delay, a breached policy). The colours are taken from
// where the components take them (the theme's palette, the sidebar's colours, the zone colours, the breach colours,
// the AQI categories), so a new one is checked without touching this file; each state is rendered through the real
// component and every text and icon is measured against the backgrounds actually under it (jsdom cannot run axe's
// color-contrast rule, see test/contrast.ts), and axe-core checks the rest of each render.
import axe from 'axe-core';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import {
  DRILL_OUTCOMES,
  SIREN_TEST_TYPES,
  type THardware,
  type TThreatForecastItem,
  type TZonesInForce,
} from '@allclear/contracts';
import { AQI_CATEGORIES, type BreachColour } from '@allclear/domain';
import { StaleBadge } from '../components/stale/stale-badge.tsx';
import { AqiGauge } from '../features/air-quality/components/aqi-gauge.tsx';
import { LightningStatus } from '../features/dashboard/components/lightning-status.tsx';
import { PolicyRisks } from '../features/dashboard/components/policy-risks.tsx';
import { ThreatBadge } from '../features/dashboard/components/threat-badge.tsx';
import { lightningStatus, threatItem } from '../features/dashboard/test/dashboard-payloads.ts';
import { renderPanel } from '../features/dashboard/test/render-panel.tsx';
import { HardwareCard } from '../features/hardware/components/hardware-card.tsx';
import { HARDWARE_NOW, hardwareUnit } from '../features/hardware/test/hardware-unit.ts';
import { LocationLayer } from '../components/map/layers/location-layer.tsx';
import { RING_LABEL_MIN_ZOOM } from '../components/map/map-constants.ts';
import { ZONE_CSS } from '../lib/zone-colours.ts';
import { stubApi } from '../test/render-app.tsx';
import { AA_NON_TEXT, AA_TEXT, contrast, contrastProblems } from '../test/contrast.ts';
import { TopBar } from './layout/top-bar.tsx';
import { SIDEBAR_COLORS, theme } from './theme.ts';

vi.mock('../components/map/maplibre.ts', () => import('../components/map/test/fake-maplibre.tsx'));

/** The app has one theme, light; its dark surface is the sidebar (checked below with its own colours). */
const SURFACES = {
  card: theme.palette.background.paper,
  page: theme.palette.background.default,
} as const;

/** The palette's status colours (primary, secondary, error, warning, info, success and any added later). */
const STATUS_COLOURS = Object.entries(theme.palette).flatMap(([name, value]) =>
  typeof value === 'object' && value !== null && 'main' in value && 'contrastText' in value
    ? [{ name, ...(value as { main: string; dark: string; contrastText: string }) }]
    : [],
);

const SEVERITIES = ['success', 'info', 'warning', 'error'] as const;

/** Fails with the texts and icons under AA, and with axe-core's serious or critical violations, of the page. */
async function expectAccessible() {
  await screen.findAllByText(/\S/);
  expect(contrastProblems(document.body)).toEqual([]);
  const results = await axe.run(document.body, {
    resultTypes: ['violations'],
    // jsdom lays nothing out, so this rule measures nothing there: contrastProblems above does its work
    rules: { 'color-contrast': { enabled: false } },
  });
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`);
  expect(serious).toEqual([]);
}

describe('the theme’s status colours', () => {
  it('finds the palette’s status colours', () => {
    expect(STATUS_COLOURS.map((c) => c.name)).toEqual(expect.arrayContaining([...SEVERITIES, 'primary']));
  });

  describe.each(STATUS_COLOURS)('$name', ({ main, dark, contrastText }) => {
    it.each(Object.entries(SURFACES))(
      'main and dark are readable as text (4.5:1) on the %s background',
      (_surface, background) => {
        expect(contrast(main, background)).toBeGreaterThanOrEqual(AA_TEXT);
        expect(contrast(dark, background)).toBeGreaterThanOrEqual(AA_TEXT);
      },
    );

    it('contrastText is readable on main (a filled chip or button) and dark (its hover)', () => {
      expect(contrast(contrastText, main)).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrast(contrastText, dark)).toBeGreaterThanOrEqual(AA_TEXT);
    });
  });

  // each colour of the sidebar drawn on it, with what it needs: text 4.5:1, the active icon and focus ring 3:1
  const SIDEBAR_NEEDS: Record<
    Exclude<keyof typeof SIDEBAR_COLORS, 'background' | 'hover' | 'active'>,
    number
  > = {
    text: AA_TEXT,
    textActive: AA_TEXT,
    accent: AA_NON_TEXT,
  };
  it.each(Object.entries(SIDEBAR_NEEDS))(
    'the sidebar’s %s colour keeps its contrast on the sidebar, hovered and selected',
    (key, needed) => {
      const colour = SIDEBAR_COLORS[key as keyof typeof SIDEBAR_NEEDS];
      const under = SIDEBAR_COLORS.background;
      for (const overlay of ['transparent', SIDEBAR_COLORS.hover, SIDEBAR_COLORS.active]) {
        const background = overlay === 'transparent' ? under : flatten(overlay, under);
        expect(contrast(colour, background), `${key} on ${overlay}`).toBeGreaterThanOrEqual(needed);
      }
    },
  );
});

/** An rgba overlay painted on an opaque colour, as an opaque CSS colour. */
function flatten(overlay: string, under: string): string {
  const probe = document.createElement('div');
  probe.style.backgroundColor = under;
  const [r, g, b, a = 1] = overlay.match(/[\d.]+/g)!.map(Number) as [number, number, number, number?];
  const [ur, ug, ub] = probe.style.backgroundColor.match(/[\d.]+/g)!.map(Number) as [number, number, number];
  const mix = (t: number, u: number) => Math.round(t * a + u * (1 - a));
  return `rgb(${mix(r, ur)}, ${mix(g, ug)}, ${mix(b, ub)})`;
}

/** Renders `elements` twice, on the page's background and on a card, and checks them (expectAccessible). */
async function expectAccessibleOnCardAndPage(elements: ReactElement[]) {
  renderPanel(
    <>
      <Box>{elements}</Box>
      <Card>{elements}</Card>
    </>,
  );
  await expectAccessible();
}

describe('every status chip, badge and alert, rendered', { timeout: 30_000 }, () => {
  it('chips of every status colour, filled and outlined, on a card and on the page', async () => {
    await expectAccessibleOnCardAndPage(
      STATUS_COLOURS.flatMap(({ name }) =>
        (['filled', 'outlined'] as const).map((variant) => (
          <Chip
            key={`${name}-${variant}`}
            color={name as 'warning'}
            variant={variant}
            size="small"
            label={`${name} ${variant}`}
          />
        )),
      ),
    );
  });

  it('alerts of every severity, standard, outlined and filled (the toast), on a card and on the page', async () => {
    await expectAccessibleOnCardAndPage(
      SEVERITIES.flatMap((severity) =>
        (['standard', 'outlined', 'filled'] as const).map((variant) => (
          <Alert key={`${severity}-${variant}`} severity={severity} variant={variant}>
            {`${severity} ${variant}`}
          </Alert>
        )),
      ),
    );
  });

  it('the stale data badge', async () => {
    const now = Date.now();
    renderPanel(
      <Card>
        <StaleBadge queries={[{ data: {}, isError: true, dataUpdatedAt: now - 5 * 60_000 }]} />
      </Card>,
    );
    await screen.findByTestId('stale-badge');
    await expectAccessible();
  });

  it('the top bar’s environment strip, and the bell of a user who declines notifications', async () => {
    stubApi({});
    renderPanel(
      <TopBar environmentBadge="DEV" showMenuButton={false} userName="Ada Admin" declinesNotifications />,
    );
    await screen.findByText('Not the production environment');
    await expectAccessible();
  });

  it('the threat badge', async () => {
    renderPanel(
      <Card>
        <ThreatBadge
          threats={['LR1', 'NWS', 'WBGT', 'WIND'].map((shortName) => ({ shortName, longName: [shortName] }))}
        />
        <ThreatBadge threats={[]} />
      </Card>,
    );
    await expectAccessible();
  });
});

// the window of 'Scheduled Offline' (05–11 UTC) on the day of HARDWARE_NOW
const NOW = HARDWARE_NOW;
const SCHEDULED_NOW = Date.parse('2026-07-01T07:00:00Z');
const unit = hardwareUnit;

const HOURS_AGO = (hours: number) => new Date(NOW - hours * 3_600_000).toISOString();

/** Every state a hardware card shows, with the time it is seen at. */
const HARDWARE_STATES: { state: string; unit: THardware; now: number }[] = [
  { state: 'connected, battery healthy, enabled', unit: unit(1), now: NOW },
  { state: 'offline', unit: unit(2, { connectedAt: HOURS_AGO(2) }), now: NOW },
  { state: 'never seen', unit: unit(3, { connectedAt: null }), now: NOW },
  { state: 'scheduled offline', unit: unit(4, { connectedAt: HOURS_AGO(12) }), now: SCHEDULED_NOW },
  { state: 'battery low', unit: unit(5, { voltage: 11.2 }), now: NOW },
  { state: 'no battery', unit: unit(6, { voltage: null }), now: NOW },
  {
    state: 'disabled',
    unit: unit(7, {
      enabled: false,
      disabled: { by: 'Ada Admin', at: HOURS_AGO(1), reason: 'Maintenance' },
    }),
    now: NOW,
  },
  {
    state: 'siren disabled',
    unit: unit(8, { siren: { ...unit(8).siren!, enabled: false } }),
    now: NOW,
  },
  ...SIREN_TEST_TYPES.map((type, i) => ({
    state: `testing (${type})`,
    unit: unit(20 + i, {
      test: { type, startedAt: HOURS_AGO(0.01), durationSeconds: 600, endsByItself: type === 'all-clear' },
    }),
    now: NOW,
  })),
  {
    state: 'fault',
    unit: unit(10, { fault: { text: 'The siren did not answer the last command.', at: HOURS_AGO(0.1) } }),
    now: NOW,
  },
  ...DRILL_OUTCOMES.map((outcome, i) => ({
    state: `last drill ${outcome}`,
    unit: unit(30 + i, {
      lastDrill: {
        drillId: 1,
        runId: 1,
        at: HOURS_AGO(24),
        testType: 'delay' as const,
        outcome,
        sirenOutcome: outcome === 'failed' ? ('no-answer' as const) : ('answered' as const),
        summary: 'Monthly drill',
      },
    }),
    now: NOW,
  })),
];

describe('/Hardware: a unit’s card', { timeout: 30_000 }, () => {
  it.each(HARDWARE_STATES)('reads at AA when $state', async ({ unit: u, now }) => {
    const ignore = () => {};
    renderPanel(
      <HardwareCard
        unit={u}
        now={now}
        selected={false}
        busy={false}
        onSelect={ignore}
        onTest={ignore}
        onEdit={ignore}
        onRelays={ignore}
        onToggle={ignore}
        onActivity={ignore}
      />,
    );
    await screen.findByRole('article', { name: u.name });
    await expectAccessible();
  });
});

describe('the dashboard', { timeout: 30_000 }, () => {
  it('Lightning Status reads at AA with every zone in delay', async () => {
    stubApi({ 'GET /api/Lightning/Location/1': lightningStatus(Object.values(ZONE_CSS).map(() => 600)) });
    renderPanel(<LightningStatus locationId={1} />);
    await screen.findByTestId(`zone-${Object.keys(ZONE_CSS).length}-countdown`);
    await expectAccessible();
  });

  it('Lightning Status reads at AA with every zone all clear', async () => {
    stubApi({ 'GET /api/Lightning/Location/1': lightningStatus(Object.values(ZONE_CSS).map(() => 0)) });
    renderPanel(<LightningStatus locationId={1} />);
    await screen.findByTestId(`zone-${Object.keys(ZONE_CSS).length}-countdown`);
    await expectAccessible();
  });

  it('the map’s ring labels read at AA, every zone', async () => {
    // one ring per zone colour (the API serves four zones)
    const radii = Object.values(ZONE_CSS).map((_, i) => 8 * (i + 1)) as TZonesInForce['radii'];
    renderPanel(
      <LocationLayer
        location={{ id: 1, label: 'Stadium', latitude: 32.75, longitude: -97.08, zonesInForce: { radii } }}
        zoom={RING_LABEL_MIN_ZOOM + 1}
      />,
    );
    expect(await screen.findAllByTestId('ring-label')).toHaveLength(radii.length);
    await expectAccessible();
  });

  it('each zone’s colour stands out from the card (3:1): the rings and the location form’s sliders', () => {
    for (const [name, colour] of Object.entries(ZONE_CSS))
      expect(contrast(colour, SURFACES.card), name).toBeGreaterThanOrEqual(AA_NON_TEXT);
  });

  // a policy of the location for each colour a value can take against it (spec 01 §5 'Policy comparison')
  const RISK_FOR: Record<BreachColour, TThreatForecastItem> = {
    error: threatItem({ threatType: 'WIND', displayName: 'Wind', threshold: 30, unit: 'mph', peakValue: 31 }),
    warning: threatItem({
      threatType: 'GUST',
      displayName: 'Gust',
      threshold: 30,
      unit: 'mph',
      peakValue: 29.5,
    }),
    success: threatItem({
      threatType: 'WBGT',
      displayName: 'WBGT',
      threshold: 85,
      unit: '°F',
      peakValue: 80,
    }),
    primary: threatItem({
      threatType: 'CHILL',
      displayName: 'Wind chill',
      threshold: 20,
      unit: '°F',
      isDesc: true,
      peakValue: 15,
    }),
    // no peak: the server's level names the chip, uncoloured
    default: threatItem({
      threatType: 'PRECIP',
      displayName: 'Rain',
      threshold: 1,
      unit: 'in',
      peakValue: null,
    }),
  };

  it('Today’s Policy Risks reads at AA with a policy at every level', async () => {
    stubApi({ 'GET /api/ThreatForecast/Location/1': Object.values(RISK_FOR) });
    renderPanel(<PolicyRisks locationId={1} />);
    await screen.findByText('Wind chill');
    const states = [...document.querySelectorAll('.MuiChip-root')].map((c) => c.getAttribute('data-breach'));
    expect(states).toEqual(['breach', 'warning', 'ok', 'breach', null]);
    await expectAccessible();
  });

  it.each(AQI_CATEGORIES)('the air quality gauge reads at AA at $name', async ({ aqiLow, name }) => {
    renderPanel(
      <Card>
        <AqiGauge value={aqiLow} description={name} />
      </Card>,
    );
    await expectAccessible();
  });
});
