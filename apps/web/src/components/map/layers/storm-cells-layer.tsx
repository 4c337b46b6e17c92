// Storm cells (spec 01 §2): a marker per cell and its 30-minute track along the heading (speed m/s → mph).
import type * as GeoJSON from 'geojson';
import type { TStormVectorsResponse } from '@allclear/contracts';
import { destinationPoint, msToMph } from '@allclear/domain';
import { Layer, Source } from '../maplibre.ts';
import { STORM_CELL_LAYER } from './layer-ids.ts';

/** Track length drawn ahead of a cell, hours. */
const TRACK_HOURS = 0.5;

function tracks(data: TStormVectorsResponse): GeoJSON.FeatureCollection<GeoJSON.LineString> {
  return {
    type: 'FeatureCollection',
    features: data.features.map((f) => {
      const [lng, lat] = f.geometry.coordinates;
      const miles = msToMph(f.properties.Movement.Speed.value) * TRACK_HOURS;
      const end = destinationPoint(
        { latitude: lat, longitude: lng },
        f.properties.Movement.Heading.value,
        miles,
      );
      return {
        type: 'Feature',
        properties: { Id: f.properties.Id },
        geometry: {
          type: 'LineString',
          coordinates: [
            [lng, lat],
            [end.longitude, end.latitude],
          ],
        },
      };
    }),
  };
}

/** Storm cell circles (coloured by severity flags) with their tracks. */
export function StormCellsLayer({ data }: { data: TStormVectorsResponse }) {
  return (
    <>
      <Source id="allclear-storm-tracks" type="geojson" data={tracks(data)}>
        <Layer
          id="allclear-storm-tracks-line"
          type="line"
          paint={{ 'line-color': '#6a1b9a', 'line-width': 2, 'line-dasharray': [2, 1] }}
        />
      </Source>
      <Source id="allclear-storm-cells" type="geojson" data={data as GeoJSON.FeatureCollection}>
        <Layer
          id={STORM_CELL_LAYER}
          type="circle"
          paint={{
            'circle-radius': 7,
            'circle-color': [
              'case',
              ['any', ['get', 'Tvs', ['get', 'Flags']], ['get', 'Meso', ['get', 'Flags']]],
              '#d50000',
              ['get', 'SevereHail', ['get', 'Flags']],
              '#ff6d00',
              '#7b1fa2',
            ],
            'circle-stroke-color': '#ffffff',
            'circle-stroke-width': 2,
          }}
        />
      </Source>
    </>
  );
}
