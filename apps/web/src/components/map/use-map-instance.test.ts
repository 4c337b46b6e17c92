// The map instance hook: only a style that never loaded loses the map (thrown to the boundary); a source's failed
// tile does not, nor an error after load; the journeys' test hook is on the loaded map only when the page opted in.
import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useMapInstance } from './use-map-instance.ts';
import type { MapInstance } from './maplibre.ts';

type ErrorEvent = Parameters<ReturnType<typeof useMapInstance>['onError']>[0];
const mapWithStyle = (styleLoaded: boolean) =>
  ({ isStyleLoaded: () => styleLoaded, on: () => undefined, off: () => undefined }) as unknown as MapInstance;
const errorEvent = (target: MapInstance | null, extra: Record<string, unknown> = {}) =>
  ({ error: new Error('style failed'), target, ...extra }) as unknown as ErrorEvent;

afterEach(() => {
  delete window.__ALLCLEAR_TEST_HOOKS__;
  delete window.__allclearMap;
});

describe('useMapInstance', () => {
  it('throws the error of a style that never loaded on the next render', () => {
    const { result } = renderHook(() => useMapInstance());
    expect(() => act(() => result.current.onError(errorEvent(mapWithStyle(false))))).toThrow('style failed');
  });

  it('keeps the map for a source error, an unmounted map (no target) and an error once loaded', () => {
    const { result } = renderHook(() => useMapInstance());
    act(() => result.current.onError(errorEvent(mapWithStyle(false), { sourceId: 'allclear-radar-past-1' })));
    act(() => result.current.onError(errorEvent(null)));
    act(() => result.current.onError(errorEvent(mapWithStyle(true))));
    const loaded = mapWithStyle(false);
    act(() => result.current.setMap(loaded));
    act(() => result.current.onError(errorEvent(mapWithStyle(false))));
    expect(result.current.map).toBe(loaded);
  });

  it('exposes window.__allclearMap for the loaded map when the page opted in, and removes it on unmount', () => {
    window.__ALLCLEAR_TEST_HOOKS__ = true;
    const { result, unmount } = renderHook(() => useMapInstance());
    expect(window.__allclearMap).toBeUndefined();
    const map = mapWithStyle(true);
    act(() => result.current.setMap(map));
    expect(window.__allclearMap?.map).toBe(map);
    unmount();
    expect(window.__allclearMap).toBeUndefined();
  });
});
