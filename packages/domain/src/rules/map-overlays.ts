// Map overlays, base layers, radar style, transparency and speeds (spec 01 §2, §4, §9).
import type { RadarType } from '../enums.ts';

/** Overlays of the layer menu (spec 01 §2 'Map'). */
export type MapOverlay =
  | 'tropicalModels'
  | 'tropicalForecast'
  | 'surfaceAnalysis'
  | 'stormCells'
  | 'nwsAlerts'
  | 'roadConditions'
  | 'radar'
  | 'lightning';
export type BaseLayerStyle = 'dark' | 'light' | 'satellite';
export type PlaybackSpeed = 'slow' | 'normal' | 'fast' | 'veryFast';
export type Transparency = 'low' | 'medium' | 'high';

/** The map's overlay part of client state (spec 01 §3 'map'). */
export interface MapOverlayState {
  baseLayerStyle: BaseLayerStyle;
  overlays: readonly MapOverlay[];
  radarStyle: RadarType;
  opacity: number;
  speed: PlaybackSpeed;
}

/** Defaults: radar and lightning on, light base, past radar, opacity 1, normal speed (spec 01 §4 'Map overlays'). */
export const DEFAULT_MAP_OVERLAY_STATE: MapOverlayState = {
  baseLayerStyle: 'light',
  overlays: ['radar', 'lightning'],
  radarStyle: 'past',
  opacity: 1,
  speed: 'normal',
};

/** Transparency choices as opacity; default high (spec 01 §9). */
export const TRANSPARENCY_OPACITY: Readonly<Record<Transparency, number>> = {
  low: 0.4,
  medium: 0.6,
  high: 1,
};
/** Playback speeds, milliseconds per frame (spec 01 §9). */
export const PLAYBACK_SPEED_MS: Readonly<Record<PlaybackSpeed, number>> = {
  slow: 1000,
  normal: 750,
  fast: 500,
  veryFast: 115,
};

/** The broadcast-style view forces very fast playback (spec 01 §2 'Broadcast-style side panel'). */
export const BROADCAST_PLAYBACK_SPEED: PlaybackSpeed = 'veryFast';

/** Toggle an overlay: turning on road conditions removes radar and sets style future-road-conditions; turning on radar removes road conditions and sets style past (spec 01 §4 'Map overlays'). */
export function toggleOverlay(state: MapOverlayState, overlay: MapOverlay): MapOverlayState {
  if (state.overlays.includes(overlay))
    return { ...state, overlays: state.overlays.filter((o) => o !== overlay) };
  if (overlay === 'roadConditions')
    return {
      ...state,
      overlays: [...state.overlays.filter((o) => o !== 'radar'), overlay],
      radarStyle: 'future-road-conditions',
    };
  if (overlay === 'radar')
    return {
      ...state,
      overlays: [...state.overlays.filter((o) => o !== 'roadConditions'), overlay],
      radarStyle: 'past',
    };
  return { ...state, overlays: [...state.overlays, overlay] };
}
