// The map position pick of the location form, as a small static picker until the shared map component
// offers one: the coordinates as fields, and a pad to drag (or move with the arrow keys) the point
// (spec 01 §2 'map position pick'; in edit mode the position cannot change, §5).
import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

/** How far one pixel of drag, or one arrow-key press, moves the point, degrees. */
export const PAD_DEGREES_PER_STEP = 0.001;

export interface Position {
  latitude: number;
  longitude: number;
}

export interface PositionPickerProps {
  value: Position;
  disabled: boolean;
  onChange: (value: Position) => void;
  /** Called when the user finished moving the point (drag end, field blur, key press). */
  onCommit: (value: Position) => void;
  errors: Record<string, string[] | undefined>;
}

const clampLatitude = (v: number) => Math.max(-90, Math.min(90, v));
const wrapLongitude = (v: number) => ((((v + 180) % 360) + 360) % 360) - 180;
const round = (v: number) => Math.round(v * 1e6) / 1e6;

/** Coordinates fields and the drag pad. */
export function PositionPicker({ value, disabled, onChange, onCommit, errors }: PositionPickerProps) {
  const drag = useRef<{ x: number; y: number; start: Position } | null>(null);
  const [text, setText] = useState<{ lat?: string; lon?: string }>({});
  const moveBy = (from: Position, dxSteps: number, dySteps: number): Position => ({
    latitude: round(clampLatitude(from.latitude - dySteps * PAD_DEGREES_PER_STEP)),
    longitude: round(wrapLongitude(from.longitude + dxSteps * PAD_DEGREES_PER_STEP)),
  });
  const field = (key: 'lat' | 'lon', label: string, current: number, error?: string) => (
    <TextField
      label={label}
      type="number"
      size="small"
      sx={{ width: 150 }}
      disabled={disabled}
      value={text[key] ?? String(current)}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ htmlInput: { step: 'any' } }}
      onChange={(e) => {
        setText((t) => ({ ...t, [key]: e.target.value }));
        const n = Number(e.target.value);
        if (e.target.value !== '' && Number.isFinite(n)) {
          onChange(key === 'lat' ? { ...value, latitude: n } : { ...value, longitude: n });
        }
      }}
      onBlur={() => {
        setText({});
        onCommit(value);
      }}
    />
  );
  return (
    <Box>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        Map position
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box
          role="button"
          tabIndex={disabled ? -1 : 0}
          aria-disabled={disabled}
          aria-label="Position pad: drag, or use the arrow keys, to move the point"
          onPointerDown={(e) => {
            if (disabled) return;
            (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
            drag.current = { x: e.clientX, y: e.clientY, start: value };
          }}
          onPointerMove={(e) => {
            const d = drag.current;
            if (d) onChange(moveBy(d.start, e.clientX - d.x, e.clientY - d.y));
          }}
          onPointerUp={() => {
            if (drag.current) onCommit(value);
            drag.current = null;
          }}
          onKeyDown={(e) => {
            if (disabled) return;
            const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[
              e.key
            ];
            if (!step) return;
            e.preventDefault();
            const next = moveBy(value, step[0]! * 10, step[1]! * 10);
            onChange(next);
            onCommit(next);
          }}
          sx={{
            width: 120,
            height: 80,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            position: 'relative',
            cursor: disabled ? 'not-allowed' : 'grab',
            touchAction: 'none',
            bgcolor: 'action.hover',
            backgroundImage:
              'linear-gradient(to right, rgba(0,0,0,.08) 1px, transparent 1px), linear-gradient(rgba(0,0,0,.08) 1px, transparent 1px)',
            backgroundSize: '20px 20px',
          }}
        >
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              left: '50%',
              top: '50%',
              width: 14,
              height: 14,
              ml: '-7px',
              mt: '-7px',
              borderRadius: '50%',
              bgcolor: 'error.main',
              border: '2px solid white',
            }}
          />
        </Box>
        {field('lat', 'Latitude', value.latitude, errors.Latitude?.[0])}
        {field('lon', 'Longitude', value.longitude, errors.Longitude?.[0])}
      </Box>
    </Box>
  );
}
