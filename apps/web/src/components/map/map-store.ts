// The map's client state (spec 01 §3 'Client state' map): base layer, overlays, radar style, playback, opacity,
// speed, progress, current frame time and the all-locations switch; plus the one open menu (spec 01 §4 'Menus') and
// the action mode (spec 01 §4 'Map action modes'). Every transition is a rule of @allclear/domain.
import { create } from 'zustand';
import {
  DEFAULT_MAP_OVERLAY_STATE,
  initialProgress,
  openMenuAfterClick,
  radarPlaybackReducer,
  toggleActionMode,
  toggleOverlay,
  type BaseLayerStyle,
  type MapActionMode,
  type MapMenu,
  type MapOverlay,
  type PlaybackSpeed,
  type RadarPlaybackAction,
  type RadarPlaybackState,
  type RadarType,
} from '@allclear/domain';

export interface MapState {
  baseLayerStyle: BaseLayerStyle;
  overlays: readonly MapOverlay[];
  radarStyle: RadarType;
  /** PLAY / SCRUB / STATIC (spec 01 §3 'Radar playback state'); radarPlaying is `playback === 'PLAY'`. */
  playback: RadarPlaybackState;
  opacity: number;
  speed: PlaybackSpeed;
  /** Percent 0..100 of the frame list. */
  progress: number;
  /** ISO time of the frame on screen, null before frames load. */
  currentTime: string | null;
  showAllLocations: boolean;
  openMenu: MapMenu | null;
  actionMode: MapActionMode;
  /** Bumped when leaving observation mode, so the map clears the clicked observation. */
  observationClearedAt: number;
}

export interface MapActions {
  setBaseLayerStyle(style: BaseLayerStyle): void;
  toggleOverlay(overlay: MapOverlay): void;
  /** Radar type picker: resets progress and stops (spec 01 §4 'Radar playback'). */
  setRadarStyle(radarType: RadarType): void;
  dispatchPlayback(action: RadarPlaybackAction): void;
  setOpacity(opacity: number): void;
  setSpeed(speed: PlaybackSpeed): void;
  setCurrentTime(time: string | null): void;
  setShowAllLocations(show: boolean): void;
  clickMenu(menu: MapMenu): void;
  closeMenus(): void;
  pressActionMode(mode: Exclude<MapActionMode, 'none'>): void;
  reset(): void;
}

/** Initial state: the domain defaults (radar and lightning on, light, past, opacity 1, normal speed). */
export function initialMapState(): MapState {
  return {
    ...DEFAULT_MAP_OVERLAY_STATE,
    playback: 'STATIC',
    progress: initialProgress(DEFAULT_MAP_OVERLAY_STATE.radarStyle),
    currentTime: null,
    showAllLocations: false,
    openMenu: null,
    actionMode: 'none',
    observationClearedAt: 0,
  };
}

function playbackOf(s: MapState) {
  return { state: s.playback, progress: s.progress, radarType: s.radarStyle };
}

function applyPlayback(s: MapState, action: RadarPlaybackAction): Partial<MapState> {
  const next = radarPlaybackReducer(playbackOf(s), action);
  return { playback: next.state, progress: next.progress, radarStyle: next.radarType };
}

/** The map store shared by the dashboard map, Live Radar and Broadcast. */
export const useMapStore = create<MapState & MapActions>()((set) => ({
  ...initialMapState(),
  setBaseLayerStyle: (baseLayerStyle) => set({ baseLayerStyle }),
  toggleOverlay: (overlay) =>
    set((s) => {
      const next = toggleOverlay(s, overlay);
      const changes: Partial<MapState> = { overlays: next.overlays };
      // A style change from the overlay rule is a radar type change: progress resets and playback stops.
      if (next.radarStyle !== s.radarStyle)
        Object.assign(changes, applyPlayback(s, { type: 'radar-type-changed', radarType: next.radarStyle }));
      return changes;
    }),
  setRadarStyle: (radarType) => set((s) => applyPlayback(s, { type: 'radar-type-changed', radarType })),
  dispatchPlayback: (action) => set((s) => applyPlayback(s, action)),
  setOpacity: (opacity) => set({ opacity }),
  setSpeed: (speed) => set({ speed }),
  setCurrentTime: (currentTime) => set({ currentTime }),
  setShowAllLocations: (showAllLocations) => set({ showAllLocations }),
  clickMenu: (menu) => set((s) => ({ openMenu: openMenuAfterClick(s.openMenu, menu) })),
  closeMenus: () => set({ openMenu: null }),
  pressActionMode: (mode) =>
    set((s) => {
      const next = toggleActionMode(s.actionMode, mode);
      return next.clearObservation
        ? { actionMode: next.mode, observationClearedAt: s.observationClearedAt + 1 }
        : { actionMode: next.mode };
    }),
  reset: () => set(initialMapState()),
}));

/** True while the radar loop plays (spec 01 §3 map.radarPlaying). */
export function selectRadarPlaying(s: MapState): boolean {
  return s.playback === 'PLAY';
}
