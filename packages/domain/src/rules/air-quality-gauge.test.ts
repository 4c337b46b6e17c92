import { describe, it, expect } from 'vitest';
import { aqiGaugeBand, aqiGaugeFraction } from './air-quality-gauge.ts';

describe('air quality gauge (spec 01 §9)', () => {
  it('starts a band at 0, 5, 25, 50 and then every 25 up to 275: the edge in it, just below in the band before', () => {
    [5, 25, 50, 75, 100, 125, 150, 175, 200, 225, 250, 275].forEach((edge, i) => {
      expect(aqiGaugeBand(edge), `${edge}`).toBe(i + 1);
      expect(aqiGaugeBand(edge - 0.01), `${edge - 0.01}`).toBe(i);
    });
  });

  it('places a value on an edge in the band that starts there, and 300 in the top band', () => {
    expect(aqiGaugeBand(0)).toBe(0);
    expect(aqiGaugeBand(4.9)).toBe(0);
    expect(aqiGaugeBand(5)).toBe(1);
    expect(aqiGaugeBand(275)).toBe(12);
    expect(aqiGaugeBand(300)).toBe(12);
    expect(aqiGaugeBand(500)).toBe(12);
    expect(aqiGaugeBand(-3)).toBe(0);
  });

  it('positions the needle proportionally on 0..300, clamped', () => {
    expect(aqiGaugeFraction(150)).toBe(0.5);
    expect(aqiGaugeFraction(400)).toBe(1);
    expect(aqiGaugeFraction(-1)).toBe(0);
  });
});
