import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dewPointC, relativeHumidityPct } from './dew-point.ts';

describe('dewPointC (Magnus, Alduchov & Eskridge 1996 coefficients)', () => {
  it('equals the air temperature at 100% relative humidity', () => {
    expect(dewPointC(25, 100)).toBeCloseTo(25, 10);
    expect(dewPointC(-10, 100)).toBeCloseTo(-10, 10);
  });

  it('gives 13.9 °C at 25 °C and 50% (the commonly tabulated value)', () => {
    expect(dewPointC(25, 50)).toBeCloseTo(13.86, 2);
  });

  it('is null at 0% and below, defined just above 0%', () => {
    expect(dewPointC(20, 0)).toBeNull();
    expect(dewPointC(20, -5)).toBeNull();
    expect(dewPointC(20, 0.1)).not.toBeNull();
  });
});

describe('relativeHumidityPct', () => {
  it('is 100% when the dew point equals the temperature', () => {
    expect(relativeHumidityPct(30, 30)).toBeCloseTo(100, 10);
  });

  it('inverts dewPointC', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -30, max: 45, noNaN: true }),
        fc.double({ min: 1, max: 100, noNaN: true }),
        (t, rh) => {
          expect(relativeHumidityPct(t, dewPointC(t, rh)!)).toBeCloseTo(rh, 6);
        },
      ),
    );
  });
});
