// Policy value colouring (spec 01 §5 'Policy comparison') through the real panels: a breached value is red, one
// within one standard deviation of the threshold warning, one past it green, and a breached descending policy
// primary; in Current Conditions, Active Warnings, Today's Policy Risks and the conditions timeline.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TThreatForecastItem } from '@allclear/contracts';
import { theme } from '../../../app/theme.ts';
import { stubApi } from '../../../test/render-app.tsx';
import { historyPoint, observationFor, policyWarning, threatItem } from '../test/dashboard-payloads.ts';
import { renderPanel } from '../test/render-panel.tsx';
import { ActiveWarnings } from './active-warnings.tsx';
import { ConditionsTimeline, timelinePolicyMarks } from './conditions-timeline.tsx';
import { CurrentConditions } from './current-conditions.tsx';
import { PolicyRisks } from './policy-risks.tsx';

afterEach(() => localStorage.clear());

const RED = theme.palette.error.main;
const WARNING = theme.palette.warning.dark;
const GREEN = theme.palette.success.main;
const PRIMARY = theme.palette.primary.main;

/** A governing policy of the location as the threat forecast carries it. */
function policy(
  threatType: string,
  threshold: number,
  unit: string,
  isDesc = false,
  peakValue: number | null = null,
): TThreatForecastItem {
  return threatItem({ threatType, displayName: threatType, threshold, unit, isDesc, peakValue });
}

/** The value element of a Current Conditions reading, found by its label. */
function reading(panel: HTMLElement, label: string): HTMLElement {
  return within(panel).getByText(label).nextElementSibling as HTMLElement;
}

describe(
  'Current Conditions colours each measure a policy of the location watches',
  { timeout: 30_000 },
  () => {
    it('red when breached, warning within one deviation, green past it; unwatched measures stay plain', async () => {
      stubApi({
        // feels-like 97, WBGT 85, wind 8, gust 14, precipitation 0 (ambient 91.4 °F: the heat-index policy applies)
        'GET /api/observations/ForLocation/1': observationFor(),
        'GET /api/PolicyWarnings/Location/1': [],
        'GET /api/ThreatForecast/Location/1': [
          policy('HEAT', 97, '°F'),
          policy('CHILL', 20, '°F', true),
          policy('WBGT', 86, '°F'),
          policy('WIND', 30, 'mph'),
          policy('GUST', 14, 'mph'),
          policy('PRECIP', 0.5, 'in'),
        ],
      });
      renderPanel(<CurrentConditions locationId={1} />);
      const panel = await screen.findByRole('region', { name: 'Current Conditions' });
      await within(panel).findByText('97 °F');

      const feelsLike = reading(panel, 'Feels Like');
      await expect.poll(() => feelsLike.getAttribute('data-breach')).toBe('breach');
      expect(feelsLike).toHaveStyle({ color: RED });

      const wbgt = within(panel).getByText('85.0 °F');
      expect(wbgt).toHaveAttribute('data-breach', 'warning');
      expect(wbgt).toHaveStyle({ color: WARNING });

      expect(reading(panel, 'Wind Speed')).toHaveAttribute('data-breach', 'ok');
      expect(reading(panel, 'Wind Speed')).toHaveStyle({ color: GREEN });
      expect(reading(panel, 'Wind Gust')).toHaveAttribute('data-breach', 'breach');
      expect(reading(panel, 'Wind Gust')).toHaveStyle({ color: RED });
      // 0.5 in is exactly one deviation (0.5) above 0 in: the band is inclusive
      expect(reading(panel, 'Precipitation')).toHaveAttribute('data-breach', 'warning');
      expect(reading(panel, 'Rain Today')).not.toHaveAttribute('data-breach');
      expect(reading(panel, 'Wind Direction')).not.toHaveAttribute('data-breach');
    });

    it('reads feels-like against the wind-chill policy below 65 °F, breached primary (descending)', async () => {
      const base = observationFor().data!;
      stubApi({
        'GET /api/observations/ForLocation/1': observationFor({
          data: {
            ...base,
            ambientTemperature: { value: 30, unit: '°F' },
            feelLike: { value: 18, unit: '°F' },
          },
        }),
        'GET /api/PolicyWarnings/Location/1': [],
        'GET /api/ThreatForecast/Location/1': [policy('HEAT', 10, '°F'), policy('CHILL', 20, '°F', true)],
      });
      renderPanel(<CurrentConditions locationId={1} />);
      const panel = await screen.findByRole('region', { name: 'Current Conditions' });
      await within(panel).findByText('18 °F');
      const feelsLike = reading(panel, 'Feels Like');
      await expect.poll(() => feelsLike.getAttribute('data-breach')).toBe('breach');
      expect(feelsLike).toHaveStyle({ color: PRIMARY });
    });

    it('leaves a value plain when the policy is in another unit or the location has none', async () => {
      stubApi({
        'GET /api/observations/ForLocation/1': observationFor(),
        'GET /api/PolicyWarnings/Location/1': [],
        'GET /api/ThreatForecast/Location/1': [policy('WIND', 5, 'km/h'), policy('GUST', 14, 'mph')],
      });
      renderPanel(<CurrentConditions locationId={1} />);
      const panel = await screen.findByRole('region', { name: 'Current Conditions' });
      await within(panel).findByText('97 °F');
      await expect.poll(() => reading(panel, 'Wind Gust').getAttribute('data-breach')).toBe('breach');
      expect(reading(panel, 'Wind Speed')).not.toHaveAttribute('data-breach');
      expect(reading(panel, 'Feels Like')).not.toHaveAttribute('data-breach');
      expect(within(panel).getByText('85.0 °F')).not.toHaveAttribute('data-breach');
    });
  },
);

describe("Active Warnings colour the warning's current value", { timeout: 30_000 }, () => {
  function serve(warnings: unknown[]) {
    stubApi({
      'GET /api/PolicyWarnings/Location/1': warnings,
      'GET /api/Advisory/Detail/1': [],
      'GET /api/ProactiveForecast/Location/1': [],
    });
  }

  it.each([
    ['breached', 86.34, false, '86.3 °F', 'breach', RED],
    ['within one deviation while counting down to all clear', 84.5, false, '84.5 °F', 'warning', WARNING],
    ['past the band', 82, false, '82.0 °F', 'ok', GREEN],
    ['breached on a descending policy', 84, true, '84.0 °F', 'breach', PRIMARY],
  ] as const)('%s', async (_, value, isDesc, text, state, colour) => {
    serve([policyWarning({ value, isDesc, thresholdValue: 85 })]);
    renderPanel(<ActiveWarnings locationId={1} label="AT&T Stadium" />);
    const panel = await screen.findByRole('region', { name: 'Active Warnings for AT&T Stadium' });
    const current = within(panel).getByText(text);
    expect(current).toHaveAttribute('data-breach', state);
    expect(current).toHaveStyle({ color: colour });
  });
});

describe("Today's Policy Risks colour each policy's peak and chip", { timeout: 30_000 }, () => {
  it('breach red, within one deviation warning, past it green, descending breach primary', async () => {
    stubApi({
      'GET /api/ThreatForecast/Location/1': [
        threatItem({ threatType: 'WBGT', displayName: 'WBGT', threatLevel: 2, threshold: 85, peakValue: 86 }),
        threatItem({
          threatType: 'WIND',
          displayName: 'Wind Speed',
          threatLevel: 1,
          threshold: 30,
          unit: 'mph',
          peakValue: 29,
        }),
        threatItem({
          threatType: 'GUST',
          displayName: 'Wind Gust',
          threatLevel: 0,
          threshold: 40,
          unit: 'mph',
          peakValue: 21,
        }),
        threatItem({
          threatType: 'CHILL',
          displayName: 'Wind Chill',
          threatLevel: 2,
          threshold: 20,
          unit: '°F',
          isDesc: true,
          peakValue: 12,
        }),
      ],
    });
    renderPanel(<PolicyRisks locationId={1} />);
    const panel = await screen.findByRole('region', { name: "Today's Policy Risks" });
    const row = async (name: string) => (await within(panel).findByText(name)).closest('li') as HTMLElement;
    const expectations = [
      ['WBGT', 'Breach', '86.0', 'breach', RED],
      ['Wind Speed', 'Warning', '29', 'warning', WARNING],
      ['Wind Gust', 'Low', '21', 'ok', GREEN],
      ['Wind Chill', 'Breach', '12', 'breach', PRIMARY],
    ] as const;
    for (const [name, label, peak, state, colour] of expectations) {
      const li = await row(name);
      const chip = within(li).getByText(label).closest('[data-breach]') as HTMLElement;
      expect(chip).toHaveAttribute('data-breach', state);
      expect(chip).toHaveStyle({ backgroundColor: colour, color: theme.palette.common.white });
      const value = within(li).getByText(peak);
      expect(value).toHaveAttribute('data-breach', state);
      expect(value).toHaveStyle({ color: colour });
    }
  });
});

describe('Conditions timeline compares its points with the policy line', { timeout: 30_000 }, () => {
  const HISTORY = [
    historyPoint('2026-07-15T16:00:00.000Z', 80.1),
    historyPoint('2026-07-15T16:15:00.000Z', 84.2),
    historyPoint('2026-07-15T16:30:00.000Z', 85),
  ];

  it('marks each reading breach, warning or ok against the WBGT policy', async () => {
    stubApi({
      'GET /api/Observations/Historical/1': HISTORY,
      'GET /api/forecast/Hourly/ForLocation/1': [],
      'GET /api/observations/ForLocation/1': observationFor(),
      'GET /api/ThreatForecast/Location/1': [policy('WBGT', 85, '°F')],
    });
    renderPanel(<ConditionsTimeline locationId={1} />);
    const table = await screen.findByRole('table', { name: 'WBGT readings' });
    await expect
      .poll(() =>
        // the readings, not the header row ('Time (zone)' | measure)
        [...table.querySelectorAll('tbody tr')].map((r) =>
          (r.lastChild as HTMLElement).getAttribute('data-breach'),
        ),
      )
      .toEqual(['ok', 'warning', 'breach']);
  });

  it('draws the points in their colours and the threshold line in the breach colour', () => {
    const points = [
      { time: 1, value: 80.1 },
      { time: 2, value: 84.2 },
      { time: 3, value: 85 },
      { time: 4, value: null },
    ];
    const up = timelinePolicyMarks(
      points,
      { policyType: 'WBGT', threshold: 85, isDesc: false, unit: '°F' },
      '°F',
      theme,
    );
    expect(up.data).toEqual([
      { value: [1, 80.1], itemStyle: { color: GREEN } },
      { value: [2, 84.2], itemStyle: { color: WARNING } },
      { value: [3, 85], itemStyle: { color: RED } },
      [4, null],
    ]);
    expect(up.thresholdLine).toMatchObject({ yAxis: 85, lineStyle: { color: RED } });
    // a value reaches the threshold: the axis needs no help to show it
    expect(up.bound).toBeNull();

    const down = timelinePolicyMarks(
      points,
      { policyType: 'WIND', threshold: 84.2, isDesc: true, unit: 'mph' },
      'mph',
      theme,
    );
    expect(down.data.slice(0, 3)).toEqual([
      { value: [1, 80.1], itemStyle: { color: PRIMARY } },
      { value: [2, 84.2], itemStyle: { color: PRIMARY } },
      { value: [3, 85], itemStyle: { color: WARNING } },
    ]);
    expect(down.thresholdLine).toMatchObject({ yAxis: 84.2, lineStyle: { color: PRIMARY } });
    expect(down.bound).toBeNull();
    // every value far on the safe side: the axis is stretched to the policy line
    const wind = { policyType: 'WIND', unit: 'mph' };
    expect(
      timelinePolicyMarks(points, { ...wind, threshold: 90, isDesc: false }, 'mph', theme).bound,
    ).toEqual({
      max: 90,
    });
    expect(timelinePolicyMarks(points, { ...wind, threshold: 70, isDesc: true }, 'mph', theme).bound).toEqual(
      {
        min: 70,
      },
    );

    const none = timelinePolicyMarks(points, undefined, '°F', theme);
    expect(none.data[0]).toEqual([1, 80.1]);
    expect(none.thresholdLine).toBeNull();
    expect(none.bound).toBeNull();
  });
});
