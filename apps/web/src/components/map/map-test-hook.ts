// A test hook for browser journeys: `window.__allclearMap`, set only in the dev server or when the page opted in
// before loading (`window.__ALLCLEAR_TEST_HOOKS__ = true`, which Playwright sets with addInitScript). It exposes
// the map instance, the map store and a per-frame radar check; nothing a user's DevTools could not already reach.
import type { MapInstance } from './maplibre.ts';
import { useMapStore } from './map-store.ts';

export interface RadarFrameSample {
  /** Radar frame layers in the style. */
  frameLayers: number;
  /** Frame index (oldest = 0) of the layer drawn with opacity > 0, −1 when none. */
  visibleFrame: number;
  /** True when that layer's source has loaded at least one tile and has all its tiles for the viewport loaded. */
  visibleLoaded: boolean;
}

export interface MapTestHook {
  map: MapInstance;
  store: typeof useMapStore;
  /** What the radar shows this instant. */
  radarSample(): RadarFrameSample;
}

declare global {
  interface Window {
    __ALLCLEAR_TEST_HOOKS__?: boolean;
    __allclearMap?: MapTestHook;
    /** The location form's position map (position-map-canvas.tsx), under the same rule. */
    __allclearPositionMap?: MapInstance;
  }
}

/**
 * The radar frame on screen: the radar layer with opacity above 0, and whether its images are loaded. A source just
 * added has asked for no tile yet and already counts as loaded in MapLibre, so a frame counts as loaded only once
 * a tile of its source has arrived (`tiled`, the sources that have had one).
 */
export function radarSample(map: MapInstance, tiled: ReadonlySet<string> = new Set()): RadarFrameSample {
  const layers = map
    .getStyle()
    .layers.filter((l) => l.type === 'raster' && l.id.startsWith('allclear-radar-'));
  const visible = layers.find((l) => Number(map.getPaintProperty(l.id, 'raster-opacity') ?? 1) > 0);
  const meta = (visible?.metadata ?? {}) as Record<string, unknown>;
  const source = visible && 'source' in visible ? visible.source : undefined;
  return {
    frameLayers: layers.length,
    visibleFrame: typeof meta['allclear:radar-frame'] === 'number' ? meta['allclear:radar-frame'] : -1,
    visibleLoaded: Boolean(source && tiled.has(source) && map.isSourceLoaded(source)),
  };
}

/** Installs the hook when allowed; returns its removal. */
export function exposeMapTestHook(map: MapInstance): () => void {
  if (!import.meta.env.DEV && window.__ALLCLEAR_TEST_HOOKS__ !== true) return () => {};
  const tiled = new Set<string>();
  const onData = (e: { sourceId?: string; tile?: unknown }) => {
    if (e.sourceId && e.tile) tiled.add(e.sourceId);
  };
  map.on('sourcedata', onData);
  window.__allclearMap = { map, store: useMapStore, radarSample: () => radarSample(map, tiled) };
  return () => {
    map.off('sourcedata', onData);
    if (window.__allclearMap?.map === map) delete window.__allclearMap;
  };
}

/** Installs `window.__allclearPositionMap` (the location form's map) when allowed; returns its removal. */
export function exposePositionMapTestHook(map: MapInstance): () => void {
  if (!import.meta.env.DEV && window.__ALLCLEAR_TEST_HOOKS__ !== true) return () => {};
  window.__allclearPositionMap = map;
  return () => {
    if (window.__allclearPositionMap === map) delete window.__allclearPositionMap;
  };
}
