// The layer menu, base-map menu, lightning legend and road-conditions legend (spec 01 §2 'Map', 'Live Radar page').
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LayersOutlined from '@mui/icons-material/LayersOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import BoltOutlined from '@mui/icons-material/BoltOutlined';
import AddRoadOutlined from '@mui/icons-material/AddRoadOutlined';
import { LIGHTNING_LEGEND_BUCKETS, type BaseLayerStyle, type MapOverlay } from '@allclear/domain';
import { useMapStore } from '../map-store.ts';
import { MapMenuPanel } from './map-menu-panel.tsx';
import { AGE_HEX, ROAD_CONDITION_LEGEND } from '../map-colours.ts';

/** Layer menu entries in the spec's order (spec 01 §2 'Map'). */
export const LAYER_MENU_ENTRIES: readonly { overlay: MapOverlay; label: string }[] = [
  { overlay: 'tropicalModels', label: 'Tropical Models' },
  { overlay: 'tropicalForecast', label: 'Tropical Forecast' },
  { overlay: 'surfaceAnalysis', label: 'Surface Analysis' },
  { overlay: 'stormCells', label: 'Storm Cells' },
  { overlay: 'nwsAlerts', label: 'NWS Alerts' },
  { overlay: 'roadConditions', label: 'Road Conditions' },
  { overlay: 'radar', label: 'Radar' },
  { overlay: 'lightning', label: 'Lightning' },
];

/** Base-layer menu entries (spec 01 §2 'Map'). */
export const BASE_MENU_ENTRIES: readonly { style: BaseLayerStyle; label: string }[] = [
  { style: 'dark', label: 'Dark' },
  { style: 'light', label: 'Light' },
  { style: 'satellite', label: 'Satellite' },
];

/** The layer menu: one checkbox per overlay, toggled through the domain's overlay rule. */
export function LayerMenu() {
  const overlays = useMapStore((s) => s.overlays);
  const toggle = useMapStore((s) => s.toggleOverlay);
  return (
    <MapMenuPanel menu="layer" label="Layers" icon={<LayersOutlined />}>
      <FormGroup>
        {LAYER_MENU_ENTRIES.map(({ overlay, label }) => (
          <FormControlLabel
            key={overlay}
            label={label}
            control={
              <Checkbox size="small" checked={overlays.includes(overlay)} onChange={() => toggle(overlay)} />
            }
          />
        ))}
      </FormGroup>
    </MapMenuPanel>
  );
}

/** The base-map menu: Dark, Light, Satellite. */
export function BaseMenu() {
  const style = useMapStore((s) => s.baseLayerStyle);
  const setStyle = useMapStore((s) => s.setBaseLayerStyle);
  return (
    <MapMenuPanel menu="base" label="Base Map" icon={<MapOutlined />}>
      <RadioGroup
        aria-label="Base map"
        value={style}
        onChange={(e) => setStyle(e.target.value as BaseLayerStyle)}
      >
        {BASE_MENU_ENTRIES.map((e) => (
          <FormControlLabel key={e.style} value={e.style} label={e.label} control={<Radio size="small" />} />
        ))}
      </RadioGroup>
    </MapMenuPanel>
  );
}

function Swatch({ colour, round }: { colour: string; round?: boolean }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: 14,
        height: 14,
        borderRadius: round ? '50%' : 0.5,
        bgcolor: colour,
        border: '1px solid rgba(0,0,0,.3)',
      }}
    />
  );
}

/** The lightning legend: strike age buckets 0-5, 5-15, 15-30 min (spec 01 §9). */
export function LegendMenu() {
  return (
    <MapMenuPanel menu="legend" label="Legend" icon={<BoltOutlined />}>
      <Typography variant="subtitle2" gutterBottom>
        Lightning
      </Typography>
      <Stack spacing={0.5}>
        {LIGHTNING_LEGEND_BUCKETS.map((b) => (
          <Stack key={b.label} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Swatch colour={AGE_HEX[b.colour]} round />
            <Typography variant="body2">{b.label}</Typography>
          </Stack>
        ))}
      </Stack>
    </MapMenuPanel>
  );
}

/** The road-conditions legend. */
export function RoadLegendMenu() {
  return (
    <MapMenuPanel menu="road-conditions" label="Road Conditions" icon={<AddRoadOutlined />}>
      <Stack spacing={0.5}>
        {ROAD_CONDITION_LEGEND.map((r) => (
          <Stack key={r.label} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Swatch colour={r.colour} />
            <Typography variant="body2">{r.label}</Typography>
          </Stack>
        ))}
      </Stack>
    </MapMenuPanel>
  );
}
