// The red threat badge of a location (spec 01 §2 'Each card'): up to 3 threat icons plus an ellipsis whose
// tooltip lists the rest; 'No policy warnings' without threats.
import type { ComponentType } from 'react';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import FlashOn from '@mui/icons-material/FlashOn';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Thermostat from '@mui/icons-material/Thermostat';
import Air from '@mui/icons-material/Air';
import AcUnit from '@mui/icons-material/AcUnit';
import WaterDrop from '@mui/icons-material/WaterDrop';
import Masks from '@mui/icons-material/Masks';
import type { ThreatEntry } from '@allclear/domain';

/** Icons shown before the ellipsis (spec 01 §9 'At most 3 threat icons per card'). */
export const MAX_THREAT_ICONS = 3;
/** Tooltip without threats (spec 01 §2). */
export const NO_WARNINGS_TEXT = 'No policy warnings';

function iconOf(shortName: string): ComponentType<SvgIconProps> {
  if (shortName.startsWith('LR')) return FlashOn;
  if (shortName === 'NWS') return WarningAmber;
  if (shortName === 'WBGT' || shortName === 'HEAT') return Thermostat;
  if (shortName === 'WIND' || shortName === 'GUST') return Air;
  if (shortName === 'CHILL') return AcUnit;
  if (shortName === 'PRECIP') return WaterDrop;
  return Masks;
}

/** The badge, or the quiet 'No policy warnings' tooltip target when there are no threats. */
export function ThreatBadge({ threats }: { threats: readonly ThreatEntry[] }) {
  if (threats.length === 0)
    return (
      <Tooltip title={NO_WARNINGS_TEXT}>
        <Box
          component="span"
          data-testid="threat-badge"
          data-threats=""
          role="img"
          aria-label={NO_WARNINGS_TEXT}
          sx={{ fontSize: 12, color: 'text.secondary' }}
        >
          ✓
        </Box>
      </Tooltip>
    );
  const shown = threats.slice(0, MAX_THREAT_ICONS);
  const rest = threats.slice(MAX_THREAT_ICONS);
  const names = (list: readonly ThreatEntry[]) => list.flatMap((t) => t.longName).join(', ');
  return (
    <Box
      data-testid="threat-badge"
      data-threats={threats.map((t) => t.shortName).join(' ')}
      role="img"
      aria-label={`Threats: ${names(threats)}`}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.25,
        bgcolor: 'error.main',
        color: 'error.contrastText',
        borderRadius: 3,
        px: 0.75,
        py: 0.25,
      }}
    >
      {shown.map((t) => {
        const Icon = iconOf(t.shortName);
        return (
          <Tooltip key={t.shortName} title={t.longName.join(', ')}>
            <Icon sx={{ fontSize: 16 }} aria-label={t.longName.join(', ')} />
          </Tooltip>
        );
      })}
      {rest.length > 0 ? (
        <Tooltip title={names(rest)}>
          <Box component="span" role="img" aria-label={names(rest)} sx={{ fontWeight: 700, lineHeight: 1 }}>
            …
          </Box>
        </Tooltip>
      ) : null}
    </Box>
  );
}
