import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cToF, fToC, hpaToInHg, kmhToMph, mmToIn, mphToMs, msToMph } from './units.ts';

describe('unit conversions', () => {
  it('converts the fixed points of the Celsius and Fahrenheit scales', () => {
    expect(cToF(0)).toBe(32);
    expect(cToF(100)).toBe(212);
    expect(cToF(-40)).toBe(-40);
    expect(fToC(32)).toBe(0);
    expect(fToC(212)).toBe(100);
  });

  it('multiplies m/s by 2.236936 to get mph (spec 01 §9) and divides to go back', () => {
    expect(msToMph(1)).toBe(2.236936);
    expect(msToMph(10)).toBeCloseTo(22.36936, 10);
    expect(mphToMs(2.236936)).toBe(1);
  });

  it('converts km/h, hPa and mm with their exact definitions', () => {
    expect(kmhToMph(1.609344)).toBe(1);
    expect(kmhToMph(100)).toBeCloseTo(62.1371, 4);
    // Standard atmosphere: 1013.25 hPa = 29.92 inHg.
    expect(hpaToInHg(1013.25)).toBeCloseTo(29.921, 3);
    expect(mmToIn(25.4)).toBe(1);
  });

  it('round-trips temperature and speed conversions', () => {
    fc.assert(
      fc.property(fc.double({ min: -100, max: 100, noNaN: true }), (x) => {
        expect(fToC(cToF(x))).toBeCloseTo(x, 9);
        expect(mphToMs(msToMph(x))).toBeCloseTo(x, 9);
      }),
    );
  });
});
