// Heat stress through the real card and 'Heat Stress Details' modal (spec 02 §2.4, §4, §9): adjusted value, risk
// level and matrix row at their boundaries, minutes/percent readout, remembered selection.
import type { TRiskProfile, TWorkRestProfile } from '@allclear/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getContrastRatio } from '@mui/material/styles';
import { stubApi } from '../../../test/render-app.tsx';
import { hourlySeries, observationFor } from '../../dashboard/test/dashboard-payloads.ts';
import { renderPanel } from '../../dashboard/test/render-panel.tsx';
import { heatStressStorageKey } from '../hooks/use-heat-stress-selection.ts';
import { HeatStressCard } from './heat-stress-card.tsx';
import { timeZoneAt } from '@allclear/domain';
import { HONOLULU, pinProcessTimeZone } from '../../../test/time-zone.ts';

// the chart's options as the modal gives them (jsdom cannot draw echarts)
const charts = vi.hoisted(() => [] as unknown[]);
vi.mock('../../../components/chart/chart.tsx', () => ({
  default: (props: { option: unknown; label: string }) => {
    charts.push(props.option);
    return <div role="img" aria-label={props.label} />;
  },
}));
pinProcessTimeZone('America/Chicago');

afterEach(() => localStorage.clear());

const PROFILE: TWorkRestProfile = {
  id: 5,
  name: 'ACGIH WBGT',
  primaryMetric: 'WBGT',
  useRiskProfile: true,
  riskProfileId: 9,
  durationUnit: 'Hour',
  customStopText: null,
  customContinuousText: null,
  intensities: [
    { id: 1, name: 'Light' },
    { id: 2, name: 'Moderate' },
  ],
  modifiers: [
    { id: 10, name: 'Hood', adjustment: 1.8 },
    { id: 11, name: 'Vapour barrier', adjustment: 19.8 },
  ],
  matrices: [
    { workRestIntensityId: 1, max: 88, workPercent: 100 },
    { workRestIntensityId: 1, max: 90.5, workPercent: 25 },
    { workRestIntensityId: 1, max: null, workPercent: 0 },
    { workRestIntensityId: 2, max: 84.2, workPercent: 100 },
    { workRestIntensityId: 2, max: 85.6, workPercent: 75 },
    { workRestIntensityId: 2, max: 87.1, workPercent: 50 },
    { workRestIntensityId: 2, max: null, workPercent: 0 },
  ],
};

const RISK: TRiskProfile = {
  id: 9,
  name: 'WBGT Risk',
  riskLevels: [
    {
      id: 1,
      name: 'Low',
      max: 80,
      color: '#2e7d32',
      colorSecondary: null,
      description: 'Normal activity.',
      riskProfileId: 9,
    },
    {
      id: 2,
      name: 'Moderate',
      max: 85,
      color: '#f9a825',
      colorSecondary: null,
      description: 'Take breaks.',
      riskProfileId: 9,
    },
    {
      id: 3,
      name: 'High',
      max: 88,
      color: '#ef6c00',
      colorSecondary: null,
      description: 'Limit work.',
      riskProfileId: 9,
    },
    {
      id: 4,
      name: 'Extreme',
      max: 9007199254740991,
      color: '#c62828',
      colorSecondary: null,
      description: 'Stop.',
      riskProfileId: 9,
    },
  ],
};

function serve(wbgt: number, profile: TWorkRestProfile = PROFILE) {
  const observation = observationFor();
  stubApi({
    'GET /api/WorkRest/ForLocation/3': profile,
    'GET /api/RiskProfile/9': RISK,
    'GET /api/observations/ForLocation/1': {
      ...observation,
      data: { ...observation.data!, wgbt: { value: wbgt, unit: '°F' } },
    },
    'GET /api/forecast/Hourly/ForLocation/1': hourlySeries(new Date().toISOString(), 71),
  });
}

async function openDetails() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'View Details' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Heat Stress Details' }) };
}

describe('Heat Stress', { timeout: 30_000 }, () => {
  it("puts a value exactly at a level's max in that level: 85 is 'Moderate Risk'", async () => {
    serve(85);
    renderPanel(<HeatStressCard locationId={1} organizationLocationId={3} />);
    const card = await screen.findByRole('region', { name: 'Heat Stress' });
    expect(await within(card).findByText('Moderate Risk')).toBeInTheDocument();
    expect(within(card).getByTestId('heat-card-value')).toHaveTextContent('85');
    expect(within(card).queryByText(/Actual/)).not.toBeInTheDocument();
  });

  it.each([
    [85, 'Moderate Risk'],
    [85.1, 'High Risk'],
  ])('writes the %s level chip in a colour readable on its fill (4.5:1)', async (wbgt, text) => {
    serve(wbgt);
    renderPanel(<HeatStressCard locationId={1} organizationLocationId={3} />);
    const card = await screen.findByRole('region', { name: 'Heat Stress' });
    const chip = (await within(card).findByText(text)).closest('.MuiChip-root')!;
    const style = getComputedStyle(chip);
    expect(getContrastRatio(style.color, style.backgroundColor)).toBeGreaterThanOrEqual(4.5);
  });

  it("moves just past the max to the next level: 85.1 is 'High Risk'", async () => {
    serve(85.1);
    renderPanel(<HeatStressCard locationId={1} organizationLocationId={3} />);
    expect(await screen.findByText('High Risk')).toBeInTheDocument();
  });

  it('adds the chosen modifiers, shows Actual, and reads the matrix row of the adjusted value', async () => {
    serve(85);
    renderPanel(<HeatStressCard locationId={1} organizationLocationId={3} />);
    const { user, dialog } = await openDetails();
    expect(within(dialog).getByTestId('heat-work-rest')).toHaveTextContent('Continuous work');
    await user.click(within(dialog).getByRole('combobox', { name: 'Clothing / PPE' }));
    await user.click(screen.getByRole('option', { name: /Hood/ }));
    await user.keyboard('{Escape}');
    expect(within(dialog).getByTestId('heat-actual')).toHaveTextContent('85 °F WBGT');
    expect(within(dialog).getByTestId('heat-adjusted')).toHaveTextContent('86.8 °F WBGT');
    expect(within(dialog).getByText('High Risk')).toBeInTheDocument();
    // Light at 86.8: the 88 row (100 %) still applies
    expect(within(dialog).getByTestId('heat-work-rest')).toHaveTextContent('Continuous work');
    await user.click(within(dialog).getByRole('combobox', { name: 'Intensity' }));
    await user.click(screen.getByRole('option', { name: 'Moderate' }));
    // Moderate at 86.8: 84.2 and 85.6 are below, 87.1 applies: 50 % of 60 minutes
    expect(within(dialog).getByTestId('heat-work-rest')).toHaveTextContent('30 min work / 30 min rest');
    await user.click(within(dialog).getByRole('button', { name: 'Percent' }));
    expect(within(dialog).getByTestId('heat-work-rest')).toHaveTextContent('50% work / 50% rest');
    expect(within(dialog).getByText('Hood: +1.8 °F')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(heatStressStorageKey(1, 5))!)).toEqual({
      intensityId: 2,
      modifierIds: [10],
    });
  });

  it('lists a cycle per intensity and stops work above every bounded row', async () => {
    serve(90.6);
    renderPanel(<HeatStressCard locationId={1} organizationLocationId={3} />);
    const { dialog } = await openDetails();
    const cycles = within(within(dialog).getByRole('list', { name: 'Work/Rest Cycles' })).getAllByRole(
      'button',
    );
    expect(cycles.map((c) => c.textContent)).toEqual(['LightStop work', 'ModerateStop work']);
    expect(within(dialog).getByText('Extreme Risk')).toBeInTheDocument();
  });

  it('restores the remembered selection for this location and profile', async () => {
    localStorage.setItem(heatStressStorageKey(1, 5), JSON.stringify({ intensityId: 2, modifierIds: [10] }));
    serve(85);
    renderPanel(<HeatStressCard locationId={1} organizationLocationId={3} />);
    const card = await screen.findByRole('region', { name: 'Heat Stress' });
    expect(await within(card).findByText('Actual 85')).toBeInTheDocument();
    expect(within(card).getByTestId('heat-card-value')).toHaveTextContent('86.8');
    expect(within(card).getByText('30 min work / 30 min rest')).toBeInTheDocument();
  });

  it("explains the profile's metric", async () => {
    serve(85, { ...PROFILE, primaryMetric: 'Heat Index', useRiskProfile: false });
    renderPanel(<HeatStressCard locationId={1} organizationLocationId={3} />);
    const { dialog } = await openDetails();
    expect(
      within(dialog).getByText(/The Heat Index combines air temperature and relative humidity/),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('img', { name: 'Risk level' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'Today' })).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'Tomorrow' })).toBeInTheDocument();
  });

  it("draws the chart's days and hours in the venue's zone, named once in the axis title", async () => {
    // 15:00Z on Wednesday 15 July is 5 AM in Honolulu (10 AM in the process's Chicago)
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-07-15T15:00:00.000Z') });
    serve(85);
    charts.length = 0;
    renderPanel(
      <HeatStressCard
        locationId={1}
        organizationLocationId={3}
        timeZone={timeZoneAt(HONOLULU.latitude, HONOLULU.longitude)}
      />,
    );
    const { dialog } = await openDetails();
    expect(within(dialog).getByRole('tab', { name: 'Friday' })).toBeInTheDocument();
    await within(dialog).findByRole('img', { name: 'WBGT forecast for Today' });
    const option = charts.at(-1) as { xAxis: { name: string; data: string[] } };
    expect(option.xAxis.name).toBe('Time (HST)');
    // Today in Honolulu: 5 AM to 11 PM HST
    expect(option.xAxis.data[0]).toBe('5 AM');
    expect(option.xAxis.data).toHaveLength(19);
    expect(option.xAxis.data.at(-1)).toBe('11 PM');
  });

  it("names the browser's zone where no location zone is given", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-07-15T15:00:00.000Z') });
    serve(85);
    charts.length = 0;
    renderPanel(<HeatStressCard locationId={1} organizationLocationId={3} />);
    const { dialog } = await openDetails();
    await within(dialog).findByRole('img', { name: 'WBGT forecast for Today' });
    const option = charts.at(-1) as { xAxis: { name: string; data: string[] } };
    expect(option.xAxis.name).toBe('Time (CDT)');
    expect(option.xAxis.data[0]).toBe('10 AM');
  });
});
