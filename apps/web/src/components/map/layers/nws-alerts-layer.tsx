// NWS alert polygons (spec 01 §2), filled with each event's colour; zone-based alerts without a polygon are left
// to the Alerts/ByPoint click.
import type * as GeoJSON from 'geojson';
import type { TNwsAlertsResponse } from '@allclear/contracts';
import { Layer, Source } from '../maplibre.ts';
import { NWS_ALERT_FILL_LAYER } from './layer-ids.ts';

/** The alert polygons. */
export function NwsAlertsLayer({ data }: { data: TNwsAlertsResponse }) {
  const withGeometry: GeoJSON.FeatureCollection = {
    type: 'FeatureCollection',
    features: data.features.filter((f) => f.geometry !== null) as GeoJSON.Feature[],
  };
  return (
    <Source id="allclear-nws-alerts" type="geojson" data={withGeometry}>
      <Layer
        id={NWS_ALERT_FILL_LAYER}
        type="fill"
        paint={{ 'fill-color': ['get', 'Color'], 'fill-opacity': 0.25 }}
      />
      <Layer
        id="allclear-nws-alerts-line"
        type="line"
        paint={{ 'line-color': ['get', 'Color'], 'line-width': 2 }}
      />
    </Source>
  );
}
