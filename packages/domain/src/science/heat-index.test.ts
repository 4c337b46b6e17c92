import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { heatIndexF } from './heat-index.ts';

/** The Rothfusz regression as printed on the WPC page, without adjustments. */
function rothfusz(t: number, rh: number): number {
  return (
    -42.379 +
    2.04901523 * t +
    10.14333127 * rh -
    0.22475541 * t * rh -
    0.00683783 * t * t -
    0.05481717 * rh * rh +
    0.00122874 * t * t * rh +
    0.00085282 * t * rh * rh -
    0.00000199 * t * t * rh * rh
  );
}

describe('heatIndexF (NWS/WPC Rothfusz algorithm)', () => {
  // NWS heat index chart (https://www.weather.gov/safety/heat-index), values rounded to whole °F.
  it.each([
    [80, 40, 80],
    [90, 50, 95],
    [90, 70, 106],
    [100, 40, 109],
    [86, 90, 105],
    [104, 55, 137],
  ])('matches the NWS chart at %s °F and %s%% (%s °F)', (t, rh, chart) => {
    expect(Math.round(heatIndexF(t, rh)!)).toBe(chart);
  });

  it('returns the simple formula when its average with the temperature is under 80 °F', () => {
    // 0.5 × (70 + 61 + (70 − 68) × 1.2 + 50 × 0.094) = 69.05
    expect(heatIndexF(70, 50)).toBeCloseTo(69.05, 10);
    // At 79 °F and 40%, simple = 78.48, average 78.74 < 80: still the simple formula.
    expect(heatIndexF(79, 40)).toBeCloseTo(0.5 * (79 + 61 + 11 * 1.2 + 40 * 0.094), 10);
  });

  it('switches to the Rothfusz regression exactly when the average reaches 80 °F', () => {
    // At 80 °F the simple formula is 0.5 × (155.4 + 0.094 RH); its average with 80 reaches 80 when it equals 80.
    const rhAtSwitch = (2 * 80 - 141 - 14.4) / 0.094;
    expect(heatIndexF(80, rhAtSwitch)).toBeCloseTo(rothfusz(80, rhAtSwitch), 10);
    expect(heatIndexF(80, rhAtSwitch - 0.01)).toBeCloseTo(
      0.5 * (80 + 61 + 14.4 + (rhAtSwitch - 0.01) * 0.094),
      10,
    );
  });

  it('subtracts [(13 − RH)/4] √[(17 − |T − 95|)/17] below 13% between 80 and 112 °F', () => {
    expect(heatIndexF(95, 13)).toBeCloseTo(rothfusz(95, 13), 10);
    expect(heatIndexF(95, 12.9)).toBeCloseTo(rothfusz(95, 12.9) - 0.1 / 4, 10);
    expect(heatIndexF(100, 5)).toBeCloseTo(rothfusz(100, 5) - 2 * Math.sqrt(12 / 17), 10);
    expect(heatIndexF(111.9, 5)).toBeCloseTo(rothfusz(111.9, 5) - 2 * Math.sqrt(0.1 / 17), 10);
    expect(heatIndexF(112.1, 5)).toBeCloseTo(rothfusz(112.1, 5), 10);
  });

  it('adds [(RH − 85)/10] [(87 − T)/5] above 85% between 80 and 87 °F', () => {
    expect(heatIndexF(85, 85)).toBeCloseTo(rothfusz(85, 85), 10);
    expect(heatIndexF(85, 95)).toBeCloseTo(rothfusz(85, 95) + 0.4, 10);
    expect(heatIndexF(80, 90)).toBeCloseTo(rothfusz(80, 90) + 0.7, 10);
    expect(heatIndexF(87, 95)).toBeCloseTo(rothfusz(87, 95), 10);
    expect(heatIndexF(87.1, 95)).toBeCloseTo(rothfusz(87.1, 95), 10);
  });

  it('is null for humidity outside 0–100%', () => {
    expect(heatIndexF(90, -1)).toBeNull();
    expect(heatIndexF(90, 100.1)).toBeNull();
    expect(heatIndexF(90, 100)).not.toBeNull();
    expect(heatIndexF(Number.NaN, 50)).toBeNull();
  });

  it('never falls as humidity rises at 80 °F and above', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 80, max: 115, noNaN: true }),
        fc.double({ min: 0, max: 99, noNaN: true }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        (t, rh, step) => {
          expect(heatIndexF(t, rh + step)!).toBeGreaterThanOrEqual(heatIndexF(t, rh)! - 1e-9);
        },
      ),
    );
  });
});
