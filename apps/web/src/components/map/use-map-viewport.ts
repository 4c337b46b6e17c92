// The weather map's viewport as the page sees it: zoom and centre after every move, the lightning fetch box once
// the viewport settles (spec 01 §9 'Viewport-driven lightning refetch', 300 ms debounce), and the fly to a `view`
// the page passes (recentring on a location, Broadcast's views).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MapInstance } from './maplibre.ts';
import { VIEWPORT_DEBOUNCE_MS, type MapView } from './map-constants.ts';
import { strikeFetchBounds } from './map-geometry.ts';
import type { StrikeViewport } from './api/get-cluster-strikes.ts';

export interface MapViewport {
  zoom: number;
  centre: { latitude: number; longitude: number };
  /** The box and whole zoom lightning is fetched for; null until the first settled viewport. */
  strikeView: StrikeViewport | null;
  /** Reads the viewport of `m` (its load and every move end). */
  readViewport: (m: MapInstance) => void;
}

/** Viewport state of `map`, starting at `initialView`, flying to `view` whenever its numbers change. */
export function useMapViewport(
  map: MapInstance | null,
  initialView: MapView,
  view: MapView | null,
): MapViewport {
  const [zoom, setZoom] = useState(initialView.zoom);
  const [centre, setCentre] = useState({ latitude: initialView.latitude, longitude: initialView.longitude });
  const [strikeView, setStrikeView] = useState<StrikeViewport | null>(null);

  const debounce = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const readViewport = useCallback((m: MapInstance) => {
    const b = m.getBounds();
    const c = m.getCenter();
    setZoom(m.getZoom());
    setCentre({ latitude: c.lat, longitude: c.lng });
    clearTimeout(debounce.current);
    debounce.current = setTimeout(() => {
      setStrikeView({
        bounds: strikeFetchBounds({
          west: b.getWest(),
          south: b.getSouth(),
          east: b.getEast(),
          north: b.getNorth(),
        }),
        zoom: Math.floor(m.getZoom()),
      });
    }, VIEWPORT_DEBOUNCE_MS);
  }, []);
  useEffect(() => () => clearTimeout(debounce.current), []);

  // Keyed on the numbers, so a page passing a fresh object with the same view does not fly again.
  const [flyLat, flyLng, flyZoom] = view ? [view.latitude, view.longitude, view.zoom] : [];
  useEffect(() => {
    if (!map || flyLat === undefined || flyLng === undefined) return;
    map.flyTo({ center: [flyLng, flyLat], zoom: flyZoom, essential: true });
  }, [map, flyLat, flyLng, flyZoom]);

  return { zoom, centre, strikeView, readViewport };
}
