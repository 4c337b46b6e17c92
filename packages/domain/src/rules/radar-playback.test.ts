import { describe, it, expect } from 'vitest';
import {
  radarPlaybackReducer as reduce,
  advanceProgress,
  stepProgress,
  initialProgress,
  isInRadarCoverage,
  radarTypeOptions,
  effectiveRadarType,
  type RadarPlayback,
} from './radar-playback.ts';

const playing: RadarPlayback = { state: 'PLAY', progress: 40, radarType: 'past' };
const idle: RadarPlayback = { state: 'STATIC', progress: 100, radarType: 'past' };

describe('radar playback (spec 01 §4)', () => {
  it('toggles between PLAY and STATIC with the play button', () => {
    expect(reduce(idle, { type: 'play-toggled' }).state).toBe('PLAY');
    expect(reduce(playing, { type: 'play-toggled' }).state).toBe('STATIC');
  });

  it('moves to SCRUB on a slider drag or arrow key', () => {
    expect(reduce(playing, { type: 'scrubbed', progress: 120 })).toEqual({
      ...playing,
      state: 'SCRUB',
      progress: 100,
    });
    expect(reduce(playing, { type: 'key-stepped', direction: -1 })).toEqual({
      ...playing,
      state: 'SCRUB',
      progress: 35,
    });
  });

  it('returns to STATIC on a viewport change during PLAY or SCRUB', () => {
    expect(reduce(playing, { type: 'viewport-changed' }).state).toBe('STATIC');
    expect(reduce({ ...playing, state: 'SCRUB' }, { type: 'viewport-changed' }).state).toBe('STATIC');
    expect(reduce(idle, { type: 'viewport-changed' })).toBe(idle);
  });

  it('resets progress to 100 for past and 0 otherwise on a type change, and stops', () => {
    expect(initialProgress('past')).toBe(100);
    expect(reduce(playing, { type: 'radar-type-changed', radarType: 'future' })).toEqual({
      state: 'STATIC',
      progress: 0,
      radarType: 'future',
    });
    expect(reduce(playing, { type: 'radar-type-changed', radarType: 'past' }).progress).toBe(100);
  });

  it('advances by 100 / frameCount per tick in PLAY only, and wraps to 0 after 100', () => {
    expect(reduce(playing, { type: 'ticked', frameCount: 10 }).progress).toBe(50);
    expect(reduce(idle, { type: 'ticked', frameCount: 10 })).toBe(idle);
    expect(advanceProgress(90, 10)).toBe(100);
    expect(advanceProgress(100, 10)).toBe(0);
    expect(advanceProgress(20, 0)).toBe(20);
    let p = 0;
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) seen.push((p = advanceProgress(p, 3)));
    expect(seen.map((v) => Math.round(v))).toEqual([33, 67, 100, 0]);
  });

  it('steps the timeline by 5 percent with arrow keys within 0..100', () => {
    expect(stepProgress(50, 1)).toBe(55);
    expect(stepProgress(98, 1)).toBe(100);
    expect(stepProgress(3, -1)).toBe(0);
  });

  it('covers latitude 24.5 to 49 and longitude -126 to -67, edges included', () => {
    expect(isInRadarCoverage(24.5, -126)).toBe(true);
    expect(isInRadarCoverage(49, -67)).toBe(true);
    expect(isInRadarCoverage(24.49, -100)).toBe(false);
    expect(isInRadarCoverage(40, -66.99)).toBe(false);
    expect(isInRadarCoverage(49.01, -100)).toBe(false);
    expect(isInRadarCoverage(40, -126.01)).toBe(false);
  });

  it('forces past or current-road-conditions outside coverage and offers only past there', () => {
    expect(effectiveRadarType('future', 21.3, -157.8, false)).toBe('past');
    expect(effectiveRadarType('future-road-conditions', 21.3, -157.8, true)).toBe('current-road-conditions');
    expect(effectiveRadarType('extended', 32.8, -96.8, false)).toBe('extended');
    expect(radarTypeOptions(21.3, -157.8, true)).toEqual(['past']);
    expect(radarTypeOptions(32.8, -96.8, false)).toEqual(['past', 'future', 'extended']);
    expect(radarTypeOptions(32.8, -96.8, true)).toEqual([
      'current-road-conditions',
      'future-road-conditions',
    ]);
  });
});
