// The map itself (spec 01 §2 'Map', 'Live Radar page'): MapLibre through react-map-gl with the base style of
// /map/style/{name}.json, every overlay, the tools, menus, radar controls and popups. Loaded lazily by
// weather-map.tsx so MapLibre stays out of the first download.
import type * as GeoJSON from 'geojson';
import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { effectiveRadarType } from '@allclear/domain';
import type { TNwsAlertProperties, TStormVectorProperties, TStrikeProperties } from '@allclear/contracts';
import {
  Layer,
  Map,
  Popup,
  maplibregl,
  type MapInstance,
  type MapLayerMouseEvent,
  type MapRef,
} from './maplibre.ts';
import { useMapStore } from './map-store.ts';
import {
  CENTRE_ZOOM,
  DALLAS_VIEW,
  LINE_CLICK_RADIUS_PX,
  VIEWPORT_DEBOUNCE_MS,
  ZOOM_DURATION_MS,
  ZOOM_STEP,
  type MapView,
} from './map-constants.ts';
import { formatMiles, pathMiles, strikeFetchBounds } from './map-geometry.ts';
import { frameIndexForProgress, absoluteUrl } from './radar-frames.ts';
import { useLoopFilled, usePlaybackTimer, useShownFrame } from './use-radar-loop.ts';
import { useRadarFrames } from './api/get-radar-frames.ts';
import { useClusterStrikes, type StrikeViewport } from './api/get-cluster-strikes.ts';
import { useStormVectors } from './api/get-storm-vectors.ts';
import { useNwsAlerts } from './api/get-nws-alerts.ts';
import { useTropicalForecast } from './api/get-tropical-forecast.ts';
import { useProductUrl } from './api/get-product-url.ts';
import { useAlertsByPoint } from './api/get-alerts-by-point.ts';
import { useObservationAtPoint } from './api/get-observation-at-point.ts';
import { useMapLocations } from './api/get-map-locations.ts';
import { RadarLayers } from './layers/radar-layers.tsx';
import { LightningLayer } from './layers/lightning-layer.tsx';
import { StormCellsLayer } from './layers/storm-cells-layer.tsx';
import { NwsAlertsLayer } from './layers/nws-alerts-layer.tsx';
import { TropicalLayer } from './layers/tropical-layer.tsx';
import { ProductLayer } from './layers/product-layer.tsx';
import { LocationLayer, SavedLocationsLayer, type MapLocation } from './layers/location-layer.tsx';
import { MeasureLayer } from './layers/measure-layer.tsx';
import {
  CLICKABLE_LAYERS,
  NWS_ALERT_FILL_LAYER,
  RADAR_ANCHOR_LAYER,
  STORM_CELL_LAYER,
  STRIKE_CLUSTER_LAYER,
  STRIKE_LAYER,
  TROPICAL_POINT_LAYER,
  byClickPriority,
  radarSourceId,
} from './layers/layer-ids.ts';
import { BaseMenu, LayerMenu, LegendMenu, RoadLegendMenu } from './controls/map-menus.tsx';
import { MapToolbar } from './controls/map-toolbar.tsx';
import { RadarControls } from './controls/radar-controls.tsx';
import {
  AlertsPopup,
  NwsAlertTooltip,
  StationPopup,
  StormCellPopup,
  selectionTimeZone,
  StrikePopup,
  TropicalPointPopup,
  type MapSelection,
  type TropicalPointProperties,
} from './popups/map-popups.tsx';
import { exposeMapTestHook } from './map-test-hook.ts';
import { fitPopup, type Box as PixelBox, type PopupAnchor } from './popups/popup-fit.ts';

/** Imperative controls for pages with their own buttons (Broadcast's side panel). */
export interface WeatherMapHandle {
  zoomIn(): void;
  zoomOut(): void;
  toggleFullscreen(): void;
}

export interface WeatherMapProps {
  /** Where the map opens; the Dallas area at zoom 8 unless given (spec 01 §2 'Live Radar page'). */
  initialView?: MapView;
  /** Flown to whenever its centre or zoom changes (recentring on a location, Broadcast's views). */
  view?: MapView | null;
  /** The selected location: marker, rings, centre button and the point the radar coverage rule is judged at. */
  location?: MapLocation | null;
  /** Broadcast: no Options or radar-type menus, no tool stack (its side panel has the buttons). */
  variant?: 'full' | 'broadcast';
  /** Accessible name of the map region. */
  label?: string;
  /** A click on a saved-location marker. */
  onLocationSelect?: (location: MapLocation) => void;
  handleRef?: Ref<WeatherMapHandle>;
}

type StrikeFeatureProps = TStrikeProperties | { cluster: true; ExpansionZoom: number };

function parseNested<T>(props: Record<string, unknown>): T {
  // MapLibre returns nested feature properties as JSON strings.
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(props))
    out[k] = typeof v === 'string' && (v.startsWith('{') || v.startsWith('[')) ? JSON.parse(v) : v;
  return out as T;
}

/**
 * The first layer of the base style that names the map (metadata 'allclear:place', set by our offline styles): the
 * radar goes below it so city and state names stay readable. Undefined for a configured style without it.
 */
function firstPlaceLayer(m: MapInstance): string | undefined {
  return m
    .getStyle()
    ?.layers.find((l) => (l.metadata as Record<string, unknown> | undefined)?.['allclear:place'] === true)
    ?.id;
}

/** Room kept between a popup and the map's edge or a control, px. */
const POPUP_MARGIN_PX = 8;
/** The popup's offset from its point (MapLibre's tip is 10 px more), px. */
const POPUP_OFFSET_PX = 4;
const POPUP_GAP_PX = POPUP_OFFSET_PX + 10;

function isFullscreenOf(el: HTMLElement | null): boolean {
  return Boolean(el && document.fullscreenElement === el);
}

/** The weather map. */
export default function WeatherMapCanvas({
  initialView = DALLAS_VIEW,
  view = null,
  location = null,
  variant = 'full',
  label = 'Weather map',
  onLocationSelect,
  handleRef,
}: WeatherMapProps) {
  const mapRef = useRef<MapRef>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapInstance | null>(null);
  const [zoom, setZoom] = useState(initialView.zoom);
  const [centre, setCentre] = useState({ latitude: initialView.latitude, longitude: initialView.longitude });
  const [strikeView, setStrikeView] = useState<StrikeViewport | null>(null);
  const [fatal, setFatal] = useState<Error | null>(null);
  const [isFullscreen, setIsFullscreen] = useState(false);
  const [selection, setSelection] = useState<MapSelection | null>(null);
  const [hoverAlert, setHoverAlert] = useState<{
    longitude: number;
    latitude: number;
    alert: TNwsAlertProperties;
  } | null>(null);
  const [measurePoints, setMeasurePoints] = useState<[number, number][]>([]);
  const [preferred, setPreferred] = useState(true);
  const [simulatedStyleLabel, setSimulatedStyleLabel] = useState<string | null>(null);
  const [placeLayer, setPlaceLayer] = useState<string | undefined>(undefined);
  const popupRef = useRef<maplibregl.Popup>(null);
  const topBarRef = useRef<HTMLDivElement>(null);
  const toolStackRef = useRef<HTMLDivElement>(null);
  const bottomBarRef = useRef<HTMLDivElement>(null);
  const [popupAnchor, setPopupAnchor] = useState<PopupAnchor>('bottom');
  const [freeBox, setFreeBox] = useState<PixelBox | null>(null);

  const baseLayerStyle = useMapStore((s) => s.baseLayerStyle);
  const overlays = useMapStore((s) => s.overlays);
  const radarStyle = useMapStore((s) => s.radarStyle);
  const opacity = useMapStore((s) => s.opacity);
  const progress = useMapStore((s) => s.progress);
  const actionMode = useMapStore((s) => s.actionMode);
  const showAllLocations = useMapStore((s) => s.showAllLocations);
  const observationClearedAt = useMapStore((s) => s.observationClearedAt);
  const dispatchPlayback = useMapStore((s) => s.dispatchPlayback);
  const setCurrentTime = useMapStore((s) => s.setCurrentTime);
  const closeMenus = useMapStore((s) => s.closeMenus);

  if (fatal) throw fatal;

  const on = (o: (typeof overlays)[number]) => overlays.includes(o);
  const roadView = on('roadConditions');
  const radarShown = on('radar') || roadView;
  const coveragePoint = location ?? centre;
  const radarType = effectiveRadarType(radarStyle, coveragePoint.latitude, coveragePoint.longitude, roadView);

  // ── data ──
  const frames = useRadarFrames(radarType, radarShown);
  const frameList = useMemo(() => (radarShown ? (frames.data?.frames ?? []) : []), [radarShown, frames.data]);
  const frameType = frames.data?.type ?? radarType;
  const sourceIds = useMemo(
    () => frameList.map((f) => radarSourceId(frameType, f.time)),
    [frameList, frameType],
  );
  const wanted = frameIndexForProgress(progress, frameList.length);
  const shownIndex = useShownFrame(map, sourceIds, wanted);
  const loopFilled = useLoopFilled(map, sourceIds, wanted);
  usePlaybackTimer(frameList.length);
  useEffect(() => {
    setCurrentTime(frameList[shownIndex]?.time ?? null);
  }, [frameList, shownIndex, setCurrentTime]);

  const strikes = useClusterStrikes(strikeView, on('lightning'));
  const storms = useStormVectors(on('stormCells'));
  const alerts = useNwsAlerts(on('nwsAlerts'));
  const tropical = useTropicalForecast(on('tropicalForecast'));
  const surface = useProductUrl('surface-analysis', on('surfaceAnalysis'));
  const spaghetti = useProductUrl('tropical-spaghetti-plot-us', on('tropicalModels'));
  const roads = useProductUrl('road-condition', roadView);
  const savedLocations = useMapLocations();
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
  useEffect(() => {
    if (actionMode !== 'measure') setMeasurePoints([]);
  }, [actionMode]);

  // ── viewport ──
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

  // ── imperative controls ──
  const zoomBy = useCallback(
    (delta: number) => map?.easeTo({ zoom: map.getZoom() + delta, duration: ZOOM_DURATION_MS }),
    [map],
  );
  const toggleFullscreen = useCallback(() => {
    const el = containerRef.current;
    if (!el) return;
    if (isFullscreenOf(el)) void document.exitFullscreen();
    else void el.requestFullscreen?.();
  }, []);
  useEffect(() => {
    const onChange = () => {
      setIsFullscreen(isFullscreenOf(containerRef.current));
      map?.resize();
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [map]);
  useImperativeHandle(
    handleRef,
    () => ({ zoomIn: () => zoomBy(ZOOM_STEP), zoomOut: () => zoomBy(-ZOOM_STEP), toggleFullscreen }),
    [zoomBy, toggleFullscreen],
  );
  const centreOnLocation = location
    ? () =>
        map?.flyTo({ center: [location.longitude, location.latitude], zoom: CENTRE_ZOOM, essential: true })
    : undefined;

  useEffect(() => {
    if (!map) return undefined;
    return exposeMapTestHook(map);
  }, [map]);

  // The offline 'Satellite' style is the simulator's imagery: say so on the map (style metadata, map README). A new
  // style may also place its names differently.
  useEffect(() => {
    if (!map) return undefined;
    const read = () => {
      const meta = (map.getStyle()?.metadata ?? {}) as Record<string, unknown>;
      setSimulatedStyleLabel(
        meta['allclear:simulated'] === true ? String(meta['allclear:label'] ?? 'Simulated') : null,
      );
      setPlaceLayer(firstPlaceLayer(map));
    };
    read();
    map.on('style.load', read);
    return () => {
      map.off('style.load', read);
    };
  }, [map]);

  // ── clicks ──
  const queryAt = (m: MapInstance, x: number, y: number, layers: readonly string[]) => {
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
  };

  const onClick = (e: MapLayerMouseEvent) => {
    const m = e.target;
    closeMenus();
    const { lng, lat } = e.lngLat;
    if (actionMode === 'measure') {
      // A click within the line click radius of a vertex removes it; elsewhere it adds one.
      const hit = measurePoints.findIndex((p) => {
        const px = m.project(p);
        return Math.hypot(px.x - e.point.x, px.y - e.point.y) <= LINE_CLICK_RADIUS_PX;
      });
      setMeasurePoints((pts) => (hit >= 0 ? pts.filter((_, i) => i !== hit) : [...pts, [lng, lat]]));
      return;
    }
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
        const p = props as StrikeFeatureProps & { ExpansionZoom: number };
        m.easeTo({ center: [fLng, fLat], zoom: p.ExpansionZoom, duration: ZOOM_DURATION_MS });
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
          warnings: on('nwsAlerts') ? warningsHere : [],
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
    if (on('nwsAlerts')) {
      openAlertsAt(lng, lat);
      return;
    }
    setSelection(null);
  };

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

  // ── popup placement ──
  // The popup stays inside the part of the map no control covers: an anchor that fits there, else the map pans
  // so it does; a popup taller than that part scrolls.
  const selectionKey = selection ? `${selection.kind}:${selection.longitude}:${selection.latitude}` : null;
  useEffect(() => {
    const popupEl = popupRef.current?.getElement();
    const container = containerRef.current;
    if (!map || !selectionKey || !popupEl || !container) return undefined;
    const content = popupEl.querySelector<HTMLElement>('.maplibregl-popup-content') ?? popupEl;
    const fit = () => {
      const c = container.getBoundingClientRect();
      const rel = (el: HTMLElement | null) => el?.getBoundingClientRect();
      const top = rel(topBarRef.current);
      const tools = rel(toolStackRef.current);
      const bottom = rel(bottomBarRef.current);
      const free: PixelBox = {
        left: POPUP_MARGIN_PX,
        top: (top && top.height > 0 ? top.bottom - c.top : 0) + POPUP_MARGIN_PX,
        right: (tools && tools.width > 0 ? tools.left - c.left : c.width) - POPUP_MARGIN_PX,
        bottom: (bottom && bottom.height > 0 ? bottom.top - c.top : c.height) - POPUP_MARGIN_PX,
      };
      setFreeBox((prev) =>
        prev && (Object.keys(free) as (keyof PixelBox)[]).every((k) => prev[k] === free[k]) ? prev : free,
      );
      const lngLat = popupRef.current?.getLngLat();
      if (!lngLat) return;
      const point = map.project(lngLat);
      const placed = fitPopup(
        point,
        { width: content.offsetWidth, height: content.offsetHeight },
        free,
        POPUP_GAP_PX,
      );
      setPopupAnchor(placed.anchor);
      if (placed.pan[0] !== 0 || placed.pan[1] !== 0)
        map.panBy(placed.pan, { duration: 0 }, { popupFit: true });
    };
    fit();
    const observer = new ResizeObserver(() => fit());
    observer.observe(content);
    observer.observe(container);
    return () => observer.disconnect();
  }, [map, selectionKey]);

  const onMouseMove = (e: MapLayerMouseEvent) => {
    if (!on('nwsAlerts')) return;
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

  const measureMiles = pathMiles(measurePoints);
  const locationsToMark = showAllLocations ? (savedLocations.data ?? []) : [];
  const broadcast = variant === 'broadcast';

  return (
    <Box
      ref={containerRef}
      role="region"
      aria-label={label}
      data-testid="weather-map"
      data-map-box=""
      sx={{
        position: 'relative',
        width: '100%',
        height: '100%',
        minHeight: 320,
        bgcolor: 'grey.900',
        // popups over the controls (zIndex 2), which placement keeps them clear of
        '& .allclear-map-popup': { zIndex: 3 },
      }}
    >
      <Map
        ref={mapRef}
        mapLib={maplibregl}
        initialViewState={{ ...initialView }}
        mapStyle={absoluteUrl(`/map/style/${baseLayerStyle}.json`)}
        style={{ position: 'absolute', inset: 0 }}
        keyboard={!broadcast}
        attributionControl={false}
        cursor={actionMode === 'none' ? undefined : 'crosshair'}
        onLoad={(e) => {
          // In the same render as the map, so the radar anchor is below the names before any frame is added.
          setPlaceLayer(firstPlaceLayer(e.target));
          setMap(e.target);
          readViewport(e.target);
        }}
        onError={(e) => {
          // Only a map whose style never loaded is lost; a failed tile or image (an error naming its source) is
          // left to the next refetch.
          // A map already removed (the page unmounted while a request failed) has no target: nothing to report.
          const fromSource = Boolean((e as { sourceId?: string }).sourceId);
          const target = e.target as MapInstance | null;
          if (!map && !fromSource && target && !target.isStyleLoaded())
            setFatal(e.error instanceof Error ? e.error : new Error(String(e.error)));
        }}
        onMoveStart={(e) => {
          // the pan that brings a popup into view is not the user's: playback goes on
          if (!(e as { popupFit?: boolean } | undefined)?.popupFit)
            dispatchPlayback({ type: 'viewport-changed' });
        }}
        onMoveEnd={(e) => readViewport(e.target)}
        onClick={onClick}
        onMouseMove={onMouseMove}
        onMouseOut={() => setHoverAlert(null)}
      >
        <Layer
          id={RADAR_ANCHOR_LAYER}
          type="background"
          beforeId={placeLayer}
          paint={{ 'background-opacity': 0 }}
        />
        {map && radarShown && (
          <RadarLayers
            type={frameType}
            frames={frameList}
            shownIndex={shownIndex}
            wantedIndex={wanted}
            filled={loopFilled}
            opacity={opacity}
          />
        )}
        {on('tropicalModels') && spaghetti.data && (
          <ProductLayer product={spaghetti.data.product} url={spaghetti.data.url} />
        )}
        {on('surfaceAnalysis') && surface.data && (
          <ProductLayer product={surface.data.product} url={surface.data.url} />
        )}
        {roadView && roads.data && <ProductLayer product={roads.data.product} url={roads.data.url} />}
        {on('nwsAlerts') && alerts.data && <NwsAlertsLayer data={alerts.data} />}
        {on('tropicalForecast') && tropical.data && <TropicalLayer items={tropical.data} />}
        {on('stormCells') && storms.data && <StormCellsLayer data={storms.data} />}
        {location && <LocationLayer location={location} zoom={zoom} />}
        {on('lightning') && strikes.data && <LightningLayer data={strikes.data} />}
        {locationsToMark.length > 0 && (
          <SavedLocationsLayer locations={locationsToMark} onSelect={onLocationSelect} />
        )}
        {measurePoints.length > 0 && <MeasureLayer points={measurePoints} />}
        {selection && (
          <Popup
            ref={popupRef}
            longitude={selection.longitude}
            latitude={selection.latitude}
            onClose={() => setSelection(null)}
            closeOnClick={false}
            anchor={popupAnchor}
            offset={POPUP_OFFSET_PX}
            className="allclear-map-popup"
            maxWidth={freeBox ? `${Math.max(200, Math.min(320, freeBox.right - freeBox.left))}px` : '320px'}
          >
            <Box
              sx={{
                maxHeight: freeBox
                  ? Math.max(120, freeBox.bottom - freeBox.top - POPUP_GAP_PX - 24)
                  : undefined,
                overflowY: 'auto',
              }}
            >
              {selection.kind === 'strike' && (
                <StrikePopup strike={selection.strike} timeZone={selectionTimeZone(selection)} />
              )}
              {selection.kind === 'storm-cell' && (
                <StormCellPopup
                  cell={selection.cell}
                  warnings={selection.warnings}
                  onShowWarnings={() => openAlertsAt(selection.longitude, selection.latitude)}
                  timeZone={selectionTimeZone(selection)}
                />
              )}
              {selection.kind === 'tropical-point' && (
                <TropicalPointPopup point={selection.point} timeZone={selectionTimeZone(selection)} />
              )}
              {selection.kind === 'alerts' && (
                <AlertsPopup alerts={selection.alerts} timeZone={selectionTimeZone(selection)} />
              )}
              {selection.kind === 'observation' && (
                <StationPopup
                  preferred={preferred}
                  onPreferredChange={setPreferred}
                  observation={observation.data}
                  isLoading={observation.isPending}
                  isError={observation.isError}
                  timeZone={selectionTimeZone(selection)}
                />
              )}
            </Box>
          </Popup>
        )}
        {hoverAlert && !selection && (
          <Popup
            longitude={hoverAlert.longitude}
            latitude={hoverAlert.latitude}
            closeButton={false}
            className="allclear-map-popup"
            offset={12}
          >
            <NwsAlertTooltip alert={hoverAlert.alert} />
          </Popup>
        )}
      </Map>

      <Box
        ref={topBarRef}
        sx={{
          position: 'absolute',
          top: 8,
          left: 8,
          display: 'flex',
          gap: 1,
          flexWrap: 'wrap',
          zIndex: 2,
          maxWidth: 'calc(100% - 64px)',
        }}
      >
        <LayerMenu />
        <BaseMenu />
        <LegendMenu />
        {roadView && <RoadLegendMenu />}
      </Box>

      {!broadcast && (
        <Box
          ref={toolStackRef}
          sx={{
            position: 'absolute',
            top: 8,
            right: 8,
            zIndex: 2,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'flex-end',
            gap: 1,
          }}
        >
          <MapToolbar
            onZoomIn={() => zoomBy(ZOOM_STEP)}
            onZoomOut={() => zoomBy(-ZOOM_STEP)}
            onToggleFullscreen={toggleFullscreen}
            isFullscreen={isFullscreen}
            onCentre={centreOnLocation}
          />
          {actionMode === 'measure' && (
            <Paper elevation={4} sx={{ px: 1.5, py: 0.5 }} role="status" aria-label="Measured distance">
              <Typography variant="body2">
                {measurePoints.length < 2 ? 'Click the map to measure' : formatMiles(measureMiles)}
              </Typography>
            </Paper>
          )}
        </Box>
      )}

      {simulatedStyleLabel && (
        <Paper
          elevation={2}
          sx={{
            position: 'absolute',
            left: 8,
            bottom: radarShown ? 72 : 8,
            zIndex: 2,
            px: 1,
            py: 0.25,
            opacity: 0.9,
          }}
        >
          <Typography variant="caption">{simulatedStyleLabel}</Typography>
        </Paper>
      )}

      {radarShown && (
        <Box ref={bottomBarRef} sx={{ position: 'absolute', left: 8, right: 8, bottom: 8, zIndex: 2 }}>
          <RadarControls frameCount={frameList.length} coveragePoint={coveragePoint} hideMenus={broadcast} />
        </Box>
      )}
    </Box>
  );
}
