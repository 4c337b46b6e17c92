import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { windChillF } from './wind-chill.ts';

describe('windChillF (NWS 2001)', () => {
  // NWS wind chill chart (https://www.weather.gov/safety/cold-wind-chill-chart), whole °F.
  it.each([
    [40, 5, 36],
    [30, 10, 21],
    [0, 15, -19],
    [-10, 20, -35],
    [-40, 60, -91],
  ])('matches the NWS chart at %s °F and %s mph (%s °F)', (t, v, chart) => {
    expect(Math.round(windChillF(t, v)!)).toBe(chart);
  });

  it('is defined at exactly 50 °F and null just above', () => {
    expect(windChillF(50, 10)).not.toBeNull();
    expect(windChillF(50.1, 10)).toBeNull();
  });

  it('is null at 3 mph and defined just above', () => {
    expect(windChillF(20, 3)).toBeNull();
    expect(windChillF(20, 3.1)).not.toBeNull();
  });

  it('is always colder than the air temperature', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -60, max: 50, noNaN: true }),
        fc.double({ min: 3.01, max: 120, noNaN: true }),
        (t, v) => {
          expect(windChillF(t, v)!).toBeLessThan(t);
        },
      ),
    );
  });
});
