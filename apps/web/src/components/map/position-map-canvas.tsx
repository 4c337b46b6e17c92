// The map of the location form's 'map position pick' (spec 01 §2 'Add Location / Edit Location modal'): the base map
// of the other maps with their base-map menu (Dark, Light, Satellite), a pin to click or drag, and the zone rings of
// the form's radii drawn as they change, each labelled with its distance. Loaded lazily by position-map.tsx so
// MapLibre stays out of the first download.
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Place from '@mui/icons-material/Place';
import Remove from '@mui/icons-material/Remove';
import type { GeoPoint } from '@allclear/domain';
import { Layer, Map, Marker, Source, maplibregl, type MapInstance } from './maplibre.ts';
import { useMapStore } from './map-store.ts';
import { absoluteUrl } from './radar-frames.ts';
import { circleBounds, radiusRingsGeoJson, ringLabels } from './map-geometry.ts';
import { ZOOM_DURATION_MS, ZOOM_STEP } from './map-constants.ts';
import { BaseMenu } from './controls/map-menus.tsx';
import { exposePositionMapTestHook } from './map-test-hook.ts';

/** Source id of the picker's rings. */
export const POSITION_RINGS_SOURCE = 'allclear-position-rings';
/** Margin round the outermost ring when the map fits it, px. */
const FIT_PADDING_PX = 28;
/** The closest a fit zooms in (a small ring on a big screen). */
const FIT_MAX_ZOOM = 12;
/** Radius fitted when every zone is off, miles. */
const FALLBACK_FIT_MILES = 10;
/** Length of the recentring flight, ms. */
const FIT_DURATION_MS = 600;

export interface PositionMapProps {
  /** Where the pin is. */
  position: GeoPoint;
  /** Zone radii 1 to 4 in miles (0 or null: off). */
  radii: readonly (number | null)[];
  /** Where the map centres, fitting the outermost ring; it moves whenever these numbers change. */
  focus: GeoPoint;
  /** No click or drag (edit mode: the position cannot change, spec 01 §5 'Location fields'). */
  disabled?: boolean;
  /** The pin is placed by a click or dragged: called during a drag too (`done` false) and at its end (`done` true). */
  onPick?: (position: GeoPoint, done: boolean) => void;
  /** Accessible name of the map region. */
  label?: string;
  /** Id of an element describing how to use the map (aria-describedby). */
  describedBy?: string;
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
const wrapLongitude = (v: number) => ((((v + 180) % 360) + 360) % 360) - 180;
const pointOf = (lngLat: { lng: number; lat: number }): GeoPoint => ({
  latitude: round6(Math.max(-90, Math.min(90, lngLat.lat))),
  longitude: round6(wrapLongitude(lngLat.lng)),
});
const outerRadius = (radii: readonly (number | null)[]) =>
  Math.max(0, ...radii.map((r) => r ?? 0)) || FALLBACK_FIT_MILES;

/** The position picker's map. */
export default function PositionMapCanvas({
  position,
  radii,
  focus,
  disabled = false,
  onPick,
  label = 'Map position',
  describedBy,
}: PositionMapProps) {
  const [map, setMap] = useState<MapInstance | null>(null);
  const baseLayerStyle = useMapStore((s) => s.baseLayerStyle);
  const closeMenus = useMapStore((s) => s.closeMenus);
  const menuOpen = useMapStore((s) => s.openMenu !== null);

  const rings = useMemo(() => radiusRingsGeoJson(position, radii), [position, radii]);
  const labels = useMemo(() => ringLabels(position, radii), [position, radii]);

  // The map opens on the focus with every ring in view; the sliders do not move it afterwards (only a new focus does).
  const [initialView] = useState(() => ({
    bounds: circleBounds(focus, outerRadius(radii)),
    fitBoundsOptions: { padding: FIT_PADDING_PX, maxZoom: FIT_MAX_ZOOM },
  }));
  const fitFocus = useEffectEvent((m: MapInstance, latitude: number, longitude: number) => {
    m.fitBounds(circleBounds({ latitude, longitude }, outerRadius(radii)), {
      padding: FIT_PADDING_PX,
      maxZoom: FIT_MAX_ZOOM,
      duration: FIT_DURATION_MS,
    });
  });
  const [focusLat, focusLng] = [focus.latitude, focus.longitude];
  const fitted = useRef<GeoPoint>({ latitude: focusLat, longitude: focusLng });
  useEffect(() => {
    if (!map) return;
    if (fitted.current.latitude === focusLat && fitted.current.longitude === focusLng) return;
    fitted.current = { latitude: focusLat, longitude: focusLng };
    fitFocus(map, focusLat, focusLng);
  }, [map, focusLat, focusLng]);

  // A ring grown past the edge of the view brings the map out round the pin, so the rings stay in sight as the
  // sliders move; a smaller ring, or a pin placed on the map, leaves the view alone.
  const outer = outerRadius(radii);
  const keepRingsInView = useEffectEvent((m: MapInstance, radius: number) => {
    const [[west, south], [east, north]] = circleBounds(position, radius);
    const view = m.getBounds();
    const inside =
      west >= view.getWest() &&
      east <= view.getEast() &&
      south >= view.getSouth() &&
      north <= view.getNorth();
    if (inside) return;
    m.fitBounds(circleBounds(position, radius), {
      padding: FIT_PADDING_PX,
      maxZoom: FIT_MAX_ZOOM,
      duration: ZOOM_DURATION_MS,
    });
  });
  useEffect(() => {
    if (map) keepRingsInView(map, outer);
  }, [map, outer]);

  useEffect(() => (map ? exposePositionMapTestHook(map) : undefined), [map]);

  // The offline 'Satellite' style is the simulator's imagery: say so on the map, as the weather map does.
  const [simulatedLabel, setSimulatedLabel] = useState<string | null>(null);
  useEffect(() => {
    if (!map) return undefined;
    const read = () => {
      const meta = (map.getStyle()?.metadata ?? {}) as Record<string, unknown>;
      setSimulatedLabel(
        meta['allclear:simulated'] === true ? String(meta['allclear:label'] ?? 'Simulated') : null,
      );
    };
    read();
    map.on('style.load', read);
    return () => {
      map.off('style.load', read);
    };
  }, [map]);

  // The base-map menu is the other maps' (one store): leave it closed for them when the form goes.
  useEffect(() => () => closeMenus(), [closeMenus]);

  const zoomBy = (delta: number) => map?.easeTo({ zoom: map.getZoom() + delta, duration: ZOOM_DURATION_MS });

  return (
    <Box
      role="region"
      aria-label={label}
      aria-describedby={describedBy}
      data-testid="position-map"
      sx={{ position: 'relative', width: '100%', height: '100%', bgcolor: 'grey.900' }}
    >
      <Map
        mapLib={maplibregl}
        initialViewState={initialView}
        mapStyle={absoluteUrl(`/map/style/${baseLayerStyle}.json`)}
        style={{ position: 'absolute', inset: 0 }}
        attributionControl={false}
        // In a scrolling form: one finger (or the wheel) scrolls the form, two fingers (or Ctrl + wheel) move the map.
        cooperativeGestures
        dragRotate={false}
        touchPitch={false}
        cursor={disabled ? undefined : 'crosshair'}
        onLoad={(e) => setMap(e.target)}
        onClick={(e) => {
          // a click beside an open menu closes it, without moving the pin
          if (menuOpen) closeMenus();
          else if (!disabled) onPick?.(pointOf(e.lngLat), true);
        }}
      >
        <Source id={POSITION_RINGS_SOURCE} type="geojson" data={rings}>
          <Layer
            id="allclear-position-rings-line"
            type="line"
            filter={['==', ['geometry-type'], 'LineString']}
            paint={{ 'line-color': ['get', 'colour'], 'line-width': 2.5 }}
          />
        </Source>
        {labels.map((l) => (
          <Marker
            key={l.zone}
            longitude={l.longitude}
            latitude={l.latitude}
            anchor="center"
            // a click on a label places the pin there, as on the map
            style={{ pointerEvents: 'none' }}
          >
            <Box
              component="span"
              data-testid="position-ring-label"
              sx={{
                display: 'block',
                fontSize: 12,
                fontWeight: 700,
                lineHeight: 1.4,
                px: 0.5,
                borderRadius: 0.5,
                whiteSpace: 'nowrap',
                bgcolor: 'rgba(255,255,255,.9)',
                border: `1.5px solid ${l.colour}`,
                color: '#212121',
              }}
            >
              {l.label}
            </Box>
          </Marker>
        ))}
        <Marker
          longitude={position.longitude}
          latitude={position.latitude}
          anchor="bottom"
          draggable={!disabled}
          onDrag={(e) => onPick?.(pointOf(e.lngLat), false)}
          onDragEnd={(e) => onPick?.(pointOf(e.lngLat), true)}
          style={{ cursor: disabled ? 'default' : 'grab' }}
        >
          <Place
            data-testid="position-pin"
            titleAccess="Location pin"
            sx={{ display: 'block', color: '#c62828', fontSize: 40, filter: 'drop-shadow(0 1px 1px #0008)' }}
          />
        </Marker>
      </Map>

      <Box sx={{ position: 'absolute', top: 8, left: 8, zIndex: 2 }}>
        <BaseMenu />
      </Box>
      {simulatedLabel && (
        <Paper
          elevation={2}
          sx={{ position: 'absolute', left: 8, bottom: 8, zIndex: 2, px: 1, py: 0.25, opacity: 0.9 }}
        >
          <Typography variant="caption">{simulatedLabel}</Typography>
        </Paper>
      )}
      <Paper
        elevation={2}
        sx={{ position: 'absolute', top: 8, right: 8, zIndex: 2, display: 'flex', flexDirection: 'column' }}
      >
        <IconButton size="small" aria-label="Zoom in" onClick={() => zoomBy(ZOOM_STEP)}>
          <Add fontSize="small" />
        </IconButton>
        <IconButton size="small" aria-label="Zoom out" onClick={() => zoomBy(-ZOOM_STEP)}>
          <Remove fontSize="small" />
        </IconButton>
      </Paper>
    </Box>
  );
}
