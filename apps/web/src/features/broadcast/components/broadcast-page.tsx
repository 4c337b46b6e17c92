// Broadcast View (/Broadcast, spec 03 §2.13 and the side panel of spec 01 §2): a wall-screen map with a Radar
// Controls panel: Full Screen, Zoom In/Out, Location picker with an 'All Locations' switch, Radar Type (Past/Future),
// Playback Speed (Slow/Normal/Fast/Very Fast), Map Style (Satellite/Dark/Light) and keyboard help. The options and
// radar menus of the map are hidden and playback is forced to very fast while the view is open.
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Fullscreen from '@mui/icons-material/Fullscreen';
import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import {
  BROADCAST_PLAYBACK_SPEED,
  type BaseLayerStyle,
  type PlaybackSpeed,
  type RadarType,
} from '@allclear/domain';
import { WeatherMap, type WeatherMapHandle } from '../../../components/map/weather-map.tsx';
import { useMapLocations } from '../../../components/map/api/get-map-locations.ts';
import { useMapStore } from '../../../components/map/map-store.ts';
import {
  BROADCAST_ALL_LOCATIONS_VIEW,
  BROADCAST_LOCATION_ZOOM,
  DALLAS_VIEW,
  type MapView,
} from '../../../components/map/map-constants.ts';
import { PlaybackSpeedChoice, RadarTypeChoice } from '../../../components/map/controls/radar-choices.tsx';
import { BROADCAST_KEYBOARD_HELP, broadcastKeyAction } from './broadcast-keys.ts';

/** Broadcast radar types (spec 01 §2: Past/Future). */
export const BROADCAST_RADAR_TYPES: readonly RadarType[] = ['past', 'future'];
/** Broadcast playback speeds (spec 01 §2, ms per frame spec 01 §9). */
export const BROADCAST_SPEEDS: readonly PlaybackSpeed[] = ['slow', 'normal', 'fast', 'veryFast'];
/** Broadcast map styles, in the spec's order. */
export const BROADCAST_MAP_STYLES: readonly { value: BaseLayerStyle; label: string }[] = [
  { value: 'satellite', label: 'Satellite' },
  { value: 'dark', label: 'Dark' },
  { value: 'light', label: 'Light' },
];

/** The Broadcast View screen. */
export default function BroadcastPage() {
  const mapHandle = useRef<WeatherMapHandle>(null);
  const locations = useMapLocations();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = locations.data?.find((l) => l.id === selectedId) ?? null;
  const showAll = useMapStore((s) => s.showAllLocations);
  const setShowAll = useMapStore((s) => s.setShowAllLocations);
  const baseLayerStyle = useMapStore((s) => s.baseLayerStyle);
  const setBaseLayerStyle = useMapStore((s) => s.setBaseLayerStyle);
  const dispatch = useMapStore((s) => s.dispatchPlayback);

  // Very fast while the view is open; the speed chosen elsewhere comes back on leaving.
  useEffect(() => {
    const before = useMapStore.getState().speed;
    useMapStore.getState().setSpeed(BROADCAST_PLAYBACK_SPEED);
    return () => useMapStore.getState().setSpeed(before);
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = broadcastKeyAction(event);
      if (!action) return;
      event.preventDefault();
      dispatch(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch]);

  const view: MapView = showAll
    ? BROADCAST_ALL_LOCATIONS_VIEW
    : selected
      ? { latitude: selected.latitude, longitude: selected.longitude, zoom: BROADCAST_LOCATION_ZOOM }
      : DALLAS_VIEW;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h4" component="h1">
        Broadcast View
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', md: 'row' } }}>
        <Box
          sx={{
            position: 'relative',
            flexGrow: 1,
            height: { xs: '60dvh', md: 'calc(100dvh - 250px)' },
            minHeight: 420,
          }}
        >
          <WeatherMap
            label="Broadcast map"
            variant="broadcast"
            initialView={DALLAS_VIEW}
            view={view}
            location={selected}
            handleRef={mapHandle}
            onLocationSelect={(l) => {
              setShowAll(false);
              setSelectedId(l.id);
            }}
          />
          <Paper
            elevation={3}
            sx={{ position: 'absolute', right: 8, bottom: 72, px: 1, py: 0.25, zIndex: 2, opacity: 0.9 }}
          >
            <Typography variant="caption">Powered by AllClear</Typography>
          </Paper>
        </Box>
        <Paper
          component="aside"
          aria-label="Radar Controls"
          variant="outlined"
          sx={{ width: { md: 300 }, flexShrink: 0, p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}
        >
          <Typography variant="h6" component="h2">
            Radar Controls
          </Typography>
          <Button
            variant="outlined"
            startIcon={<Fullscreen />}
            onClick={() => mapHandle.current?.toggleFullscreen()}
          >
            Full Screen
          </Button>
          <Stack direction="row" spacing={1}>
            <Button
              fullWidth
              variant="outlined"
              startIcon={<Add />}
              onClick={() => mapHandle.current?.zoomIn()}
            >
              Zoom In
            </Button>
            <Button
              fullWidth
              variant="outlined"
              startIcon={<Remove />}
              onClick={() => mapHandle.current?.zoomOut()}
            >
              Zoom Out
            </Button>
          </Stack>
          <Divider />
          <TextField
            select
            size="small"
            label="Location"
            value={selected ? String(selected.id) : ''}
            disabled={showAll || !locations.data?.length}
            onChange={(e) => setSelectedId(e.target.value ? Number(e.target.value) : null)}
          >
            <MenuItem value="">
              <em>None</em>
            </MenuItem>
            {(locations.data ?? []).map((l) => (
              <MenuItem key={l.id} value={String(l.id)}>
                {l.label}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={<Switch checked={showAll} onChange={(e) => setShowAll(e.target.checked)} />}
            label="All Locations"
          />
          <Divider />
          <RadarTypeChoice coveragePoint={selected ?? DALLAS_VIEW} types={BROADCAST_RADAR_TYPES} row />
          <PlaybackSpeedChoice label="Playback Speed" speeds={BROADCAST_SPEEDS} />
          <FormLabel id="broadcast-style">Map Style</FormLabel>
          <RadioGroup
            row
            aria-labelledby="broadcast-style"
            value={baseLayerStyle}
            onChange={(e) => setBaseLayerStyle(e.target.value as BaseLayerStyle)}
          >
            {BROADCAST_MAP_STYLES.map((s) => (
              <FormControlLabel
                key={s.value}
                value={s.value}
                label={s.label}
                control={<Radio size="small" />}
              />
            ))}
          </RadioGroup>
          <Divider />
          <Typography variant="subtitle2" component="h3">
            Keyboard
          </Typography>
          <Box
            component="dl"
            aria-label="Keyboard help"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5 }}
          >
            {BROADCAST_KEYBOARD_HELP.map((h) => (
              <Box key={h.keys} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                  {h.keys}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  {h.action}
                </Typography>
              </Box>
            ))}
          </Box>
        </Paper>
      </Box>
    </Box>
  );
}
