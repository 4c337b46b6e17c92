// Map tools (spec 01 §2 'Live Radar page'): zoom in/out, fullscreen, centre on location, measure, observation and
// the master-map toggle. A horizontal bar on wide screens; on narrow screens they move to the right-hand stack.
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import MyLocation from '@mui/icons-material/MyLocation';
import Straighten from '@mui/icons-material/Straighten';
import TravelExplore from '@mui/icons-material/TravelExplore';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import type { ReactNode } from 'react';
import { useMapStore } from '../map-store.ts';

export interface MapToolbarProps {
  onZoomIn(): void;
  onZoomOut(): void;
  onToggleFullscreen(): void;
  isFullscreen: boolean;
  /** Centre on the location at zoom 8; the button is absent without a location. */
  onCentre?: () => void;
  /** Which tools to show (Broadcast has its own side panel for zoom and full screen). */
  tools?: {
    zoom?: boolean;
    fullscreen?: boolean;
    measure?: boolean;
    observation?: boolean;
    masterMap?: boolean;
  };
}

function Tool({
  label,
  pressed,
  onClick,
  children,
}: {
  label: string;
  pressed?: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label} placement="left">
      <IconButton
        aria-label={label}
        aria-pressed={pressed}
        onClick={onClick}
        color={pressed ? 'primary' : 'default'}
        size="small"
      >
        {children}
      </IconButton>
    </Tooltip>
  );
}

/** The tool stack. */
export function MapToolbar({
  onZoomIn,
  onZoomOut,
  onToggleFullscreen,
  isFullscreen,
  onCentre,
  tools = {},
}: MapToolbarProps) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const actionMode = useMapStore((s) => s.actionMode);
  const pressActionMode = useMapStore((s) => s.pressActionMode);
  const showAll = useMapStore((s) => s.showAllLocations);
  const setShowAll = useMapStore((s) => s.setShowAllLocations);
  const show = { zoom: true, fullscreen: true, measure: true, observation: true, masterMap: true, ...tools };
  return (
    <Paper
      elevation={4}
      role="toolbar"
      aria-label="Map tools"
      aria-orientation={narrow ? 'vertical' : 'horizontal'}
      data-layout={narrow ? 'stack' : 'bar'}
      sx={{ display: 'flex', flexDirection: narrow ? 'column' : 'row', p: 0.25 }}
    >
      {show.zoom && (
        <Tool label="Zoom in" onClick={onZoomIn}>
          <Add />
        </Tool>
      )}
      {show.zoom && (
        <Tool label="Zoom out" onClick={onZoomOut}>
          <Remove />
        </Tool>
      )}
      {show.fullscreen && (
        <Tool label={isFullscreen ? 'Exit full screen' : 'Full screen'} onClick={onToggleFullscreen}>
          {isFullscreen ? <FullscreenExit /> : <Fullscreen />}
        </Tool>
      )}
      {onCentre && (
        <Tool label="Centre on location" onClick={onCentre}>
          <MyLocation />
        </Tool>
      )}
      {show.measure && (
        <Tool
          label="Measure distance"
          pressed={actionMode === 'measure'}
          onClick={() => pressActionMode('measure')}
        >
          <Straighten />
        </Tool>
      )}
      {show.observation && (
        <Tool
          label="Observation tool"
          pressed={actionMode === 'observation'}
          onClick={() => pressActionMode('observation')}
        >
          <TravelExplore />
        </Tool>
      )}
      {show.masterMap && (
        <Tool label="Show all locations" pressed={showAll} onClick={() => setShowAll(!showAll)}>
          <PublicOutlined />
        </Tool>
      )}
    </Paper>
  );
}
