// <PositionMap>: the map of the location form's position pick. The MapLibre code is a lazy chunk (as the weather
// map's), and a map that cannot start (no WebGL) shows the map fallback while the coordinate fields still work.
import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { MapErrorBoundary } from './weather-map.tsx';
import type { PositionMapProps } from './position-map-canvas.tsx';

export type { PositionMapProps } from './position-map-canvas.tsx';

const PositionMapCanvas = lazy(() => import('./position-map-canvas.tsx'));

/** The position picker's map, lazily loaded, inside the map error boundary. Give it a sized parent. */
export function PositionMap(props: PositionMapProps) {
  return (
    <MapErrorBoundary>
      <Suspense
        fallback={
          <Box sx={{ display: 'grid', placeItems: 'center', height: '100%' }}>
            <CircularProgress aria-label="Loading map" />
          </Box>
        }
      >
        <PositionMapCanvas {...props} />
      </Suspense>
    </MapErrorBoundary>
  );
}
