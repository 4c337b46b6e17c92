// A stand-in for ./maplibre.ts in jsdom, which has no WebGL: the map is a plain element that renders its children
// and reports a loaded map at a fixed viewport, so the controls, menus, popups, data calls and playback wiring
// around it run for real. Tests reach the latest map props (to send clicks) through fakeMapControl.
import { useEffect, type ReactNode } from 'react';

export const maplibregl = {};

interface FakeMapProps {
  children?: ReactNode;
  onLoad?: (e: { target: FakeMapInstance }) => void;
  onClick?: (e: unknown) => void;
  [key: string]: unknown;
}

/** The viewport the fake map reports: the Dallas area. */
export const FAKE_BOUNDS = { west: -97.5, south: 32.5, east: -96.1, north: 33.06 };

type Listener = (e: Record<string, unknown>) => void;
const listeners = new globalThis.Map<string, Set<Listener>>();

/** Sends a map event (e.g. 'sourcedata') to the handlers the component registered with map.on. */
export function fireMapEvent(type: string, e: Record<string, unknown>): void {
  for (const fn of listeners.get(type) ?? []) fn(e);
}

export const fakeMap = {
  getBounds: () => ({
    getWest: () => FAKE_BOUNDS.west,
    getSouth: () => FAKE_BOUNDS.south,
    getEast: () => FAKE_BOUNDS.east,
    getNorth: () => FAKE_BOUNDS.north,
  }),
  getCenter: () => ({ lat: 32.78, lng: -96.8 }),
  getZoom: () => 8,
  getSource: () => ({}),
  getLayer: () => undefined,
  isSourceLoaded: () => true,
  queryRenderedFeatures: () => [],
  project: ([lng, lat]: [number, number]) => ({ x: lng * 100, y: lat * 100 }),
  flyTo: () => undefined,
  easeTo: () => undefined,
  fitBounds: () => undefined,
  resize: () => undefined,
  loaded: () => true,
  getStyle: () => ({ layers: [], metadata: {} }),
  on: (type: string, fn: Listener) => {
    if (!listeners.has(type)) listeners.set(type, new Set());
    listeners.get(type)!.add(fn);
  },
  off: (type: string, fn: Listener) => {
    listeners.get(type)?.delete(fn);
  },
};
export type FakeMapInstance = typeof fakeMap;

export const fakeMapControl: {
  crash: boolean;
  props: FakeMapProps | null;
  /** The latest data each Source was given, by source id. */
  sources: Record<string, unknown>;
  /** The latest props of the draggable marker (the position picker's pin), to send drags. */
  draggableMarker: FakeMarkerProps | null;
} = { crash: false, props: null, sources: {}, draggableMarker: null };

export function Map(props: FakeMapProps) {
  if (fakeMapControl.crash) throw new Error('WebGL is not available');
  const { onLoad } = props;
  // Tests send clicks and moves through the latest props.
  useEffect(() => {
    fakeMapControl.props = props;
  });
  useEffect(() => {
    onLoad?.({ target: fakeMap });
    // Load fires once, as MapLibre's does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <div data-testid="map-canvas">{props.children}</div>;
}

/** A source is an empty marker element (tests count which sources are mounted) around its layers; its latest data
 * is kept in fakeMapControl.sources. */
export function Source({ id, data, children }: { id?: string; data?: unknown; children?: ReactNode }) {
  useEffect(() => {
    if (id !== undefined) fakeMapControl.sources[id] = data;
  });
  return (
    <div data-map-source={id} hidden>
      {children}
    </div>
  );
}

export function Layer() {
  return null;
}

interface FakeMarkerProps {
  longitude: number;
  latitude: number;
  draggable?: boolean;
  onDrag?: (e: { lngLat: { lng: number; lat: number } }) => void;
  onDragEnd?: (e: { lngLat: { lng: number; lat: number } }) => void;
  children?: ReactNode;
}

/** A marker at its position (data-longitude / data-latitude, so tests can read where it is). */
export function Marker(props: FakeMarkerProps) {
  useEffect(() => {
    if (props.draggable) fakeMapControl.draggableMarker = props;
  });
  return (
    <div data-longitude={props.longitude} data-latitude={props.latitude}>
      {props.children}
    </div>
  );
}

export function Popup({ children }: { children?: ReactNode }) {
  return <div role="dialog">{children}</div>;
}

export function useMap() {
  return {};
}
