// GeoJSON products reached through GET /map/url (spec 01 §7): road conditions, surface analysis and tropical
// models. Each feature carries its own Color.
import type { TMapUrlProduct } from '@allclear/contracts';
import { Layer, Source } from '../maplibre.ts';
import { absoluteUrl } from '../radar-frames.ts';
import { ROAD_LINE_LAYER } from './layer-ids.ts';

/** Lines (and points) of one product; the url changes when the product's data time changes. */
export function ProductLayer({ product, url }: { product: TMapUrlProduct; url: string }) {
  const id = `allclear-product-${product}`;
  const lineId = product.startsWith('road-condition') ? ROAD_LINE_LAYER : `${id}-line`;
  return (
    <Source id={id} type="geojson" data={absoluteUrl(url)}>
      <Layer
        id={lineId}
        type="line"
        filter={['==', ['geometry-type'], 'LineString']}
        paint={{
          'line-color': ['coalesce', ['get', 'Color'], '#455a64'],
          'line-width': product === 'surface-analysis' ? 3 : 2.5,
        }}
      />
      <Layer
        id={`${id}-points`}
        type="circle"
        filter={['==', ['geometry-type'], 'Point']}
        paint={{
          'circle-radius': 8,
          'circle-color': ['coalesce', ['get', 'Color'], '#455a64'],
          'circle-stroke-color': '#fff',
          'circle-stroke-width': 2,
        }}
      />
    </Source>
  );
}
