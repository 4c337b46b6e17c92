import { describe, it, expect } from 'vitest';
import {
  toggleOverlay,
  DEFAULT_MAP_OVERLAY_STATE,
  TRANSPARENCY_OPACITY,
  PLAYBACK_SPEED_MS,
} from './map-overlays.ts';

describe('map overlays (spec 01 §4, §9)', () => {
  it('starts with radar and lightning on, light base, past radar, opacity 1 and normal speed', () => {
    expect(DEFAULT_MAP_OVERLAY_STATE).toEqual({
      baseLayerStyle: 'light',
      overlays: ['radar', 'lightning'],
      radarStyle: 'past',
      opacity: 1,
      speed: 'normal',
    });
  });

  it('removes radar and sets future-road-conditions when road conditions turn on', () => {
    const s = toggleOverlay(DEFAULT_MAP_OVERLAY_STATE, 'roadConditions');
    expect(s.overlays).toEqual(['lightning', 'roadConditions']);
    expect(s.radarStyle).toBe('future-road-conditions');
  });

  it('removes road conditions and sets past when radar turns on', () => {
    const road = toggleOverlay(DEFAULT_MAP_OVERLAY_STATE, 'roadConditions');
    const s = toggleOverlay(road, 'radar');
    expect(s.overlays).toEqual(['lightning', 'radar']);
    expect(s.radarStyle).toBe('past');
  });

  it('turns other overlays on and off without touching the radar style', () => {
    const on = toggleOverlay(DEFAULT_MAP_OVERLAY_STATE, 'stormCells');
    expect(on.overlays).toEqual(['radar', 'lightning', 'stormCells']);
    expect(toggleOverlay(on, 'stormCells').overlays).toEqual(['radar', 'lightning']);
    expect(toggleOverlay(on, 'radar').radarStyle).toBe('past');
  });

  it('maps transparency low 0.4, medium 0.6, high 1 and speeds 1000/750/500/115 ms', () => {
    expect(TRANSPARENCY_OPACITY).toEqual({ low: 0.4, medium: 0.6, high: 1 });
    expect(PLAYBACK_SPEED_MS).toEqual({ slow: 1000, normal: 750, fast: 500, veryFast: 115 });
  });
});
