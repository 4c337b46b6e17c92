// The WBGT dial of Current Conditions: a half ring from 70 to 98 °F (spec 01 §9 'WBGT dial range 70 to 98').
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { formatValue } from '@allclear/domain';
import { breachProps, paletteColour, type PolicyColouring } from '../../../lib/policy-colour.ts';

/** Dial range, °F (spec 01 §9). */
export const WBGT_DIAL_MIN = 70;
export const WBGT_DIAL_MAX = 98;

/** Share of the dial filled by a WBGT value, clamped to 0..1. */
export function wbgtDialFraction(value: number): number {
  return Math.min(1, Math.max(0, (value - WBGT_DIAL_MIN) / (WBGT_DIAL_MAX - WBGT_DIAL_MIN)));
}

/** The dial's fill without a policy to colour it. */
const DIAL_FILL = '#ef6c00';

/**
 * A half-ring dial with the value to one decimal (spec 01 §9 'WBGT to 1'); with a WBGT policy the value and the
 * ring take its colouring (spec 01 §5 'Policy comparison').
 */
export function WbgtDial({
  value,
  unit,
  colouring = null,
}: {
  value: number | null;
  unit: string;
  colouring?: PolicyColouring | null;
}) {
  const theme = useTheme();
  const breach = breachProps(colouring);
  const fill = colouring?.text ? paletteColour(theme, colouring.text) : DIAL_FILL;
  const fraction = value === null ? 0 : wbgtDialFraction(value);
  const length = Math.PI * 40;
  return (
    <Box sx={{ position: 'relative', width: 112, height: 64 }}>
      <svg viewBox="0 0 100 56" width="112" height="64" aria-hidden>
        <path
          d="M10 50 A40 40 0 0 1 90 50"
          fill="none"
          stroke="currentColor"
          strokeOpacity={0.15}
          strokeWidth={8}
        />
        <path
          d="M10 50 A40 40 0 0 1 90 50"
          fill="none"
          stroke={fill}
          strokeWidth={8}
          strokeDasharray={`${fraction * length} ${length}`}
        />
      </svg>
      <Typography
        data-breach={breach['data-breach']}
        sx={{ position: 'absolute', inset: 'auto 0 0 0', textAlign: 'center', fontWeight: 600, ...breach.sx }}
      >
        {formatValue(value, 1)}
        {value === null ? '' : ` ${unit}`}
      </Typography>
    </Box>
  );
}
