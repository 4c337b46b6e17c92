import { describe, expect, it } from 'vitest';
import { destinationPoint } from '@allclear/domain';
import { circleBoundingBoxes } from './geometry.ts';
import { CircleIndex, type IndexedCircle } from './spatial-index.ts';

const keys = (index: CircleIndex<IndexedCircle>, p: { latitude: number; longitude: number }) =>
  index
    .candidates(p.latitude, p.longitude)
    .map((c) => c.key)
    .sort((a, b) => a - b);

describe('circle bounding boxes', () => {
  it('contain the points exactly at the radius in every direction, at mid and high latitudes', () => {
    for (const origin of [
      { latitude: 32.7767, longitude: -96.797 },
      { latitude: 64.8, longitude: -147.7 },
    ]) {
      const [box] = circleBoundingBoxes(origin.latitude, origin.longitude, 50);
      for (let bearing = 0; bearing < 360; bearing += 7.5) {
        const p = destinationPoint(origin, bearing, 50);
        expect(p.longitude).toBeGreaterThanOrEqual(box!.minLon);
        expect(p.longitude).toBeLessThanOrEqual(box!.maxLon);
        expect(p.latitude).toBeGreaterThanOrEqual(box!.minLat);
        expect(p.latitude).toBeLessThanOrEqual(box!.maxLat);
      }
    }
  });

  it('split in two across the antimeridian, and span every longitude when the circle reaches a pole', () => {
    expect(circleBoundingBoxes(0, 179.9, 20)).toHaveLength(2);
    expect(circleBoundingBoxes(89.9, 0, 20)).toEqual([
      expect.objectContaining({ minLon: -180, maxLon: 180 }),
    ]);
  });
});

describe('CircleIndex', () => {
  const dallas = { latitude: 32.7767, longitude: -96.797 };

  it('finds a circle added after packing at once, forgets a removed one, and sees a changed radius', () => {
    const index = new CircleIndex<IndexedCircle>();
    index.reset([{ key: 1, ...dallas, radiusMiles: 10 }]);
    const near = destinationPoint(dallas, 90, 15);
    expect(keys(index, near)).toEqual([]);

    index.upsert({ key: 2, ...dallas, radiusMiles: 20 });
    expect(keys(index, near)).toEqual([2]);
    index.upsert({ key: 1, ...dallas, radiusMiles: 30 });
    expect(keys(index, near)).toEqual([1, 2]);
    index.remove(2);
    expect(keys(index, near)).toEqual([1]);
    index.upsert({ key: 1, ...dallas, radiusMiles: 0 });
    expect(keys(index, near)).toEqual([]);
  });

  it('gives the same answers after the overlay is folded into a new tree', () => {
    const index = new CircleIndex<IndexedCircle>();
    index.reset([]);
    // more than the overlay threshold (256): the index repacks on the way
    for (let key = 1; key <= 400; key++) {
      index.upsert({ key, ...destinationPoint(dallas, key, key / 10), radiusMiles: 5 });
    }
    expect(index.size).toBe(400);
    for (const key of [3, 120, 257, 399]) {
      const p = destinationPoint(index.get(key)!, 45, 2);
      // by brute force: every circle whose bounding box holds the point
      const expected = [...index.values()]
        .filter((c) =>
          circleBoundingBoxes(c.latitude, c.longitude, c.radiusMiles).some(
            (b) =>
              p.longitude >= b.minLon &&
              p.longitude <= b.maxLon &&
              p.latitude >= b.minLat &&
              p.latitude <= b.maxLat,
          ),
        )
        .map((c) => c.key)
        .sort((a, b) => a - b);
      expect(expected.length).toBeGreaterThan(0);
      expect(keys(index, p)).toEqual(expected);
    }
  });

  it('returns a circle across the antimeridian once', () => {
    const index = new CircleIndex<IndexedCircle>();
    index.reset([{ key: 7, latitude: 0, longitude: 179.95, radiusMiles: 20 }]);
    expect(keys(index, { latitude: 0, longitude: -179.95 })).toEqual([7]);
    expect(keys(index, { latitude: 0, longitude: 180 })).toEqual([7]);
  });
});
