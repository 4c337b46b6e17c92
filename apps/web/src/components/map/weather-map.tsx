// <WeatherMap>: the one map of the dashboard, Live Radar and Broadcast. The MapLibre code is a lazy chunk, and a
// crash anywhere inside shows the spec's map fallback (spec 01 §8).
import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { MAP_FALLBACK_TEXT } from './map-constants.ts';
import type { WeatherMapProps } from './weather-map-canvas.tsx';

export type { WeatherMapHandle, WeatherMapProps } from './weather-map-canvas.tsx';
export type { MapLocation } from './layers/location-layer.tsx';

const WeatherMapCanvas = lazy(() => import('./weather-map-canvas.tsx'));

/** The map fallback of spec 01 §8. */
export function MapFallback() {
  return (
    <Box
      role="alert"
      sx={{
        display: 'grid',
        placeItems: 'center',
        height: '100%',
        minHeight: 240,
        p: 3,
        textAlign: 'center',
      }}
    >
      <Typography>{MAP_FALLBACK_TEXT}</Typography>
    </Box>
  );
}

interface BoundaryState {
  error: Error | null;
}

/** Catches a map crash (no WebGL, a lost style) and shows the fallback instead of the page's error screen. */
export class MapErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Map crashed', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <MapFallback /> : this.props.children;
  }
}

/** The weather map, lazily loaded, inside its error boundary. Give it a sized parent. */
export function WeatherMap(props: WeatherMapProps) {
  return (
    <MapErrorBoundary>
      <Suspense
        fallback={
          <Box sx={{ display: 'grid', placeItems: 'center', height: '100%', minHeight: 240 }}>
            <CircularProgress aria-label="Loading map" />
          </Box>
        }
      >
        <WeatherMapCanvas {...props} />
      </Suspense>
    </MapErrorBoundary>
  );
}
