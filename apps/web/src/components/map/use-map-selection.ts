// What a click on the weather map selected, and the NWS alert under the pointer (spec 01 §2 'Map' popups, §4 'Map
// action modes'): the most specific feature under a click wins whatever the drawing order, a strike cluster zooms
// in, observation mode asks for the station at a click on no feature, and with NWS Alerts on a click elsewhere
// asks which alerts cover the point.
import type * as GeoJSON from 'geojson';
import { useEffect, useState } from 'react';
import type { TNwsAlertProperties, TStormVectorProperties, TStrikeProperties } from '@allclear/contracts';
import type { MapActionMode } from '@allclear/domain';
import type { MapInstance, MapLayerMouseEvent } from './maplibre.ts';
import { useMapStore } from './map-store.ts';
import { LINE_CLICK_RADIUS_PX, ZOOM_DURATION_MS } from './map-constants.ts';
import {
  CLICKABLE_LAYERS,
  NWS_ALERT_FILL_LAYER,
  STORM_CELL_LAYER,
  STRIKE_CLUSTER_LAYER,
  STRIKE_LAYER,
  TROPICAL_POINT_LAYER,
  byClickPriority,
} from './layers/layer-ids.ts';
import type { MapSelection, TropicalPointProperties } from './popups/map-popups.tsx';
import { useAlertsByPoint } from './api/get-alerts-by-point.ts';
import { useObservationAtPoint } from './api/get-observation-at-point.ts';

/** The part of a map mouse event the handlers read. */
export type MapPointerEvent = Pick<MapLayerMouseEvent, 'target' | 'point' | 'lngLat'>;

/** An NWS alert polygon under the pointer, shown as a tooltip. */
export interface HoverAlert {
  longitude: number;
  latitude: number;
  alert: TNwsAlertProperties;
}

function parseNested<T>(props: Record<string, unknown>): T {
  // MapLibre returns nested feature properties as JSON strings.
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(props))
    out[k] = typeof v === 'string' && (v.startsWith('{') || v.startsWith('[')) ? JSON.parse(v) : v;
  return out as T;
}

/** Rendered features of `layers` within the line click radius of (x, y); layers not in the style are skipped. */
function queryAt(m: MapInstance, x: number, y: number, layers: readonly string[]) {
  const present = layers.filter((id) => m.getLayer(id));
  if (!present.length) return [];
  const r = LINE_CLICK_RADIUS_PX;
  return m.queryRenderedFeatures(
    [
      [x - r, y - r],
      [x + r, y + r],
    ],
    { layers: present },
  );
}

/** The selection and hover state of the map; `nwsAlertsOn` says whether the NWS Alerts overlay is on. */
export function useMapSelection(actionMode: MapActionMode, nwsAlertsOn: boolean) {
  const observationClearedAt = useMapStore((s) => s.observationClearedAt);
  const [selection, setSelection] = useState<MapSelection | null>(null);
  const [hoverAlert, setHoverAlert] = useState<HoverAlert | null>(null);
  const [preferred, setPreferred] = useState(true);
  const alertsAtPoint = useAlertsByPoint();

  const observationPoint =
    selection?.kind === 'observation'
      ? { latitude: selection.latitude, longitude: selection.longitude, preferred }
      : null;
  const observation = useObservationAtPoint(observationPoint);

  // Leaving observation mode clears the clicked observation (spec 01 §4 'Map action modes').
  useEffect(() => {
    if (observationClearedAt > 0) setSelection((s) => (s?.kind === 'observation' ? null : s));
  }, [observationClearedAt]);

  /** The weather-alerts popup at a point, filled by the Alerts/ByPoint call. */
  const openAlertsAt = (lng: number, lat: number) => {
    setSelection({ kind: 'alerts', longitude: lng, latitude: lat, alerts: null });
    alertsAtPoint.mutate(
      { latitude: lat, longitude: lng },
      {
        onSuccess: (res) =>
          setSelection((s) =>
            s?.kind === 'alerts' && s.latitude === lat && s.longitude === lng
              ? { ...s, alerts: res.features.map((f) => f.properties) }
              : s,
          ),
        onError: () => setSelection((s) => (s?.kind === 'alerts' ? { ...s, alerts: [] } : s)),
      },
    );
  };

  /** A click outside measure mode. */
  const clickAt = (e: MapPointerEvent) => {
    const m = e.target;
    const { lng, lat } = e.lngLat;
    // The most specific feature wins whatever the drawing order (a storm cell over the warning polygon it sits
    // in); the polygons under the click stay on offer from the cell's popup.
    const hits = byClickPriority(queryAt(m, e.point.x, e.point.y, CLICKABLE_LAYERS));
    const [feature] = hits;
    const warningsHere = hits
      .filter((f) => f.layer.id === NWS_ALERT_FILL_LAYER)
      .map((f) => f.properties as unknown as TNwsAlertProperties);
    if (actionMode === 'observation' && !feature) {
      setSelection({ kind: 'observation', longitude: lng, latitude: lat });
      return;
    }
    if (feature) {
      const coordinates = (feature.geometry as GeoJSON.Point).coordinates;
      const [fLng, fLat] = feature.geometry.type === 'Point' ? (coordinates as [number, number]) : [lng, lat];
      const props = feature.properties as Record<string, unknown>;
      if (feature.layer.id === STRIKE_CLUSTER_LAYER) {
        const { ExpansionZoom } = props as { ExpansionZoom: number };
        m.easeTo({ center: [fLng, fLat], zoom: ExpansionZoom, duration: ZOOM_DURATION_MS });
        return;
      }
      if (feature.layer.id === STRIKE_LAYER) {
        setSelection({
          kind: 'strike',
          longitude: fLng,
          latitude: fLat,
          strike: props as unknown as TStrikeProperties,
        });
        return;
      }
      if (feature.layer.id === STORM_CELL_LAYER) {
        setSelection({
          kind: 'storm-cell',
          longitude: fLng,
          latitude: fLat,
          cell: parseNested<TStormVectorProperties>(props),
          warnings: nwsAlertsOn ? warningsHere : [],
        });
        return;
      }
      if (feature.layer.id === TROPICAL_POINT_LAYER) {
        setSelection({
          kind: 'tropical-point',
          longitude: fLng,
          latitude: fLat,
          point: props as unknown as TropicalPointProperties,
        });
        return;
      }
    }
    if (nwsAlertsOn) {
      openAlertsAt(lng, lat);
      return;
    }
    setSelection(null);
  };

  const hoverAt = (e: MapPointerEvent) => {
    if (!nwsAlertsOn) return;
    const [feature] = queryAt(e.target, e.point.x, e.point.y, [NWS_ALERT_FILL_LAYER]);
    setHoverAlert(
      feature
        ? {
            longitude: e.lngLat.lng,
            latitude: e.lngLat.lat,
            alert: feature.properties as unknown as TNwsAlertProperties,
          }
        : null,
    );
  };

  return {
    selection,
    close: () => setSelection(null),
    hoverAlert,
    clearHover: () => setHoverAlert(null),
    clickAt,
    hoverAt,
    openAlertsAt,
    /** The station popup's METAR / Preferred choice. */
    preferred,
    setPreferred,
    observation,
  };
}

export type MapSelectionState = ReturnType<typeof useMapSelection>;
