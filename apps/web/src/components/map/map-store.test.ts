import { beforeEach, describe, expect, it } from 'vitest';
import { advanceProgress } from '@allclear/domain';
import { initialMapState, selectRadarPlaying, useMapStore } from './map-store.ts';

const store = () => useMapStore.getState();

describe('map store', () => {
  beforeEach(() => store().reset());

  it('starts with radar and lightning on, light base, past radar at the latest frame, opacity 1, normal speed', () => {
    const s = store();
    expect(s.overlays).toEqual(['radar', 'lightning']);
    expect(s.baseLayerStyle).toBe('light');
    expect(s.radarStyle).toBe('past');
    expect(s.progress).toBe(100);
    expect(s.opacity).toBe(1);
    expect(s.speed).toBe('normal');
    expect(s.playback).toBe('STATIC');
    expect(s.showAllLocations).toBe(false);
    expect(initialMapState().openMenu).toBeNull();
  });

  it('turning road conditions on removes radar, sets future-road-conditions, resets progress to 0 and stops', () => {
    store().dispatchPlayback({ type: 'play-toggled' });
    store().toggleOverlay('roadConditions');
    const s = store();
    expect(s.overlays).toEqual(['lightning', 'roadConditions']);
    expect(s.radarStyle).toBe('future-road-conditions');
    expect(s.progress).toBe(0);
    expect(s.playback).toBe('STATIC');
  });

  it('turning radar back on removes road conditions and returns to past at progress 100', () => {
    store().toggleOverlay('roadConditions');
    store().toggleOverlay('radar');
    expect(store().overlays).toEqual(['lightning', 'radar']);
    expect(store().radarStyle).toBe('past');
    expect(store().progress).toBe(100);
  });

  it('turning an overlay off keeps the radar style and progress', () => {
    store().dispatchPlayback({ type: 'scrubbed', progress: 40 });
    store().toggleOverlay('lightning');
    expect(store().overlays).toEqual(['radar']);
    expect(store().progress).toBe(40);
    expect(store().radarStyle).toBe('past');
  });

  it('plays a 13-frame loop: each tick adds 100/13 percent and the tick at 100 wraps to 0', () => {
    store().setRadarStyle('future');
    store().dispatchPlayback({ type: 'play-toggled' });
    expect(selectRadarPlaying(store())).toBe(true);
    for (let i = 0; i < 13; i += 1) store().dispatchPlayback({ type: 'ticked', frameCount: 13 });
    expect(store().progress).toBe(100);
    store().dispatchPlayback({ type: 'ticked', frameCount: 13 });
    expect(store().progress).toBe(0);
    expect(advanceProgress(0, 13)).toBeCloseTo(100 / 13, 10);
  });

  it('a viewport change during PLAY or SCRUB returns to STATIC and keeps the frame', () => {
    store().dispatchPlayback({ type: 'play-toggled' });
    store().dispatchPlayback({ type: 'viewport-changed' });
    expect(store().playback).toBe('STATIC');
    store().dispatchPlayback({ type: 'scrubbed', progress: 55 });
    expect(store().playback).toBe('SCRUB');
    store().dispatchPlayback({ type: 'viewport-changed' });
    expect(store().playback).toBe('STATIC');
    expect(store().progress).toBe(55);
  });

  it('ticks outside PLAY do not move the timeline', () => {
    store().dispatchPlayback({ type: 'ticked', frameCount: 13 });
    expect(store().progress).toBe(100);
  });

  it('keeps one menu open at a time and closes the open one on a second click', () => {
    store().clickMenu('layer');
    store().clickMenu('base');
    expect(store().openMenu).toBe('base');
    store().clickMenu('base');
    expect(store().openMenu).toBeNull();
  });

  it('action modes toggle back to none, and leaving observation mode clears the clicked observation', () => {
    store().pressActionMode('observation');
    expect(store().actionMode).toBe('observation');
    store().pressActionMode('measure');
    expect(store().actionMode).toBe('measure');
    expect(store().observationClearedAt).toBe(1);
    store().pressActionMode('measure');
    expect(store().actionMode).toBe('none');
    expect(store().observationClearedAt).toBe(1);
  });
});
