// Tropical forecast (spec 01 §2, §3): the cone, the forecast track and its points (winds m/s, shown as mph).
import type * as GeoJSON from 'geojson';
import type { TTropicalForecastItem } from '@allclear/contracts';
import { Layer, Source } from '../maplibre.ts';
import { TROPICAL_POINT_LAYER } from './layer-ids.ts';

function geojson(items: readonly TTropicalForecastItem[]) {
  const cones: GeoJSON.Feature[] = items.map((i) => ({
    type: 'Feature',
    properties: { name: i.name },
    geometry: i.conePolygon,
  }));
  const tracks: GeoJSON.Feature[] = items.map((i) => ({
    type: 'Feature',
    properties: { name: i.name },
    geometry: { type: 'LineString', coordinates: [i.coordinates, ...i.points.map((p) => p.coordinates)] },
  }));
  const points: GeoJSON.Feature[] = items.flatMap((i) =>
    i.points.map((p) => ({
      type: 'Feature' as const,
      properties: {
        name: i.name,
        time: p.time,
        category: p.category,
        maxSustainedMs: p.wind.maxSustained.value,
        gustMs: p.wind.gust.value,
      },
      geometry: { type: 'Point' as const, coordinates: p.coordinates },
    })),
  );
  return {
    cones: { type: 'FeatureCollection', features: cones } as GeoJSON.FeatureCollection,
    tracks: { type: 'FeatureCollection', features: tracks } as GeoJSON.FeatureCollection,
    points: { type: 'FeatureCollection', features: points } as GeoJSON.FeatureCollection,
  };
}

/** The tropical systems' cones, tracks and clickable forecast points. */
export function TropicalLayer({ items }: { items: readonly TTropicalForecastItem[] }) {
  const g = geojson(items);
  return (
    <>
      <Source id="allclear-tropical-cones" type="geojson" data={g.cones}>
        <Layer
          id="allclear-tropical-cone-fill"
          type="fill"
          paint={{ 'fill-color': '#ffffff', 'fill-opacity': 0.2 }}
        />
        <Layer
          id="allclear-tropical-cone-line"
          type="line"
          paint={{ 'line-color': '#ffffff', 'line-width': 1.5 }}
        />
      </Source>
      <Source id="allclear-tropical-tracks" type="geojson" data={g.tracks}>
        <Layer
          id="allclear-tropical-track"
          type="line"
          paint={{ 'line-color': '#212121', 'line-width': 2 }}
        />
      </Source>
      <Source id="allclear-tropical-points" type="geojson" data={g.points}>
        <Layer
          id={TROPICAL_POINT_LAYER}
          type="circle"
          paint={{
            'circle-radius': 6,
            'circle-color': '#e65100',
            'circle-stroke-color': '#fff',
            'circle-stroke-width': 1.5,
          }}
        />
      </Source>
    </>
  );
}
