// The one module that imports maplibre-gl (lint-enforced, STYLE.md 'Lint the boundaries'). Everything map-shaped in
// the app reaches MapLibre and react-map-gl through here, and only from lazily loaded code, so neither lands in the
// first download.
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

// MapLibre finds its worker next to its own module, which a bundle does not keep: point it at the emitted asset
// (same origin, so the CSP needs no blob: workers).
maplibregl.setWorkerUrl(workerUrl);

export { maplibregl };
export { Map, Source, Layer, Marker, Popup, useMap } from 'react-map-gl/maplibre';
export type {
  MapRef,
  MapLayerMouseEvent,
  ViewStateChangeEvent,
  LayerProps,
  StyleSpecification,
} from 'react-map-gl/maplibre';
export type { Map as MapInstance, RequestParameters, ResourceType } from 'maplibre-gl';
