import { describe, it, expect } from 'vitest';
import {
  allClearOptions,
  isAllClearOption,
  newLocationDefaults,
  preloadedLocation,
} from './location-defaults.ts';
import { isSilenced } from './location-flags.ts';

describe('location defaults (spec 01 §3, §5; spec 02 §3)', () => {
  it('offers all-clear options from 10 to 60 minutes in steps of 10', () => {
    expect(allClearOptions()).toEqual([10, 20, 30, 40, 50, 60]);
    expect(isAllClearOption(60)).toBe(true);
    expect(isAllClearOption(70)).toBe(false);
    expect(isAllClearOption(15)).toBe(false);
  });

  it('opens a new and a preloaded location on one of the slider options', () => {
    const org = { id: 7, name: 'Stadium', address: '1 Main St', latitude: 32.7, longitude: -96.8 };
    for (const draft of [
      newLocationDefaults('dashboard'),
      newLocationDefaults('map-modal'),
      preloadedLocation(org),
    ])
      expect(isAllClearOption(draft.allClearMinutes)).toBe(true);
  });

  it('gives a new location radius1 10, other radii 0 and alerts on (flags 0) in both readings', () => {
    expect(newLocationDefaults('dashboard')).toMatchObject({
      radius1: 10,
      radius2: 0,
      radius3: 0,
      radius4: 0,
      allClearMinutes: 30,
      flags: 0,
      forecastLocation: false,
      latitude: 0,
      longitude: 0,
    });
    expect(newLocationDefaults('map-modal').flags).toBe(0);
    // the spec's other reading, 2, is an alert-channel bit: a new location would start silenced
    for (const reading of ['dashboard', 'map-modal'] as const)
      expect(isSilenced(newLocationDefaults(reading).flags), reading).toBe(false);
  });

  it('preloads an organisation location with radii 10, 20, 30, all clear 30 and alerts on (flags 0)', () => {
    const org = { id: 7, name: 'Stadium', address: '1 Main St', latitude: 32.7, longitude: -96.8 };
    expect(preloadedLocation(org)).toEqual({
      label: 'Stadium',
      locationName: '1 Main St',
      latitude: 32.7,
      longitude: -96.8,
      radius1: 10,
      radius2: 20,
      radius3: 30,
      radius4: 0,
      allClearMinutes: 30,
      flags: 0,
      forecastLocation: false,
      organizationLocationId: 7,
    });
    expect(preloadedLocation({ ...org, label: 'Field A' }).label).toBe('Field A');
    expect(isSilenced(preloadedLocation(org).flags)).toBe(false);
  });
});
