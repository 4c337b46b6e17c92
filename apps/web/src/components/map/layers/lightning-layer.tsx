// Lightning (spec 01 §2, §9): strikes and clusters coloured by strike age band, cluster counts abbreviated K/M/B.
// Counts are HTML markers: the offline styles serve no glyphs, so symbol text is not available.
import type * as GeoJSON from 'geojson';
import Box from '@mui/material/Box';
import type { TClusterStrikesResponse } from '@allclear/contracts';
import { abbreviateCount } from '@allclear/domain';
import { Layer, Marker, Source } from '../maplibre.ts';
import { strikeAgeColourExpression } from '../map-colours.ts';
import { STRIKE_CLUSTER_LAYER, STRIKE_LAYER } from './layer-ids.ts';

const AGE_COLOUR = strikeAgeColourExpression();

/** The lightning layers of one ClusterStrikes answer. */
export function LightningLayer({ data }: { data: TClusterStrikesResponse }) {
  const clusters = data.features.filter((f) => f.properties.cluster);
  return (
    <>
      <Source id="allclear-lightning" type="geojson" data={data as GeoJSON.FeatureCollection}>
        <Layer
          id={STRIKE_CLUSTER_LAYER}
          type="circle"
          filter={['==', ['get', 'cluster'], true]}
          paint={{
            'circle-color': AGE_COLOUR as never,
            'circle-opacity': 0.85,
            'circle-radius': ['interpolate', ['linear'], ['get', 'Count'], 2, 12, 100, 18, 10000, 26],
            'circle-stroke-color': '#212121',
            'circle-stroke-width': 1,
          }}
        />
        <Layer
          id={STRIKE_LAYER}
          type="circle"
          filter={['==', ['get', 'cluster'], false]}
          paint={{
            'circle-color': AGE_COLOUR as never,
            'circle-radius': 5,
            'circle-stroke-color': '#212121',
            'circle-stroke-width': 1,
          }}
        />
      </Source>
      {clusters.map((f) => {
        const p = f.properties as { cluster_id: number; Count: number };
        const [lng, lat] = f.geometry.coordinates;
        return (
          <Marker
            key={p.cluster_id}
            longitude={lng}
            latitude={lat}
            anchor="center"
            style={{ pointerEvents: 'none' }}
          >
            <Box
              component="span"
              data-testid="strike-cluster-count"
              // black on a white pill: readable over any radar or satellite colour (a white halo blurred over a
              // dark map fell under axe's shadow contrast)
              sx={{
                fontSize: 11,
                fontWeight: 700,
                lineHeight: 1.2,
                color: '#000',
                bgcolor: '#fff',
                borderRadius: 1,
                px: 0.5,
              }}
            >
              {abbreviateCount(p.Count)}
            </Box>
          </Marker>
        );
      })}
    </>
  );
}
