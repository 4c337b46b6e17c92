import { describe, it, expect } from 'vitest';
import { openMenuAfterClick, toggleActionMode } from './map-menus.ts';

describe('map menus and action modes (spec 01 §4)', () => {
  it('opens only the clicked menu and closes it when clicked again', () => {
    expect(openMenuAfterClick(null, 'layer')).toBe('layer');
    expect(openMenuAfterClick('layer', 'radar')).toBe('radar');
    expect(openMenuAfterClick('radar', 'radar')).toBeNull();
  });

  it('toggles a mode back to none and clears the observation when leaving observation mode', () => {
    expect(toggleActionMode('none', 'measure')).toEqual({ mode: 'measure', clearObservation: false });
    expect(toggleActionMode('measure', 'measure')).toEqual({ mode: 'none', clearObservation: false });
    expect(toggleActionMode('observation', 'observation')).toEqual({ mode: 'none', clearObservation: true });
    expect(toggleActionMode('observation', 'measure')).toEqual({ mode: 'measure', clearObservation: true });
    expect(toggleActionMode('measure', 'observation')).toEqual({
      mode: 'observation',
      clearObservation: false,
    });
  });
});
