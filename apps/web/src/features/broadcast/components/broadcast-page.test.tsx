import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { demoCustomer, demoLocations, superAdmin } from '../../../test/fixtures.ts';
import { renderApp, stubApi } from '../../../test/render-app.tsx';
import { useMapStore } from '../../../components/map/map-store.ts';
import { fakeMap } from '../../../components/map/test/fake-maplibre.tsx';
import { broadcastKeyAction } from './broadcast-keys.ts';

vi.mock(
  '../../../components/map/maplibre.ts',
  () => import('../../../components/map/test/fake-maplibre.tsx'),
);

const honolulu = {
  ...demoLocations[0]!,
  id: 9,
  label: 'Aloha Stadium',
  latitude: 21.3727,
  longitude: -157.9302,
};

function routes(locations = demoLocations) {
  const frames = Array.from({ length: 13 }, (_, i) => {
    const time = new Date(Date.parse('2026-11-22T00:00:00Z') + i * 300_000).toISOString();
    return {
      time,
      kind: 'past',
      wmsUrl: `/map/past/WMS?time=${time}`,
      tileUrl: `/map/past/TMS/{z}/{x}/{y}.png?time=${time}`,
    };
  });
  const list = {
    type: 'past',
    product: null,
    isFuture: false,
    stepMinutes: 5,
    latest: frames[12]!.time,
    frames,
    source: 'simulator',
  };
  return {
    'GET /api/user/current': superAdmin,
    'GET /api/Customer/1': demoCustomer,
    'GET /api/AirQuality': [],
    'GET /api/location': locations,
    'GET /map/past': list,
    'GET /map/future': { ...list, type: 'future' },
    'GET /map/ClusterStrikes': { status: 200, body: { type: 'FeatureCollection', features: [] } },
  };
}

const store = () => useMapStore.getState();

describe('Broadcast View (/Broadcast)', { timeout: 20_000 }, () => {
  beforeEach(() => store().reset());

  it('shows the side panel, hides the map options and radar menus, and forces very fast playback', async () => {
    stubApi(routes());
    const view = renderApp('/Broadcast');
    expect(await screen.findByRole('heading', { name: 'Broadcast View' })).toBeInTheDocument();
    const panel = screen.getByRole('complementary', { name: 'Radar Controls' });
    for (const name of ['Full Screen', 'Zoom In', 'Zoom Out'])
      expect(within(panel).getByRole('button', { name })).toBeInTheDocument();
    expect(within(panel).getByRole('switch', { name: 'All Locations' })).not.toBeChecked();
    expect(within(panel).getByRole('radio', { name: 'Very Fast' })).toBeChecked();
    expect(store().speed).toBe('veryFast');
    expect(
      within(panel)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Past', 'Future', 'Slow', 'Normal', 'Fast', 'Very Fast', 'Satellite', 'Dark', 'Light']);
    expect(within(panel).getByText('Space')).toBeInTheDocument();
    expect(screen.getByText('Powered by AllClear')).toBeInTheDocument();
    await screen.findByRole('slider', { name: 'Radar timeline' });
    expect(screen.queryByRole('button', { name: 'Options' })).not.toBeInTheDocument();
    expect(screen.queryByRole('toolbar', { name: 'Map tools' })).not.toBeInTheDocument();
    // Leaving restores the speed chosen before.
    view.unmount();
    expect(store().speed).toBe('normal');
  });

  it('Space toggles play and pause; Arrow Right and Left step the timeline by 5 percent', async () => {
    const user = userEvent.setup();
    stubApi(routes());
    renderApp('/Broadcast');
    await screen.findByRole('slider', { name: 'Radar timeline' });
    await user.keyboard(' ');
    expect(store().playback).toBe('PLAY');
    await user.keyboard(' ');
    expect(store().playback).toBe('STATIC');
    act(() => store().dispatchPlayback({ type: 'scrubbed', progress: 50 }));
    await user.keyboard('{ArrowRight}');
    expect(store().progress).toBe(55);
    expect(store().playback).toBe('SCRUB');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(store().progress).toBe(45);
  });

  it('leaves Space to a focused button or the slider; Space on the page toggles playback', async () => {
    const user = userEvent.setup();
    const easeTo = vi.spyOn(fakeMap, 'easeTo');
    stubApi(routes());
    renderApp('/Broadcast');
    const panel = await screen.findByRole('complementary', { name: 'Radar Controls' });
    const slider = await screen.findByRole('slider', { name: 'Radar timeline' });
    // A focused button: Space presses it (the map zooms in) and playback stays still.
    const zoomIn = within(panel).getByRole('button', { name: 'Zoom In' });
    act(() => zoomIn.focus());
    await user.keyboard(' ');
    expect(easeTo).toHaveBeenCalledTimes(1);
    expect(easeTo).toHaveBeenLastCalledWith(expect.objectContaining({ zoom: 9 }));
    expect(store().playback).toBe('STATIC');
    // The focused slider keeps Space too.
    act(() => slider.focus());
    expect(slider).toHaveFocus();
    await user.keyboard(' ');
    expect(store().playback).toBe('STATIC');
    // The page (its main container) has focus: Space toggles.
    const main = document.getElementById('main-content')!;
    act(() => main.focus());
    expect(main).toHaveFocus();
    await user.keyboard(' ');
    expect(store().playback).toBe('PLAY');
    // A held key (repeat) does not toggle again, nor does Shift+Space.
    await user.keyboard('{ >2/}');
    expect(store().playback).toBe('STATIC');
    await user.keyboard('{Shift>} {/Shift}');
    expect(store().playback).toBe('STATIC');
  });

  it('centres on all locations at 38.78, -96.80 zoom 3.5 and a picked location at zoom 7.5', async () => {
    const user = userEvent.setup();
    const flyTo = vi.spyOn(fakeMap, 'flyTo');
    stubApi(routes());
    renderApp('/Broadcast');
    const panel = await screen.findByRole('complementary', { name: 'Radar Controls' });
    await user.click(within(panel).getByRole('switch', { name: 'All Locations' }));
    await waitFor(() =>
      expect(flyTo).toHaveBeenLastCalledWith(expect.objectContaining({ center: [-96.8, 38.78], zoom: 3.5 })),
    );
    expect(await screen.findAllByTestId('saved-location-marker')).toHaveLength(3);
    await user.click(within(panel).getByRole('switch', { name: 'All Locations' }));
    await user.click(within(panel).getByRole('combobox', { name: 'Location' }));
    await user.click(await screen.findByRole('option', { name: 'Toyota Stadium' }));
    await waitFor(() =>
      expect(flyTo).toHaveBeenLastCalledWith(
        expect.objectContaining({ center: [-96.8353, 33.1543], zoom: 7.5 }),
      ),
    );
  });

  it('offers only the past radar type for a location outside the coverage box', async () => {
    const user = userEvent.setup();
    stubApi(routes([...demoLocations, honolulu]));
    renderApp('/Broadcast');
    const panel = await screen.findByRole('complementary', { name: 'Radar Controls' });
    const radarType = () =>
      within(within(panel).getByRole('radiogroup', { name: 'Radar Type' })).getAllByRole('radio');
    expect(radarType().map((r) => r.getAttribute('value'))).toEqual(['past', 'future']);
    await user.click(within(panel).getByRole('combobox', { name: 'Location' }));
    await user.click(await screen.findByRole('option', { name: 'Aloha Stadium' }));
    expect(radarType().map((r) => r.getAttribute('value'))).toEqual(['past']);
  });
});

describe('broadcast keys', () => {
  const key = (k: string, target: EventTarget | null = document.body, mods: Partial<KeyboardEvent> = {}) =>
    broadcastKeyAction({
      key: k,
      target,
      altKey: false,
      ctrlKey: false,
      metaKey: false,
      shiftKey: false,
      repeat: false,
      ...mods,
    });
  const el = (html: string) => {
    const host = document.createElement('div');
    host.innerHTML = html;
    return host.firstElementChild!;
  };

  it('maps Space, Arrow Right and Arrow Left, and nothing else', () => {
    expect(key(' ')).toEqual({ type: 'play-toggled' });
    expect(key('ArrowRight')).toEqual({ type: 'key-stepped', direction: 1 });
    expect(key('ArrowLeft')).toEqual({ type: 'key-stepped', direction: -1 });
    expect(key('ArrowUp')).toBeNull();
    expect(key('Enter')).toBeNull();
  });

  it('ignores repeated and modified keys', () => {
    expect(key(' ', document.body, { repeat: true })).toBeNull();
    for (const mod of ['altKey', 'ctrlKey', 'metaKey', 'shiftKey'] as const)
      expect(key(' ', document.body, { [mod]: true })).toBeNull();
  });

  it('acts on the body, the page container and plain content inside it, and never on a control', () => {
    const main = el('<main tabindex="-1"><div><p>text</p></div></main>');
    expect(key(' ', main)).toEqual({ type: 'play-toggled' });
    expect(key(' ', main.querySelector('p'))).toEqual({ type: 'play-toggled' });
    expect(key(' ', window)).toEqual({ type: 'play-toggled' });
    const controls = [
      '<button>Zoom In</button>',
      '<input type="text">',
      '<input type="checkbox">',
      '<input type="radio">',
      '<select><option>a</option></select>',
      '<textarea></textarea>',
      '<span role="slider" tabindex="0"></span>',
      '<span role="slider"></span>',
      '<div contenteditable="true"></div>',
      '<a href="/x">link</a>',
      '<div tabindex="0">card</div>',
      '<div tabindex="-1">dialog paper</div>',
      '<li role="menuitem">Edit</li>',
    ];
    for (const html of controls)
      for (const k of [' ', 'ArrowRight', 'ArrowLeft'])
        expect(key(k, el(html)), `${k} on ${html}`).toBeNull();
    // Inside a control (an icon in a button) counts as the control.
    expect(key(' ', el('<button><svg></svg></button>').firstElementChild)).toBeNull();
  });
});
