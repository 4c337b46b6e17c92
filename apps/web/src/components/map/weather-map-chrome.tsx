// What the weather map lays over its canvas (spec 01 §2 'Map', 'Live Radar page'): the menu bar top left, the tool
// stack top right with the measured distance, the simulated-imagery note, and the radar bar along the bottom. The
// refs are the boxes the selection popup keeps clear of (usePopupPlacement).
import type { Ref } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BaseMenu, LayerMenu, LegendMenu, RoadLegendMenu } from './controls/map-menus.tsx';
import { MapToolbar } from './controls/map-toolbar.tsx';
import { RadarControls } from './controls/radar-controls.tsx';
import { formatMiles } from './map-geometry.ts';
import type { MapControls } from './use-map-controls.ts';
import type { MeasureTool } from './use-measure-tool.ts';

/** Layers, base map and legend menus; the road conditions legend with road conditions on. */
export function MapMenuBar({ ref, roadView }: { ref: Ref<HTMLDivElement>; roadView: boolean }) {
  return (
    <Box
      ref={ref}
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
  );
}

export interface MapToolStackProps {
  ref: Ref<HTMLDivElement>;
  controls: MapControls;
  /** The measure path while the Measure tool is on, else null. */
  measure: MeasureTool | null;
}

/** Zoom, fullscreen, centre and the action modes, with the measured distance under them in measure mode. */
export function MapToolStack({ ref, controls, measure }: MapToolStackProps) {
  return (
    <Box
      ref={ref}
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
        onZoomIn={controls.zoomIn}
        onZoomOut={controls.zoomOut}
        onToggleFullscreen={controls.toggleFullscreen}
        isFullscreen={controls.isFullscreen}
        onCentre={controls.centreOnLocation}
      />
      {measure && (
        <Paper elevation={4} sx={{ px: 1.5, py: 0.5 }} role="status" aria-label="Measured distance">
          <Typography variant="body2">
            {measure.points.length < 2 ? 'Click the map to measure' : formatMiles(measure.miles)}
          </Typography>
        </Paper>
      )}
    </Box>
  );
}

/** The base style's note that its imagery is simulated, bottom left (above the radar bar when it shows). */
export function SimulatedStyleNote({ label, aboveRadarBar }: { label: string; aboveRadarBar: boolean }) {
  return (
    <Paper
      elevation={2}
      sx={{
        position: 'absolute',
        left: 8,
        bottom: aboveRadarBar ? 72 : 8,
        zIndex: 2,
        px: 1,
        py: 0.25,
        opacity: 0.9,
      }}
    >
      <Typography variant="caption">{label}</Typography>
    </Paper>
  );
}

export interface RadarBarProps {
  ref: Ref<HTMLDivElement>;
  frameCount: number;
  coveragePoint: { latitude: number; longitude: number };
  hideMenus: boolean;
}

/** The radar timeline and its menus along the bottom of the map. */
export function RadarBar({ ref, frameCount, coveragePoint, hideMenus }: RadarBarProps) {
  return (
    <Box ref={ref} sx={{ position: 'absolute', left: 8, right: 8, bottom: 8, zIndex: 2 }}>
      <RadarControls frameCount={frameCount} coveragePoint={coveragePoint} hideMenus={hideMenus} />
    </Box>
  );
}
