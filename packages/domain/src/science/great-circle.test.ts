import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EARTH_RADIUS_MILES,
  destinationPoint,
  greatCircleMiles,
  initialBearingDeg,
  type GeoPoint,
} from './great-circle.ts';

const point = fc.record({
  latitude: fc.double({ min: -89.9, max: 89.9, noNaN: true }),
  longitude: fc.double({ min: -180, max: 180, noNaN: true }),
});

describe('great-circle geometry on a 3959-mile sphere (spec 01 §9)', () => {
  it('measures a quarter meridian and one degree of arc exactly', () => {
    expect(greatCircleMiles({ latitude: 0, longitude: 0 }, { latitude: 90, longitude: 0 })).toBeCloseTo(
      (3959 * Math.PI) / 2,
      6,
    );
    expect(greatCircleMiles({ latitude: 10, longitude: 20 }, { latitude: 11, longitude: 20 })).toBeCloseTo(
      (3959 * Math.PI) / 180,
      6,
    );
    expect(
      greatCircleMiles({ latitude: 0, longitude: 179.5 }, { latitude: 0, longitude: -179.5 }),
    ).toBeCloseTo((3959 * Math.PI) / 180, 6);
  });

  it('is zero between a point and itself and half the circumference between antipodes', () => {
    const p = { latitude: 32.78, longitude: -96.8 };
    expect(greatCircleMiles(p, p)).toBe(0);
    expect(greatCircleMiles(p, { latitude: -32.78, longitude: 83.2 })).toBeCloseTo(3959 * Math.PI, 6);
  });

  it('gives the cardinal bearings', () => {
    const o = { latitude: 0, longitude: 0 };
    expect(initialBearingDeg(o, { latitude: 10, longitude: 0 })).toBeCloseTo(0, 10);
    expect(initialBearingDeg(o, { latitude: 0, longitude: 10 })).toBeCloseTo(90, 10);
    expect(initialBearingDeg(o, { latitude: -10, longitude: 0 })).toBeCloseTo(180, 10);
    expect(initialBearingDeg(o, { latitude: 0, longitude: -10 })).toBeCloseTo(270, 10);
  });

  it('walks 50 miles due north by 50/3959 radians of latitude', () => {
    const d = destinationPoint({ latitude: 32.78, longitude: -96.8 }, 0, 50);
    expect(d.latitude).toBeCloseTo(32.78 + ((50 / 3959) * 180) / Math.PI, 10);
    expect(d.longitude).toBeCloseTo(-96.8, 10);
  });

  it('wraps longitude across the antimeridian', () => {
    // One degree of arc (3959 π / 180 miles) east of 179.5° E along the equator is 179.5° W.
    const d = destinationPoint({ latitude: 0, longitude: 179.5 }, 90, (3959 * Math.PI) / 180);
    expect(d.longitude).toBeCloseTo(-179.5, 9);
    expect(d.latitude).toBeCloseTo(0, 9);
  });

  it('is symmetric', () => {
    fc.assert(
      fc.property(point, point, (a, b) => {
        expect(greatCircleMiles(a, b)).toBeCloseTo(greatCircleMiles(b, a), 6);
      }),
    );
  });

  it('satisfies the triangle inequality', () => {
    fc.assert(
      fc.property(point, point, point, (a, b, c) => {
        expect(greatCircleMiles(a, c)).toBeLessThanOrEqual(
          greatCircleMiles(a, b) + greatCircleMiles(b, c) + 1e-6 * EARTH_RADIUS_MILES,
        );
      }),
    );
  });

  it('returns to the same distance and bearing it walked', () => {
    fc.assert(
      fc.property(
        fc.record({
          latitude: fc.double({ min: -80, max: 80, noNaN: true }),
          longitude: fc.double({ min: -180, max: 180, noNaN: true }),
        }),
        fc.double({ min: 0, max: 359.9, noNaN: true }),
        fc.double({ min: 0.5, max: 3000, noNaN: true }),
        (origin: GeoPoint, bearing, miles) => {
          const dest = destinationPoint(origin, bearing, miles);
          expect(greatCircleMiles(origin, dest)).toBeCloseTo(miles, 5);
          const back = initialBearingDeg(origin, dest);
          const diff = Math.abs(((back - bearing + 540) % 360) - 180);
          expect(diff).toBeLessThan(1e-6);
        },
      ),
    );
  });
});
