// One-open-menu rule and map action modes (spec 01 §4 'Menus', 'Map action modes').
import type { MapActionMode } from '../enums.ts';

export type MapMenu = 'layer' | 'base' | 'legend' | 'road-conditions' | 'options' | 'radar';

/** The open menu after a click: the clicked one opens (closing any other), clicking the open one closes it (spec 01 §4 'Menus'). */
export function openMenuAfterClick(open: MapMenu | null, clicked: MapMenu): MapMenu | null {
  return open === clicked ? null : clicked;
}

/** The mode after pressing a mode's button: it toggles back to none; leaving observation clears the clicked observation (spec 01 §4 'Map action modes'). */
export function toggleActionMode(
  current: MapActionMode,
  pressed: Exclude<MapActionMode, 'none'>,
): { mode: MapActionMode; clearObservation: boolean } {
  const mode: MapActionMode = current === pressed ? 'none' : pressed;
  return { mode, clearObservation: current === 'observation' && mode !== 'observation' };
}
