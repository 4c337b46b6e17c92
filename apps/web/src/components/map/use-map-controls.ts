// The map's own buttons and the imperative handle pages with their own buttons use (Broadcast's side panel): zoom
// steps of 1 in 200 ms, fullscreen of the map box, and the centre button on the selected location (spec 01 §9).
import { useCallback, useEffect, useImperativeHandle, useState, type Ref, type RefObject } from 'react';
import type { MapInstance } from './maplibre.ts';
import { CENTRE_ZOOM, ZOOM_DURATION_MS, ZOOM_STEP } from './map-constants.ts';

/** Imperative controls for pages with their own buttons (Broadcast's side panel). */
export interface WeatherMapHandle {
  zoomIn(): void;
  zoomOut(): void;
  toggleFullscreen(): void;
}

export interface MapControls {
  zoomIn: () => void;
  zoomOut: () => void;
  toggleFullscreen: () => void;
  isFullscreen: boolean;
  /** Flies to the location; undefined without one (no centre button). */
  centreOnLocation: (() => void) | undefined;
}

function isFullscreenOf(el: HTMLElement | null): boolean {
  return Boolean(el && document.fullscreenElement === el);
}

/** The controls of `map`, whose box is `containerRef`; also fills `handleRef`. */
export function useMapControls(
  map: MapInstance | null,
  containerRef: RefObject<HTMLElement | null>,
  location: { latitude: number; longitude: number } | null,
  handleRef: Ref<WeatherMapHandle> | undefined,
): MapControls {
  const [isFullscreen, setIsFullscreen] = useState(false);
  const zoomBy = useCallback(
    (delta: number) => map?.easeTo({ zoom: map.getZoom() + delta, duration: ZOOM_DURATION_MS }),
    [map],
  );
  const toggleFullscreen = useCallback(() => {
    const el = containerRef.current;
    if (!el) return;
    if (isFullscreenOf(el)) void document.exitFullscreen();
    else void el.requestFullscreen?.();
  }, [containerRef]);
  useEffect(() => {
    const onChange = () => {
      setIsFullscreen(isFullscreenOf(containerRef.current));
      map?.resize();
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [map, containerRef]);
  useImperativeHandle(
    handleRef,
    () => ({ zoomIn: () => zoomBy(ZOOM_STEP), zoomOut: () => zoomBy(-ZOOM_STEP), toggleFullscreen }),
    [zoomBy, toggleFullscreen],
  );
  const centreOnLocation = location
    ? () =>
        map?.flyTo({ center: [location.longitude, location.latitude], zoom: CENTRE_ZOOM, essential: true })
    : undefined;
  return {
    zoomIn: () => zoomBy(ZOOM_STEP),
    zoomOut: () => zoomBy(-ZOOM_STEP),
    toggleFullscreen,
    isFullscreen,
    centreOnLocation,
  };
}
