// The colours of lightning zones 1 to 4 on the web's own surfaces (spec 01 §9: red, amber, green, blue): the
// Lightning Status panel's rings and countdowns and the location form's zone sliders. The countdown is text, so each
// is AA (4.5:1) on the cards: the amber and the green are the brighter ones darkened just enough (#ffa000 was
// 2.0:1, #388e3c 4.1:1). The map draws its rings with its own, brighter, colours (map-geometry.ts).
import { ZONE_COLOURS } from '@allclear/domain';

/** CSS colour of each zone colour name. */
export const ZONE_CSS: Readonly<Record<(typeof ZONE_COLOURS)[number], string>> = {
  red: '#d32f2f',
  amber: '#a56700',
  green: '#358639',
  blue: '#1976d2',
};

/** CSS colour of zone `zone` (1 to 4). */
export function zoneCss(zone: number): string {
  return ZONE_CSS[ZONE_COLOURS[zone - 1] ?? ZONE_COLOURS[0]];
}
