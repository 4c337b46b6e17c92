import { describe, expect, it } from 'vitest';
import { mulberry32 as random } from '@allclear/weather';
import { BoxGrid } from './box-grid.ts';
import type { LonLatBox } from './geometry.ts';

/** A box from its sides, as the tests write them: minLon, minLat, maxLon, maxLat. */
type Box = readonly [number, number, number, number];
const box = ([minLon, minLat, maxLon, maxLat]: Box): LonLatBox => ({ minLon, minLat, maxLon, maxLat });
const packed = (boxes: readonly Box[]) => new BoxGrid(boxes.map(box));

const found = (grid: BoxGrid, lon: number, lat: number) => {
  const out: number[] = [];
  grid.forEach(lon, lat, (i) => out.push(i));
  return out;
};

const scan = (boxes: readonly Box[], lon: number, lat: number) =>
  boxes.flatMap((b, i) => (lon >= b[0] && lat >= b[1] && lon <= b[2] && lat <= b[3] ? [i] : []));

describe('BoxGrid', () => {
  it('finds exactly the boxes containing a point, each once, as a scan of every box does', () => {
    for (const seed of [1, 2, 3]) {
      const rnd = random(seed);
      // zone circles of 5 to 60 miles over the United States, a few continent-wide ones and a polar cap
      const boxes: Box[] = Array.from({ length: 3_000 }, () => {
        const lon = -125 + rnd() * 58;
        const lat = 25 + rnd() * 24;
        const half = 0.07 + rnd() * 0.8;
        return [lon - half * 1.3, lat - half, lon + half * 1.3, lat + half];
      });
      boxes.push([-130, 20, -60, 55], [-180, 80, 180, 90]);
      const grid = packed(boxes);
      for (let q = 0; q < 1_000; q++) {
        const lon = -128 + rnd() * 64;
        const lat = 22 + rnd() * 30;
        expect(found(grid, lon, lat), `seed ${seed}, (${lon}, ${lat})`).toEqual(scan(boxes, lon, lat));
      }
      expect(found(grid, 0, 85)).toEqual([boxes.length - 1]);
    }
  });

  it("counts a box's edges and corners as inside, however they fall on the cells", () => {
    const rnd = random(7);
    const boxes: Box[] = Array.from({ length: 500 }, () => {
      const lon = -100 + rnd() * 10;
      const lat = 30 + rnd() * 10;
      return [lon, lat, lon + rnd() * 2, lat + rnd() * 2];
    });
    const grid = packed(boxes);
    boxes.forEach((b, i) => {
      for (const [lon, lat] of [
        [b[0], b[1]],
        [b[2], b[3]],
        [b[0], b[3]],
        [b[2], b[1]],
        [(b[0] + b[2]) / 2, b[1]],
      ] as const) {
        expect(found(grid, lon, lat)).toContain(i);
        expect(found(grid, lon, lat)).toEqual(scan(boxes, lon, lat));
      }
    });
  });

  it('finds nothing outside every box, for a NaN, in an empty grid, or in a box with a NaN or inverted side', () => {
    const grid = packed([
      [-97, 32, -96, 33],
      [Number.NaN, 32, -96, 33],
      [-96, 33, -97, 32],
    ]);
    expect(found(grid, -96.5, 32.5)).toEqual([0]);
    expect(found(grid, -95.9, 32.5)).toEqual([]);
    expect(found(grid, 150, -40)).toEqual([]);
    expect(found(grid, Number.NaN, 32.5)).toEqual([]);
    expect(found(grid, -96.5, Number.NaN)).toEqual([]);
    expect(found(packed([]), 0, 0)).toEqual([]);
  });

  it('keeps its size bounded: a world-wide box is tested apart, not written into every cell', () => {
    const small: Box[] = Array.from({ length: 100 }, (_, i) => [i * 0.01, 0, i * 0.01 + 0.01, 0.01]);
    const grid = packed([...small, [-180, -90, 180, 90]]);
    expect(grid.memberships).toBeLessThan(100 * 9);
    expect(found(grid, 0.005, 0.005)).toEqual([0, 100]);
    expect(found(grid, 120, -60)).toEqual([100]);
  });

  it('grows its cells rather than past a million of them, for tiny boxes all over the world', () => {
    const rnd = random(5);
    const boxes: Box[] = Array.from({ length: 2_000 }, () => {
      const lon = -179 + rnd() * 358;
      const lat = -85 + rnd() * 170;
      return [lon, lat, lon + 0.001, lat + 0.001];
    });
    const grid = packed(boxes);
    expect(grid.cells).toBeLessThanOrEqual(1_000_000);
    boxes.forEach((b, i) => expect(found(grid, b[0] + 0.0005, b[1] + 0.0005)).toEqual([i]));
  });
});
