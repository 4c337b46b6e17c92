// The map's buttons and imperative handle: zoom steps of 1 in 200 ms, the centre button only with a location (flying
// to it at zoom 8), and the same zoom through the handle a page holds (Broadcast's side panel).
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { CENTRE_ZOOM, ZOOM_DURATION_MS, ZOOM_STEP } from './map-constants.ts';
import { useMapControls, type WeatherMapHandle } from './use-map-controls.ts';
import type { MapInstance } from './maplibre.ts';

function fakeMap(zoom: number) {
  const easeTo = vi.fn();
  const flyTo = vi.fn();
  return {
    map: { getZoom: () => zoom, easeTo, flyTo, resize: vi.fn() } as unknown as MapInstance,
    easeTo,
    flyTo,
  };
}
const box = { current: document.createElement('div') };

describe('useMapControls', () => {
  it('zooms by one step in 200 ms from the buttons and from the handle', () => {
    const { map, easeTo } = fakeMap(8.5);
    const handle = createRef<WeatherMapHandle>();
    const { result } = renderHook(() => useMapControls(map, box, null, handle));
    result.current.zoomIn();
    expect(easeTo).toHaveBeenLastCalledWith({ zoom: 8.5 + ZOOM_STEP, duration: ZOOM_DURATION_MS });
    handle.current!.zoomOut();
    expect(easeTo).toHaveBeenLastCalledWith({ zoom: 8.5 - ZOOM_STEP, duration: ZOOM_DURATION_MS });
  });

  it('offers the centre button only with a location, and flies to it at the centre zoom', () => {
    const { map, flyTo } = fakeMap(5);
    expect(renderHook(() => useMapControls(map, box, null, undefined)).result.current.centreOnLocation).toBe(
      undefined,
    );
    const { result } = renderHook(() =>
      useMapControls(map, box, { latitude: 35.2, longitude: -97.4 }, undefined),
    );
    result.current.centreOnLocation!();
    expect(flyTo).toHaveBeenCalledWith({ center: [-97.4, 35.2], zoom: CENTRE_ZOOM, essential: true });
  });
});
