// Radar playback state machine, radar coverage and the broadcast keyboard step (spec 01 §2, §4).
import type { RadarPlaybackState, RadarType } from '../enums.ts';

/** The radar timeline: playback state, progress 0..100 (percent of the frame list) and radar type. */
export interface RadarPlayback {
  state: RadarPlaybackState;
  progress: number;
  radarType: RadarType;
}

export type RadarPlaybackAction =
  | { type: 'play-toggled' }
  /** Slider dragged to progress 0..100. */
  | { type: 'scrubbed'; progress: number }
  /** Arrow key: +1 right, −1 left. */
  | { type: 'key-stepped'; direction: 1 | -1 }
  | { type: 'viewport-changed' }
  | { type: 'radar-type-changed'; radarType: RadarType }
  /** Timer tick with the number of frames loaded. */
  | { type: 'ticked'; frameCount: number };

/** Broadcast keyboard step, percent of the timeline (spec 01 §2 'Broadcast-style side panel'). */
export const KEYBOARD_STEP_PERCENT = 5;

function clampProgress(p: number): number {
  return Math.min(100, Math.max(0, p));
}

/** Progress after a radar type change: 100 for past, 0 otherwise (spec 01 §4 'Radar playback'). */
export function initialProgress(radarType: RadarType): number {
  return radarType === 'past' ? 100 : 0;
}

/** Progress after one PLAY tick: +100/frameCount percent, capped at 100; a tick at 100 wraps to 0 (spec 01 §4 'Radar playback'). */
export function advanceProgress(progress: number, frameCount: number): number {
  // A tolerance keeps float sums such as 3 × 33.33 from adding a phantom frame before 100.
  if (progress >= 100 - 1e-9) return 0;
  if (frameCount <= 0) return progress;
  const next = progress + 100 / frameCount;
  return next >= 100 - 1e-9 ? 100 : next;
}

/** Progress after an arrow key: ±5 percent within 0..100 (spec 01 §2). */
export function stepProgress(progress: number, direction: 1 | -1): number {
  return clampProgress(progress + direction * KEYBOARD_STEP_PERCENT);
}

/** Reducer of radar playback: play toggles PLAY/STATIC, slider or arrow key to SCRUB, viewport change during PLAY or SCRUB to STATIC, type change resets progress and stops (spec 01 §4). */
export function radarPlaybackReducer(state: RadarPlayback, action: RadarPlaybackAction): RadarPlayback {
  switch (action.type) {
    case 'play-toggled':
      return { ...state, state: state.state === 'PLAY' ? 'STATIC' : 'PLAY' };
    case 'scrubbed':
      return { ...state, state: 'SCRUB', progress: clampProgress(action.progress) };
    case 'key-stepped':
      return { ...state, state: 'SCRUB', progress: stepProgress(state.progress, action.direction) };
    case 'viewport-changed':
      return state.state === 'STATIC' ? state : { ...state, state: 'STATIC' };
    case 'radar-type-changed':
      return { state: 'STATIC', radarType: action.radarType, progress: initialProgress(action.radarType) };
    case 'ticked':
      return state.state === 'PLAY'
        ? { ...state, progress: advanceProgress(state.progress, action.frameCount) }
        : state;
  }
}

/** Continental US radar coverage box, degrees (spec 01 §4 'Radar type outside coverage'). */
export const RADAR_COVERAGE = {
  minLatitude: 24.5,
  maxLatitude: 49,
  minLongitude: -126,
  maxLongitude: -67,
} as const;

/** True when a point (degrees) lies inside the coverage box, edges included (spec 01 §4). */
export function isInRadarCoverage(latitude: number, longitude: number): boolean {
  return (
    latitude >= RADAR_COVERAGE.minLatitude &&
    latitude <= RADAR_COVERAGE.maxLatitude &&
    longitude >= RADAR_COVERAGE.minLongitude &&
    longitude <= RADAR_COVERAGE.maxLongitude
  );
}

/** Radar types offered: outside coverage only past; inside, the three radar types, or the two road types in road view (spec 01 §4). */
export function radarTypeOptions(latitude: number, longitude: number, roadView: boolean): RadarType[] {
  if (!isInRadarCoverage(latitude, longitude)) return ['past'];
  return roadView ? ['current-road-conditions', 'future-road-conditions'] : ['past', 'future', 'extended'];
}

/** The radar type in force: outside coverage past (radar view) or current-road-conditions (road view), else the chosen one (spec 01 §4). */
export function effectiveRadarType(
  chosen: RadarType,
  latitude: number,
  longitude: number,
  roadView: boolean,
): RadarType {
  if (isInRadarCoverage(latitude, longitude)) return chosen;
  return roadView ? 'current-road-conditions' : 'past';
}
