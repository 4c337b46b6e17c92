import { describe, it, expect } from 'vitest';
import { compass16, compass8, compassToDegrees, COMPASS_16 } from './compass.ts';

describe('compass text (spec 01 §9, spec 03 §9)', () => {
  it('names 16 points with the boundary half-way between them going to the next point', () => {
    expect(compass16(0)).toBe('N');
    expect(compass16(11.24)).toBe('N');
    expect(compass16(11.25)).toBe('NNE');
    expect(compass16(348.75)).toBe('N');
    expect(compass16(348.74)).toBe('NNW');
    expect(compass16(-90)).toBe('W');
    expect(compass16(720 + 180)).toBe('S');
  });

  it('names 8 points with 45-degree sectors', () => {
    expect(compass8(22.49)).toBe('N');
    expect(compass8(22.5)).toBe('NE');
    expect(compass8(337.5)).toBe('N');
    expect(compass8(270)).toBe('W');
  });

  it('maps 16-point text to degrees in 22.5-degree steps and round-trips', () => {
    expect(compassToDegrees('NNE')).toBe(22.5);
    expect(compassToDegrees('nnw')).toBe(337.5);
    expect(compassToDegrees('X')).toBeNull();
    expect(compassToDegrees(undefined)).toBeNull();
    COMPASS_16.forEach((p) => expect(compass16(compassToDegrees(p)!)).toBe(p));
  });
});
