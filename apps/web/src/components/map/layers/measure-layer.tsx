// The measure tool's line and vertices (spec 01 §2: distance in miles).
import type * as GeoJSON from 'geojson';
import { Layer, Source } from '../maplibre.ts';

/** The measured polyline, [lng, lat] vertices. */
export function MeasureLayer({ points }: { points: readonly [number, number][] }) {
  const data: GeoJSON.FeatureCollection = {
    type: 'FeatureCollection',
    features: [
      ...(points.length > 1
        ? [
            {
              type: 'Feature' as const,
              properties: {},
              geometry: { type: 'LineString' as const, coordinates: points.map((p) => [...p]) },
            },
          ]
        : []),
      ...points.map((p) => ({
        type: 'Feature' as const,
        properties: {},
        geometry: { type: 'Point' as const, coordinates: [...p] },
      })),
    ],
  };
  return (
    <Source id="allclear-measure" type="geojson" data={data}>
      <Layer
        id="allclear-measure-line"
        type="line"
        filter={['==', ['geometry-type'], 'LineString']}
        paint={{ 'line-color': '#ff3d00', 'line-width': 3, 'line-dasharray': [2, 1] }}
      />
      <Layer
        id="allclear-measure-points"
        type="circle"
        filter={['==', ['geometry-type'], 'Point']}
        paint={{
          'circle-radius': 5,
          'circle-color': '#fff',
          'circle-stroke-color': '#ff3d00',
          'circle-stroke-width': 2,
        }}
      />
    </Source>
  );
}
