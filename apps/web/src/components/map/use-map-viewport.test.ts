// The map viewport hook: zoom and centre follow every move at once; the lightning box waits for the viewport to
// settle 300 ms (spec 01 §9); a page's `view` is flown to when its numbers change, not for a fresh equal object.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { VIEWPORT_DEBOUNCE_MS, type MapView } from './map-constants.ts';
import { strikeFetchBounds } from './map-geometry.ts';
import { useMapViewport } from './use-map-viewport.ts';
import type { MapInstance } from './maplibre.ts';

const BOUNDS = { west: -97.5, south: 32.5, east: -96.1, north: 33.06 };
function fakeMap(zoom: number, centre = { lat: 32.78, lng: -96.8 }) {
  const flyTo = vi.fn();
  const map = {
    getBounds: () => ({
      getWest: () => BOUNDS.west,
      getSouth: () => BOUNDS.south,
      getEast: () => BOUNDS.east,
      getNorth: () => BOUNDS.north,
    }),
    getCenter: () => centre,
    getZoom: () => zoom,
    flyTo,
  };
  return { map: map as unknown as MapInstance, flyTo };
}
const START: MapView = { latitude: 30, longitude: -95, zoom: 6 };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useMapViewport', () => {
  it('starts at the initial view with no lightning box', () => {
    const { result } = renderHook(() => useMapViewport(null, START, null));
    expect(result.current.zoom).toBe(6);
    expect(result.current.centre).toEqual({ latitude: 30, longitude: -95 });
    expect(result.current.strikeView).toBeNull();
  });

  it('reads zoom and centre at once and the lightning box only once the viewport has settled 300 ms', () => {
    const { map } = fakeMap(8.7);
    const { result } = renderHook(() => useMapViewport(map, START, null));
    act(() => result.current.readViewport(map));
    expect(result.current.zoom).toBe(8.7);
    expect(result.current.centre).toEqual({ latitude: 32.78, longitude: -96.8 });
    act(() => vi.advanceTimersByTime(VIEWPORT_DEBOUNCE_MS - 1));
    expect(result.current.strikeView).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.strikeView).toEqual({ bounds: strikeFetchBounds(BOUNDS), zoom: 8 });
  });

  it('a move before the 300 ms are up starts the wait again', () => {
    const { map } = fakeMap(9);
    const { result } = renderHook(() => useMapViewport(map, START, null));
    act(() => result.current.readViewport(map));
    act(() => vi.advanceTimersByTime(VIEWPORT_DEBOUNCE_MS - 50));
    act(() => result.current.readViewport(map));
    act(() => vi.advanceTimersByTime(VIEWPORT_DEBOUNCE_MS - 50));
    expect(result.current.strikeView).toBeNull();
    act(() => vi.advanceTimersByTime(50));
    expect(result.current.strikeView?.zoom).toBe(9);
  });

  it('flies to a new view, and not again for a fresh object with the same numbers', () => {
    const { map, flyTo } = fakeMap(8);
    const { rerender } = renderHook(({ view }) => useMapViewport(map, START, view), {
      initialProps: { view: { latitude: 35, longitude: -97, zoom: 7 } as MapView | null },
    });
    expect(flyTo).toHaveBeenCalledTimes(1);
    expect(flyTo).toHaveBeenLastCalledWith({ center: [-97, 35], zoom: 7, essential: true });
    rerender({ view: { latitude: 35, longitude: -97, zoom: 7 } });
    expect(flyTo).toHaveBeenCalledTimes(1);
    rerender({ view: { latitude: 36, longitude: -97, zoom: 7 } });
    expect(flyTo).toHaveBeenCalledTimes(2);
  });
});
