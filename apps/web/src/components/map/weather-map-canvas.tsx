// The map itself (spec 01 §2 'Map', 'Live Radar page'): MapLibre through react-map-gl with the base style of
// /map/style/{name}.json, every overlay, the tools, menus, radar controls and popups. Loaded lazily by
// weather-map.tsx so MapLibre stays out of the first download. This file composes; the state lives in the use-*.ts
// hooks beside it and the parts in weather-map-layers.tsx, weather-map-chrome.tsx and popups/selection-popup.tsx.
import { useRef, type Ref } from 'react';
import Box from '@mui/material/Box';
import { Map, maplibregl, type MapRef } from './maplibre.ts';
import { useMapStore } from './map-store.ts';
import { DALLAS_VIEW, type MapView } from './map-constants.ts';
import { absoluteUrl } from './radar-frames.ts';
import type { MapLocation } from './layers/location-layer.tsx';
import { useMapInstance } from './use-map-instance.ts';
import { useMapViewport } from './use-map-viewport.ts';
import { useMapControls, type WeatherMapHandle } from './use-map-controls.ts';
import { useMapStyleInfo } from './use-map-style-info.ts';
import { useMapOverlays } from './use-map-overlays.ts';
import { useMapSelection } from './use-map-selection.ts';
import { useMeasureTool } from './use-measure-tool.ts';
import { usePopupPlacement } from './use-popup-placement.ts';
import { WeatherMapLayers } from './weather-map-layers.tsx';
import { MapMenuBar, MapToolStack, RadarBar, SimulatedStyleNote } from './weather-map-chrome.tsx';
import { HoverAlertPopup, SelectionPopup } from './popups/selection-popup.tsx';

export type { WeatherMapHandle } from './use-map-controls.ts';

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
  const popupRef = useRef<maplibregl.Popup>(null);
  const topBarRef = useRef<HTMLDivElement>(null);
  const toolStackRef = useRef<HTMLDivElement>(null);
  const bottomBarRef = useRef<HTMLDivElement>(null);
  const baseLayerStyle = useMapStore((s) => s.baseLayerStyle);
  const actionMode = useMapStore((s) => s.actionMode);
  const dispatchPlayback = useMapStore((s) => s.dispatchPlayback);
  const closeMenus = useMapStore((s) => s.closeMenus);

  const { map, setMap, onError } = useMapInstance();
  const viewport = useMapViewport(map, initialView, view);
  const controls = useMapControls(map, containerRef, location, handleRef);
  const style = useMapStyleInfo(map);
  const coveragePoint = location ?? viewport.centre;
  const overlays = useMapOverlays(map, coveragePoint, viewport.strikeView);
  const selection = useMapSelection(actionMode, overlays.on('nwsAlerts'));
  const measure = useMeasureTool(actionMode === 'measure');
  const selected = selection.selection;
  const placement = usePopupPlacement(
    map,
    {
      container: containerRef,
      popup: popupRef,
      topBar: topBarRef,
      toolStack: toolStackRef,
      bottomBar: bottomBarRef,
    },
    selected ? `${selected.kind}:${selected.longitude}:${selected.latitude}` : null,
  );
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
          style.readPlaceLayer(e.target);
          setMap(e.target);
          viewport.readViewport(e.target);
        }}
        onError={onError}
        onMoveStart={(e) => {
          // the pan that brings a popup into view is not the user's: playback goes on
          if (!(e as { popupFit?: boolean } | undefined)?.popupFit)
            dispatchPlayback({ type: 'viewport-changed' });
        }}
        onMoveEnd={(e) => viewport.readViewport(e.target)}
        onClick={(e) => {
          closeMenus();
          if (actionMode === 'measure') measure.clickAt(e);
          else selection.clickAt(e);
        }}
        onMouseMove={selection.hoverAt}
        onMouseOut={selection.clearHover}
      >
        <WeatherMapLayers
          overlays={overlays}
          mapLoaded={map !== null}
          placeLayer={style.placeLayer}
          location={location}
          zoom={viewport.zoom}
          measurePoints={measure.points}
          onLocationSelect={onLocationSelect}
        />
        <SelectionPopup state={selection} popupRef={popupRef} placement={placement} />
        <HoverAlertPopup state={selection} />
      </Map>

      <MapMenuBar ref={topBarRef} roadView={overlays.roadView} />
      {!broadcast && (
        <MapToolStack
          ref={toolStackRef}
          controls={controls}
          measure={actionMode === 'measure' ? measure : null}
        />
      )}
      {style.simulatedLabel && (
        <SimulatedStyleNote label={style.simulatedLabel} aboveRadarBar={overlays.radarShown} />
      )}
      {overlays.radarShown && (
        <RadarBar
          ref={bottomBarRef}
          frameCount={overlays.radar.frames.length}
          coveragePoint={coveragePoint}
          hideMenus={broadcast}
        />
      )}
    </Box>
  );
}
