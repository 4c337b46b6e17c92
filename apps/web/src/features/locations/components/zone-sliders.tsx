// Lightning zones 1 to 4 of the location form: a slider per zone within its soft bounds, neighbours
// pushed to keep 1-mile spacing, on/off switches for zones 2 to 4, zone 4 only with the entitlement or
// a saved radius4, and locked zones from the organisation's policies (spec 01 §4 'Zone enablement',
// 'Policy lock'; §5 'Location zones'; §9 zone colours).
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Slider from '@mui/material/Slider';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  ZONE_COLOURS,
  ZONE_SOFT_BOUNDS,
  disableZone,
  enableZone,
  moveZone,
  type LockableField,
  type ZoneRadii,
} from '@allclear/domain';
import { ZONE_CSS } from '../../../lib/zone-colours.ts';

export interface ZoneSlidersProps {
  zones: ZoneRadii;
  onChange: (zones: ZoneRadii) => void;
  /** Whether zone 4 is offered (FOURTH_LIGHTNING_ZONE_SUPPORT or a saved radius4 above 0). */
  showFourthZone: boolean;
  /** Zones locked by lightning policies. */
  locked: Pick<Record<LockableField, boolean>, 'radius1' | 'radius2' | 'radius3' | 'radius4'>;
  /** Server field errors by name (Radius1..Radius4). */
  errors: Record<string, string[] | undefined>;
}

const LOCK_KEYS = ['radius1', 'radius2', 'radius3', 'radius4'] as const;

/** The four zone rows. */
export function ZoneSliders({ zones, onChange, showFourthZone, locked, errors }: ZoneSlidersProps) {
  const count = showFourthZone ? 4 : 3;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
        Lightning zones
      </Typography>
      {Array.from({ length: count }, (_, i) => {
        const zone = i + 1;
        const on = i === 0 || zones[i]! > 0;
        const isLocked = locked[LOCK_KEYS[i]!];
        const priorOn = i === 0 || zones[i - 1]! > 0;
        const bounds = ZONE_SOFT_BOUNDS[i]!;
        const error = errors[`Radius${zone}`]?.[0];
        return (
          <Box key={zone} sx={{ mb: 1.5 }} data-testid={`zone-${zone}`}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Box
                aria-hidden
                sx={{
                  width: 12,
                  height: 12,
                  borderRadius: '50%',
                  bgcolor: ZONE_CSS[ZONE_COLOURS[i]!],
                  flex: 'none',
                }}
              />
              {i === 0 ? (
                <Typography sx={{ flex: 1 }}>Zone 1</Typography>
              ) : (
                <FormControlLabel
                  sx={{ flex: 1 }}
                  label={`Zone ${zone}`}
                  control={
                    <Switch
                      checked={on}
                      disabled={isLocked || (!on && !priorOn)}
                      onChange={(e) =>
                        onChange(e.target.checked ? enableZone(zones, i) : disableZone(zones, i))
                      }
                      slotProps={{ input: { 'aria-label': `Enable zone ${zone}` } }}
                    />
                  }
                />
              )}
              <Typography aria-live="polite" sx={{ minWidth: 56, textAlign: 'right' }}>
                {on ? `${zones[i]} mi` : 'Off'}
              </Typography>
            </Box>
            <Slider
              value={on ? zones[i]! : bounds.min}
              min={bounds.min}
              max={bounds.max}
              step={1}
              disabled={!on || isLocked}
              onChange={(_e, value) => onChange(moveZone(zones, i, value as number))}
              getAriaValueText={(v) => `${v} miles`}
              slotProps={{ input: { 'aria-label': `Zone ${zone} radius` } }}
              sx={{ color: ZONE_CSS[ZONE_COLOURS[i]!] }}
            />
            {error ? <FormHelperText error>{error}</FormHelperText> : null}
          </Box>
        );
      })}
    </Box>
  );
}
