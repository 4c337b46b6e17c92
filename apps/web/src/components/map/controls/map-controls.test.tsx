import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMapStore } from '../map-store.ts';
import { RadarControls } from './radar-controls.tsx';
import { BaseMenu, LayerMenu, LegendMenu } from './map-menus.tsx';

const DALLAS = { latitude: 32.78, longitude: -96.8 };
const HONOLULU = { latitude: 21.31, longitude: -157.86 };

// The first test pays for MUI's cold transform on a busy 2-core machine.
describe('radar controls', { timeout: 20_000 }, () => {
  beforeEach(() => useMapStore.getState().reset());

  it('sets transparency Low to opacity 0.4 and speed Slow from the Options menu', async () => {
    const user = userEvent.setup();
    render(<RadarControls frameCount={13} coveragePoint={DALLAS} />);
    await user.click(screen.getByRole('button', { name: 'Options' }));
    const menu = screen.getByRole('region', { name: 'Options' });
    await user.click(within(menu).getByRole('radio', { name: 'Low' }));
    expect(useMapStore.getState().opacity).toBe(0.4);
    await user.click(within(menu).getByRole('radio', { name: 'Medium' }));
    expect(useMapStore.getState().opacity).toBe(0.6);
    await user.click(within(menu).getByRole('radio', { name: 'Slow' }));
    expect(useMapStore.getState().speed).toBe('slow');
    expect(
      within(menu)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['low', 'medium', 'high', 'slow', 'normal', 'fast']);
  });

  it('offers past, future and extended inside the coverage box, and picking one resets progress', async () => {
    const user = userEvent.setup();
    render(<RadarControls frameCount={13} coveragePoint={DALLAS} />);
    await user.click(screen.getByRole('button', { name: 'Past' }));
    const menu = screen.getByRole('region', { name: 'Past' });
    expect(
      within(menu)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['past', 'future', 'extended']);
    await user.click(within(menu).getByRole('radio', { name: 'Future' }));
    expect(useMapStore.getState().radarStyle).toBe('future');
    expect(useMapStore.getState().progress).toBe(0);
  });

  it('offers only the past option outside the coverage box', async () => {
    const user = userEvent.setup();
    render(<RadarControls frameCount={13} coveragePoint={HONOLULU} />);
    await user.click(screen.getByRole('button', { name: 'Past' }));
    const radios = within(screen.getByRole('region', { name: 'Past' })).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['past']);
  });

  it('keeps one menu open: opening the radar picker closes Options', async () => {
    const user = userEvent.setup();
    render(<RadarControls frameCount={13} coveragePoint={DALLAS} />);
    await user.click(screen.getByRole('button', { name: 'Options' }));
    await user.click(screen.getByRole('button', { name: 'Past' }));
    expect(screen.queryByRole('region', { name: 'Options' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Past' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Past' }));
    expect(screen.queryByRole('region', { name: 'Past' })).not.toBeInTheDocument();
  });

  it('play toggles PLAY and STATIC, and moving the slider with a key scrubs', async () => {
    const user = userEvent.setup();
    render(<RadarControls frameCount={13} coveragePoint={DALLAS} />);
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(useMapStore.getState().playback).toBe('PLAY');
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(useMapStore.getState().playback).toBe('STATIC');
    screen.getByRole('slider', { name: 'Radar timeline' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(useMapStore.getState().playback).toBe('SCRUB');
    expect(useMapStore.getState().progress).toBeCloseTo(99.9, 5);
  });

  it('names the timeline slider and reads out the frame time as its value', () => {
    useMapStore.getState().setCurrentTime('2026-11-22T22:05:00Z');
    render(<RadarControls frameCount={13} coveragePoint={DALLAS} />);
    const slider = screen.getByRole('slider', { name: 'Radar timeline' });
    const shown = screen.getByLabelText('Radar time').textContent;
    expect(shown).toMatch(/^\d{1,2}:05 [AP]M$/);
    expect(slider).toHaveAttribute('aria-valuetext', `Radar frame ${shown}`);
  });

  it('labels the speeds with the spec names only (spec 01 §2), no frame times', async () => {
    const user = userEvent.setup();
    render(<RadarControls frameCount={13} coveragePoint={DALLAS} />);
    await user.click(screen.getByRole('button', { name: 'Options' }));
    const menu = screen.getByRole('region', { name: 'Options' });
    const speedLabels = within(menu)
      .getAllByRole('radio')
      .filter((r) => ['slow', 'normal', 'fast'].includes(r.getAttribute('value') ?? ''))
      .map((r) => r.closest('label')?.textContent);
    expect(speedLabels).toEqual(['Slow', 'Normal', 'Fast']);
  });

  it('cannot play a loop of fewer than two frames', () => {
    render(<RadarControls frameCount={1} coveragePoint={DALLAS} />);
    expect(screen.getByRole('button', { name: 'Play' })).toBeDisabled();
  });

  it('hides the Options and radar-type menus when asked (Broadcast)', () => {
    render(<RadarControls frameCount={13} coveragePoint={DALLAS} hideMenus />);
    expect(screen.queryByRole('button', { name: 'Options' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Past' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });
});

describe('map menus', { timeout: 20_000 }, () => {
  beforeEach(() => useMapStore.getState().reset());

  it('lists the overlays in the spec order with radar and lightning on', async () => {
    const user = userEvent.setup();
    render(<LayerMenu />);
    await user.click(screen.getByRole('button', { name: 'Layers' }));
    const boxes = within(screen.getByRole('region', { name: 'Layers' })).getAllByRole('checkbox');
    const labels = boxes.map((b) => b.closest('label')?.textContent);
    expect(labels).toEqual([
      'Tropical Models',
      'Tropical Forecast',
      'Surface Analysis',
      'Storm Cells',
      'NWS Alerts',
      'Road Conditions',
      'Radar',
      'Lightning',
    ]);
    expect(
      boxes.filter((b) => (b as HTMLInputElement).checked).map((b) => b.closest('label')?.textContent),
    ).toEqual(['Radar', 'Lightning']);
  });

  it('checking Road Conditions unchecks Radar, and checking Radar unchecks Road Conditions', async () => {
    const user = userEvent.setup();
    render(<LayerMenu />);
    await user.click(screen.getByRole('button', { name: 'Layers' }));
    await user.click(screen.getByRole('checkbox', { name: 'Road Conditions' }));
    expect(screen.getByRole('checkbox', { name: 'Radar' })).not.toBeChecked();
    expect(useMapStore.getState().radarStyle).toBe('future-road-conditions');
    await user.click(screen.getByRole('checkbox', { name: 'Radar' }));
    expect(screen.getByRole('checkbox', { name: 'Road Conditions' })).not.toBeChecked();
    expect(useMapStore.getState().radarStyle).toBe('past');
  });

  it('switches the base map and closes the layer menu when the base menu opens', async () => {
    const user = userEvent.setup();
    render(
      <>
        <LayerMenu />
        <BaseMenu />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Layers' }));
    await user.click(screen.getByRole('button', { name: 'Base Map' }));
    expect(screen.queryByRole('region', { name: 'Layers' })).not.toBeInTheDocument();
    const base = screen.getByRole('region', { name: 'Base Map' });
    expect(
      within(base)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Dark', 'Light', 'Satellite']);
    await user.click(within(base).getByRole('radio', { name: 'Dark' }));
    expect(useMapStore.getState().baseLayerStyle).toBe('dark');
  });

  it('shows the lightning legend buckets', async () => {
    const user = userEvent.setup();
    render(<LegendMenu />);
    await user.click(screen.getByRole('button', { name: 'Legend' }));
    const legend = screen.getByRole('region', { name: 'Legend' });
    expect(within(legend).getByText('0-5 min')).toBeInTheDocument();
    expect(within(legend).getByText('5-15 min')).toBeInTheDocument();
    expect(within(legend).getByText('15-30 min')).toBeInTheDocument();
  });
});
