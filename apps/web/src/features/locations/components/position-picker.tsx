// The map position pick of the location form (spec 01 §2 'map position pick'; in edit mode the position cannot
// change, §5 'Location fields'): a map centred on the address with a pin to click or drag and the zone rings drawn
// from the sliders as they move, and the coordinates as fields for keyboard users. Pin and fields follow each other.
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PositionMap } from '../../../components/map/position-map.tsx';

export interface Position {
  latitude: number;
  longitude: number;
}

export interface PositionPickerProps {
  value: Position;
  /** Zone radii 1 to 4 in miles (0: off), drawn as rings round the pin. */
  radii: readonly number[];
  disabled: boolean;
  onChange: (value: Position) => void;
  /** Called when the user finished moving the point (map click, drag end, field blur). */
  onCommit: (value: Position) => void;
  errors: Record<string, string[] | undefined>;
}

/** Hint under the map. */
export const POSITION_MAP_HINT = 'Click the map or drag the pin to place the location';

const samePoint = (a: Position | null, b: Position) =>
  a !== null && a.latitude === b.latitude && a.longitude === b.longitude;

/** The map, its hint and the coordinate fields. */
export function PositionPicker({ value, radii, disabled, onChange, onCommit, errors }: PositionPickerProps) {
  const [text, setText] = useState<{ lat?: string; lon?: string }>({});
  // The map recentres on a position chosen elsewhere (an address, an organisation location) and on a typed one
  // once its field is left; not while the pin is placed on the map, nor at every keystroke.
  const [focus, setFocus] = useState<Position>(value);
  const emitted = useRef<Position | null>(null);
  const { latitude, longitude } = value;
  useEffect(() => {
    const point = { latitude, longitude };
    if (!samePoint(emitted.current, point)) setFocus(point);
  }, [latitude, longitude]);

  const emit = (next: Position) => {
    emitted.current = next;
    onChange(next);
  };

  const field = (key: 'lat' | 'lon', label: string, current: number, error?: string) => (
    <TextField
      label={label}
      type="number"
      size="small"
      sx={{ flex: '1 1 120px', minWidth: 0 }}
      disabled={disabled}
      value={text[key] ?? String(current)}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ htmlInput: { step: 'any' } }}
      onChange={(e) => {
        setText((t) => ({ ...t, [key]: e.target.value }));
        const n = Number(e.target.value);
        if (e.target.value !== '' && Number.isFinite(n)) {
          emit(key === 'lat' ? { ...value, latitude: n } : { ...value, longitude: n });
        }
      }}
      onBlur={() => {
        setText({});
        setFocus(value);
        onCommit(value);
      }}
    />
  );
  return (
    <Box>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        Map position
      </Typography>
      <Box
        sx={{
          height: { xs: 240, md: 320 },
          borderRadius: 1,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
        }}
      >
        <PositionMap
          position={value}
          radii={radii}
          focus={focus}
          disabled={disabled}
          label="Map position"
          describedBy={disabled ? undefined : 'position-hint'}
          onPick={(point, done) => {
            setText({});
            emit(point);
            if (done) onCommit(point);
          }}
        />
      </Box>
      {disabled ? null : (
        <Typography
          id="position-hint"
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ mt: 0.5 }}
        >
          {POSITION_MAP_HINT}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 2, mt: 1.5 }}>
        {field('lat', 'Latitude', value.latitude, errors.Latitude?.[0])}
        {field('lon', 'Longitude', value.longitude, errors.Longitude?.[0])}
      </Box>
    </Box>
  );
}
