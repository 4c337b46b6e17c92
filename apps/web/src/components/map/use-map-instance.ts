// The weather map's MapLibre instance once loaded, the one failure that loses the map (a style that never loaded,
// thrown to the map's error boundary, spec 01 §8) and the journeys' test hook on it (map-test-hook.ts).
import { useEffect, useState, type ComponentProps } from 'react';
import type { Map, MapInstance } from './maplibre.ts';
import { exposeMapTestHook } from './map-test-hook.ts';

type MapErrorHandler = NonNullable<ComponentProps<typeof Map>['onError']>;

export interface MapInstanceState {
  /** The loaded map; null until its load event. */
  map: MapInstance | null;
  /** Call from the map's load event. */
  setMap: (map: MapInstance) => void;
  /** The map's error event. */
  onError: MapErrorHandler;
}

/** The map instance and its fatal error; throws that error during render so the boundary shows the fallback. */
export function useMapInstance(): MapInstanceState {
  const [map, setMap] = useState<MapInstance | null>(null);
  const [fatal, setFatal] = useState<Error | null>(null);

  useEffect(() => {
    if (!map) return undefined;
    return exposeMapTestHook(map);
  }, [map]);

  if (fatal) throw fatal;

  const onError: MapErrorHandler = (e) => {
    // Only a map whose style never loaded is lost; a failed tile or image (an error naming its source) is left to
    // the next refetch. A map already removed (the page unmounted while a request failed) has no target: nothing
    // to report.
    const fromSource = Boolean((e as { sourceId?: string }).sourceId);
    const target = e.target as MapInstance | null;
    if (!map && !fromSource && target && !target.isStyleLoaded())
      setFatal(e.error instanceof Error ? e.error : new Error(String(e.error)));
  };
  return { map, setMap, onError };
}
