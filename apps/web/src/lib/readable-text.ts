// Text on a coloured fill that comes from data (risk level colours an admin picks): black or white, whichever
// contrasts more, so the text stays readable (WCAG AA asks 4.5:1) whatever the fill.
import { getContrastRatio } from '@mui/material/styles';

const BLACK = '#000000';
const WHITE = '#ffffff';

/** Black or white text for a fill colour (any CSS colour MUI parses): the one with the higher contrast. */
export function readableTextOn(fill: string): typeof BLACK | typeof WHITE {
  try {
    return getContrastRatio(fill, WHITE) >= getContrastRatio(fill, BLACK) ? WHITE : BLACK;
  } catch {
    // a colour MUI cannot parse: the theme's dark text
    return BLACK;
  }
}
