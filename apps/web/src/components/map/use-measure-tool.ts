// The Measure tool (spec 01 §4 'Map action modes'): clicks add vertices of a path, a click within the line click
// radius of a vertex removes it, and leaving the mode clears the path.
import { useEffect, useState } from 'react';
import type { MapLayerMouseEvent } from './maplibre.ts';
import { LINE_CLICK_RADIUS_PX } from './map-constants.ts';
import { pathMiles } from './map-geometry.ts';

export interface MeasureTool {
  /** The path's vertices, [longitude, latitude]. */
  points: [number, number][];
  /** Its length in miles. */
  miles: number;
  /** A map click in measure mode. */
  clickAt: (e: Pick<MapLayerMouseEvent, 'target' | 'point' | 'lngLat'>) => void;
}

/** The measured path while `active`; emptied when the mode is left. */
export function useMeasureTool(active: boolean): MeasureTool {
  const [points, setPoints] = useState<[number, number][]>([]);
  useEffect(() => {
    if (!active) setPoints([]);
  }, [active]);
  const clickAt: MeasureTool['clickAt'] = (e) => {
    const hit = points.findIndex((p) => {
      const px = e.target.project(p);
      return Math.hypot(px.x - e.point.x, px.y - e.point.y) <= LINE_CLICK_RADIUS_PX;
    });
    const { lng, lat } = e.lngLat;
    setPoints((pts) => (hit >= 0 ? pts.filter((_, i) => i !== hit) : [...pts, [lng, lat]]));
  };
  return { points, miles: pathMiles(points), clickAt };
}
