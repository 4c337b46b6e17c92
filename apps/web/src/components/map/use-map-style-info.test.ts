// What the map reads from its base style: the first place-name layer (the radar goes below it) and the simulated
// imagery note, read again when another base style loads.
import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { firstPlaceLayer, simulatedStyleLabel, useMapStyleInfo } from './use-map-style-info.ts';
import type { MapInstance } from './maplibre.ts';

interface Style {
  layers: { id: string; metadata?: Record<string, unknown> }[];
  metadata?: Record<string, unknown>;
}
function mapWithStyle(initial: Style) {
  let style = initial;
  const handlers = new Set<() => void>();
  const map = {
    getStyle: () => style,
    on: (_type: string, fn: () => void) => handlers.add(fn),
    off: (_type: string, fn: () => void) => handlers.delete(fn),
  } as unknown as MapInstance;
  const loadStyle = (next: Style) => {
    style = next;
    for (const fn of handlers) fn();
  };
  return { map, loadStyle };
}

const dark: Style = {
  layers: [
    { id: 'water' },
    { id: 'city-names', metadata: { 'allclear:place': true } },
    { id: 'state-names', metadata: { 'allclear:place': true } },
  ],
};
const satellite: Style = {
  layers: [{ id: 'imagery' }, { id: 'places', metadata: { 'allclear:place': true } }],
  metadata: { 'allclear:simulated': true, 'allclear:label': 'Simulated imagery' },
};

describe('base style info', () => {
  it('finds the first layer marked allclear:place, none in a style without one', () => {
    expect(firstPlaceLayer(mapWithStyle(dark).map)).toBe('city-names');
    expect(firstPlaceLayer(mapWithStyle({ layers: [{ id: 'water' }] }).map)).toBeUndefined();
  });

  it("labels a simulated style with its own label, else 'Simulated'; a real style has none", () => {
    expect(simulatedStyleLabel(mapWithStyle(satellite).map)).toBe('Simulated imagery');
    expect(
      simulatedStyleLabel(mapWithStyle({ layers: [], metadata: { 'allclear:simulated': true } }).map),
    ).toBe('Simulated');
    expect(simulatedStyleLabel(mapWithStyle(dark).map)).toBeNull();
  });

  it('reads both again when another base style loads, and stops listening on unmount', () => {
    const { map, loadStyle } = mapWithStyle(dark);
    const { result, unmount } = renderHook(() => useMapStyleInfo(map));
    expect(result.current).toMatchObject({ placeLayer: 'city-names', simulatedLabel: null });
    act(() => loadStyle(satellite));
    expect(result.current).toMatchObject({ placeLayer: 'places', simulatedLabel: 'Simulated imagery' });
    unmount();
    expect(() => loadStyle(dark)).not.toThrow();
  });
});
