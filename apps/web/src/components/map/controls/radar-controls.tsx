// Radar overlay controls (spec 01 §2 'Live Radar page'): Options (transparency, speed), the radar-type picker with
// the coverage rule, play/pause and the timeline slider with its time label. The speed and radar-type groups are
// radar-choices.tsx, shared with Broadcast's side panel. Transitions are the domain's
// PLAY / SCRUB / STATIC machine (spec 01 §4 'Radar playback').
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Pause from '@mui/icons-material/Pause';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import RadarOutlined from '@mui/icons-material/RadarOutlined';
import { TRANSPARENCY_OPACITY, type PlaybackSpeed, type Transparency } from '@allclear/domain';
import { selectRadarPlaying, useMapStore } from '../map-store.ts';
import { frameTimeLabel } from '../radar-frames.ts';
import { MapMenuPanel } from './map-menu-panel.tsx';
import { PlaybackSpeedChoice, RADAR_TYPE_LABELS, RadarTypeChoice } from './radar-choices.tsx';

/** Transparency choices of the Options menu (spec 01 §2, values spec 01 §9). */
export const TRANSPARENCY_ENTRIES: readonly { value: Transparency; label: string }[] = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
];
/** Speeds of the Options menu (spec 01 §2): the very fast speed belongs to Broadcast. */
export const OPTIONS_SPEEDS: readonly PlaybackSpeed[] = ['slow', 'normal', 'fast'];

function transparencyOf(opacity: number): Transparency | '' {
  return TRANSPARENCY_ENTRIES.find((t) => TRANSPARENCY_OPACITY[t.value] === opacity)?.value ?? '';
}

/** The Options menu: Transparency Low/Medium/High and Speed Slow/Normal/Fast. */
export function RadarOptionsMenu() {
  const opacity = useMapStore((s) => s.opacity);
  const setOpacity = useMapStore((s) => s.setOpacity);
  return (
    <MapMenuPanel menu="options" label="Options" icon={<TuneOutlined />} placement="above">
      <FormLabel id="radar-transparency">Transparency</FormLabel>
      <RadioGroup
        aria-labelledby="radar-transparency"
        value={transparencyOf(opacity)}
        onChange={(e) => setOpacity(TRANSPARENCY_OPACITY[e.target.value as Transparency])}
      >
        {TRANSPARENCY_ENTRIES.map((t) => (
          <FormControlLabel key={t.value} value={t.value} label={t.label} control={<Radio size="small" />} />
        ))}
      </RadioGroup>
      <PlaybackSpeedChoice label="Speed" speeds={OPTIONS_SPEEDS} />
    </MapMenuPanel>
  );
}

/** The radar-type picker. */
export function RadarTypeMenu({ coveragePoint }: { coveragePoint: { latitude: number; longitude: number } }) {
  const radarStyle = useMapStore((s) => s.radarStyle);
  const roadView = useMapStore((s) => s.overlays.includes('roadConditions'));
  return (
    <MapMenuPanel
      menu="radar"
      label={RADAR_TYPE_LABELS[radarStyle]}
      icon={<RadarOutlined />}
      placement="above"
    >
      <RadarTypeChoice coveragePoint={coveragePoint} roadView={roadView} />
    </MapMenuPanel>
  );
}

export interface RadarControlsProps {
  /** Frames in the loaded loop (a tick advances 100 / frameCount percent). */
  frameCount: number;
  /** The point the coverage rule is judged at (the selected location, else the map centre). */
  coveragePoint: { latitude: number; longitude: number };
  /** Broadcast hides the Options and radar-type menus (spec 01 §2). */
  hideMenus?: boolean;
}

/** The radar control bar. */
export function RadarControls({ frameCount, coveragePoint, hideMenus = false }: RadarControlsProps) {
  const playing = useMapStore(selectRadarPlaying);
  const progress = useMapStore((s) => s.progress);
  const currentTime = useMapStore((s) => s.currentTime);
  const dispatch = useMapStore((s) => s.dispatchPlayback);
  return (
    <Paper
      elevation={4}
      role="group"
      aria-label="Radar controls"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.5, flexWrap: 'wrap' }}
    >
      {!hideMenus && <RadarOptionsMenu />}
      {!hideMenus && <RadarTypeMenu coveragePoint={coveragePoint} />}
      <IconButton
        aria-label={playing ? 'Pause' : 'Play'}
        onClick={() => dispatch({ type: 'play-toggled' })}
        disabled={frameCount < 2}
      >
        {playing ? <Pause /> : <PlayArrow />}
      </IconButton>
      <Box sx={{ flex: 1, minWidth: 120, px: 1 }}>
        <Slider
          size="small"
          aria-label="Radar timeline"
          getAriaValueText={() =>
            currentTime ? `Radar frame ${frameTimeLabel(currentTime)}` : 'No radar frame'
          }
          min={0}
          max={100}
          step={0.1}
          value={progress}
          disabled={frameCount < 1}
          onChange={(_e, value) => dispatch({ type: 'scrubbed', progress: value as number })}
        />
      </Box>
      <Typography variant="body2" aria-label="Radar time" sx={{ minWidth: 64, textAlign: 'right' }}>
        {frameTimeLabel(currentTime)}
      </Typography>
    </Paper>
  );
}
