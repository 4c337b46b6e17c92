// The Measure tool's clicks: a vertex per click, a click within the line click radius (18 px) of a vertex removes
// it, and leaving the mode empties the path.
import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { LINE_CLICK_RADIUS_PX } from './map-constants.ts';
import { pathMiles } from './map-geometry.ts';
import { useMeasureTool } from './use-measure-tool.ts';
import type { MapLayerMouseEvent } from './maplibre.ts';

// One degree is 100 px on this map, both ways.
const target = { project: ([lng, lat]: [number, number]) => ({ x: lng * 100, y: lat * 100 }) };
/** A click at pixel (x, y), which is (x/100, y/100) in degrees. */
const clickAt = (x: number, y: number) =>
  ({
    target,
    point: { x, y },
    lngLat: { lng: x / 100, lat: y / 100 },
  }) as unknown as Pick<MapLayerMouseEvent, 'target' | 'point' | 'lngLat'>;

describe('useMeasureTool', () => {
  it('adds a vertex per click and measures the path in miles', () => {
    const { result } = renderHook(() => useMeasureTool(true));
    act(() => result.current.clickAt(clickAt(-9680, 3278)));
    act(() => result.current.clickAt(clickAt(-9580, 3278)));
    expect(result.current.points).toEqual([
      [-96.8, 32.78],
      [-95.8, 32.78],
    ]);
    expect(result.current.miles).toBe(pathMiles(result.current.points));
    expect(result.current.miles).toBeGreaterThan(50);
  });

  it('removes a vertex clicked at exactly the line click radius, and adds one just beyond it', () => {
    const { result } = renderHook(() => useMeasureTool(true));
    act(() => result.current.clickAt(clickAt(-9680, 3278)));
    act(() => result.current.clickAt(clickAt(-9680 + LINE_CLICK_RADIUS_PX + 0.5, 3278)));
    expect(result.current.points).toHaveLength(2);
    act(() => result.current.clickAt(clickAt(-9680, 3278 + LINE_CLICK_RADIUS_PX)));
    expect(result.current.points).toEqual([[(-9680 + LINE_CLICK_RADIUS_PX + 0.5) / 100, 32.78]]);
  });

  it('empties the path when the mode is left', () => {
    const { result, rerender } = renderHook(({ active }) => useMeasureTool(active), {
      initialProps: { active: true },
    });
    act(() => result.current.clickAt(clickAt(-9680, 3278)));
    rerender({ active: false });
    expect(result.current.points).toEqual([]);
  });
});
