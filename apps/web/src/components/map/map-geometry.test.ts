import { describe, expect, it } from 'vitest';
import { greatCircleMiles } from '@allclear/domain';
import {
  formatMiles,
  geodesicRing,
  pathMiles,
  radiusRingsGeoJson,
  strikeFetchBounds,
  ZONE_HEX,
} from './map-geometry.ts';

describe('strike fetch bounds', () => {
  it('expands each side by 120 % of the span and rounds to 4 decimals', () => {
    const b = strikeFetchBounds({ west: -97.123456, south: 32.5, east: -96.5, north: 33.000049 });
    // span lng 0.623456 → 0.7481472; span lat 0.500049 → 0.6000588
    expect(b).toEqual({ west: -97.8716, east: -95.7519, south: 31.8999, north: 33.6001 });
  });

  it('clamps to the world at low zoom', () => {
    const b = strikeFetchBounds({ west: -170, south: -60, east: 170, north: 80 });
    expect(b).toEqual({ west: -180, east: 180, south: -85.0511, north: 85.0511 });
  });
});

describe('radius rings', () => {
  it('puts every vertex of a ring at the radius by great-circle distance and closes it', () => {
    const centre = { latitude: 32.7473, longitude: -97.0945 };
    const ring = geodesicRing(centre, 10);
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    for (const [lng, lat] of ring)
      expect(greatCircleMiles(centre, { latitude: lat, longitude: lng })).toBeCloseTo(10, 6);
  });

  it('draws zones with a radius in red, amber, green, blue and skips zones that are off', () => {
    const fc = radiusRingsGeoJson({ latitude: 32.7, longitude: -97 }, [8, 0, 15, null]);
    const lines = fc.features.filter((f) => f.geometry.type === 'LineString');
    expect(lines.map((f) => f.properties?.colour)).toEqual([ZONE_HEX.red, ZONE_HEX.green]);
    const labels = fc.features.filter((f) => f.geometry.type === 'Point').map((f) => f.properties?.label);
    expect(labels).toEqual(['8 mi', '15 mi']);
  });
});

describe('measure', () => {
  it('sums great-circle legs in miles', () => {
    const dallas: [number, number] = [-96.797, 32.7767];
    const fortWorth: [number, number] = [-97.3308, 32.7555];
    const oneLeg = pathMiles([dallas, fortWorth]);
    expect(oneLeg).toBeCloseTo(31.1, 1);
    expect(pathMiles([dallas, fortWorth, dallas])).toBeCloseTo(2 * oneLeg, 9);
    expect(pathMiles([dallas])).toBe(0);
  });

  it('shows two decimals under 10 miles and one from 10', () => {
    expect(formatMiles(9.996)).toBe('10.00 mi');
    expect(formatMiles(9.994)).toBe('9.99 mi');
    expect(formatMiles(10)).toBe('10.0 mi');
  });
});
