// The wind direction arrow of Current Conditions and the Forecast Breakdown (spec 01 §2): an arrow pointing where the
// wind blows to, from the compass text. The glyph is turned inside a square box wide enough for any of its turns,
// so a turned arrow never reaches into the speed beside it: a glyph turned by 90° is as wide as its line is tall.
import Box from '@mui/material/Box';
import { compassToDegrees } from '@allclear/domain';

/** The box's side, in em of the text around it: the glyph's content box (about 0.6 × 1.2 em) fits turned any way. */
const ARROW_BOX_EM = 1.4;

/** Nothing when the compass text has no bearing. `label` names the direction for a screen reader; without it the arrow is decoration. */
export function WindArrow({ direction, label }: { direction: string | null | undefined; label?: boolean }) {
  const degrees = compassToDegrees(direction);
  if (degrees === null) return null;
  return (
    <Box
      component="span"
      data-wind-arrow=""
      {...(label ? { role: 'img', 'aria-label': direction ?? undefined } : { 'aria-hidden': true })}
      sx={{
        display: 'inline-flex',
        flex: 'none',
        alignItems: 'center',
        justifyContent: 'center',
        width: `${ARROW_BOX_EM}em`,
        height: `${ARROW_BOX_EM}em`,
        lineHeight: 1,
        transform: `rotate(${degrees + 180}deg)`,
      }}
    >
      ↑
    </Box>
  );
}
