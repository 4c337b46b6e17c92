// What a storm looks like on radar: a textured cluster of cores stretched along its motion with a
// trailing stratiform region, not a radially symmetric bullseye.
import { describe, expect, it } from 'vitest';
import type { BBox } from '../types.ts';
import { LIGHTNING_MIN_DBZ, cellMaxDbz, cellPosition } from './cells.ts';
import { KM_PER_MILE, greatCircleMilesLocal, offsetKm } from './geo.ts';
import { fractalNoise } from './noise.ts';
import { createSimulator } from './simulator.ts';

const MINUTE = 60_000;
const START = new Date('2026-03-01T15:00:00Z');
/** Far from the default focus point's background storms (Dallas), so the storm is alone. */
const ALONE = { latitude: 41, longitude: -101 };
const RADIUS_KM = 8;

/** A simulator with one 60-dBZ storm spawned at START, and the time it is mature (half its life). */
function lonelyStorm(headingDeg: number, seed = 5) {
  const sim = createSimulator({ seed, startTime: START });
  const storm = sim.spawnStorm({ ...ALONE, headingDeg, speedMs: 12, lifetimeMinutes: 60 }, START);
  const cell = sim.world.cellsAt(START.getTime()).find((c) => c.id === storm.id)!;
  const mature = START.getTime() + 30 * MINUTE;
  return { sim, cell, mature };
}

function boxAround(latitude: number, longitude: number, halfDeg: number): BBox {
  return {
    west: longitude - halfDeg,
    south: latitude - halfDeg,
    east: longitude + halfDeg,
    north: latitude + halfDeg,
  };
}

/** Variance of echo pixels (≥ minDbz) along and across a heading, km², from a grid over bbox. */
function spread(grid: Float32Array, bbox: BBox, size: number, headingDeg: number, minDbz: number) {
  const cosLat = Math.cos((((bbox.north + bbox.south) / 2) * Math.PI) / 180);
  const points: [number, number][] = [];
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (grid[row * size + col]! < minDbz) continue;
      const north = (bbox.north - ((row + 0.5) * (bbox.north - bbox.south)) / size) * 111.195;
      const east = (bbox.west + ((col + 0.5) * (bbox.east - bbox.west)) / size) * 111.195 * cosLat;
      points.push([east, north]);
    }
  }
  const h = (headingDeg * Math.PI) / 180;
  const along = points.map(([e, n]) => e * Math.sin(h) + n * Math.cos(h));
  const across = points.map(([e, n]) => e * Math.cos(h) - n * Math.sin(h));
  const variance = (xs: number[]) => {
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    return xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length;
  };
  return { pixels: points.length, along: variance(along), across: variance(across) };
}

describe('a storm on radar', () => {
  it('is not radially symmetric: reflectivity round a ring about the core varies (coefficient of variation > 0.15)', () => {
    const { sim, cell, mature } = lonelyStorm(60);
    const [lat, lon] = cellPosition(cell, mature);
    const ring = Array.from({ length: 72 }, (_, i) => {
      const [pLat, pLon] = offsetKm(lat, lon, i * 5, 0.8 * RADIUS_KM);
      return sim.world.reflectivityAt(pLat, pLon, mature);
    });
    const mean = ring.reduce((a, b) => a + b, 0) / ring.length;
    const sd = Math.sqrt(ring.reduce((a, b) => a + (b - mean) ** 2, 0) / ring.length);
    expect(mean).toBeGreaterThan(20);
    expect(sd / mean).toBeGreaterThan(0.15);
  });

  it('keeps its core at the cell strength: the core centre is exactly the cell reflectivity, the maximum of the field', () => {
    const { sim, cell, mature } = lonelyStorm(60);
    const [lat, lon] = cellPosition(cell, mature);
    expect(sim.world.reflectivityAt(lat, lon, mature)).toBe(cellMaxDbz(cell, mature));
    const grid = sim.world.radarGrid(boxAround(lat, lon, 0.5), mature, 120, 120);
    expect(Math.max(...grid)).toBeLessThanOrEqual(cellMaxDbz(cell, mature));
  });

  it.each([0, 90, 135])(
    'is stretched along its heading (%i°): echo extends farther along than across',
    (heading) => {
      const { sim, cell, mature } = lonelyStorm(heading);
      const [lat, lon] = cellPosition(cell, mature);
      const bbox = boxAround(lat, lon, 0.6);
      const grid = sim.world.radarGrid(bbox, mature, 160, 160);
      const echo = spread(grid, bbox, 160, heading, 20);
      expect(echo.pixels).toBeGreaterThan(100);
      expect(echo.along).toBeGreaterThan(1.5 * echo.across);
      // Measured across the heading instead, the same echo is the narrow way.
      const turned = spread(grid, bbox, 160, heading + 90, 20);
      expect(turned.along).toBeLessThan(turned.across);
    },
  );

  it('trails a stratiform region of light echo (20-35 dBZ) behind its cores once mature, none ahead', () => {
    const { sim, cell, mature } = lonelyStorm(90);
    const [lat, lon] = cellPosition(cell, mature);
    const behind = [3, 3.5].map((r) => {
      const [pLat, pLon] = offsetKm(lat, lon, 270, r * RADIUS_KM);
      return sim.world.reflectivityAt(pLat, pLon, mature);
    });
    const ahead = [3, 3.5].map((r) => {
      const [pLat, pLon] = offsetKm(lat, lon, 90, r * RADIUS_KM);
      return sim.world.reflectivityAt(pLat, pLon, mature);
    });
    for (const dbz of behind) {
      expect(dbz).toBeGreaterThanOrEqual(15);
      expect(dbz).toBeLessThan(LIGHTNING_MIN_DBZ);
    }
    expect(Math.max(...behind)).toBeGreaterThanOrEqual(20);
    expect(ahead).toEqual([0, 0]);
  });

  it('has no stratiform region while young (10 % of its life)', () => {
    const { sim, cell } = lonelyStorm(90);
    const young = START.getTime() + 6 * MINUTE;
    const [lat, lon] = cellPosition(cell, young);
    const [pLat, pLon] = offsetKm(lat, lon, 270, 3 * RADIUS_KM);
    expect(sim.world.reflectivityAt(pLat, pLon, young)).toBe(0);
  });

  it('puts every strike where the radar shows at least 35 dBZ, within the cell radius', async () => {
    const { sim, cell } = lonelyStorm(45);
    const strikes = (
      await sim.strikes.strikes({ from: START, to: new Date(START.getTime() + 60 * MINUTE) })
    ).filter((s) => s.cellId === cell.id);
    expect(strikes.length).toBeGreaterThan(100);
    const lats = new Set<number>();
    for (const s of strikes) {
      const t = s.time.getTime();
      expect(sim.world.reflectivityAt(s.latitude, s.longitude, t)).toBeGreaterThanOrEqual(
        LIGHTNING_MIN_DBZ - 1e-9,
      );
      const [cLat, cLon] = cellPosition(cell, t);
      expect(greatCircleMilesLocal(cLat, cLon, s.latitude, s.longitude) * KM_PER_MILE).toBeLessThanOrEqual(
        RADIUS_KM + 0.01,
      );
      lats.add(s.latitude);
    }
    // Strikes spread over the cores rather than piling on one point.
    expect(lats.size).toBeGreaterThan(0.9 * strikes.length);
  });

  it('is the same for the same seed and clock, and its texture differs with the seed', () => {
    const a = lonelyStorm(60, 5);
    const b = lonelyStorm(60, 5);
    const c = lonelyStorm(60, 6);
    const [lat, lon] = cellPosition(a.cell, a.mature);
    const bbox = boxAround(lat, lon, 0.4);
    const gridA = a.sim.world.radarGrid(bbox, a.mature, 80, 80);
    expect(b.sim.world.radarGrid(bbox, b.mature, 80, 80)).toEqual(gridA);
    const gridC = c.sim.world.radarGrid(bbox, c.mature, 80, 80);
    expect(gridC).not.toEqual(gridA);
    expect(Math.max(...gridC)).toBe(Math.max(...gridA));
  });

  it('evolves: the same storm five minutes later is not just the earlier picture moved', () => {
    const { sim, cell, mature } = lonelyStorm(90);
    const later = mature + 5 * MINUTE;
    const sample = (t: number) => {
      const [lat, lon] = cellPosition(cell, t);
      return Array.from({ length: 36 }, (_, i) => {
        const [pLat, pLon] = offsetKm(lat, lon, i * 10, 0.9 * RADIUS_KM);
        return sim.world.reflectivityAt(pLat, pLon, t);
      });
    };
    const before = sample(mature);
    const after = sample(later);
    const change = before.reduce((sum, v, i) => sum + Math.abs(v - after[i]!), 0) / before.length;
    expect(change).toBeGreaterThan(0.5);
  });
});

describe('fractal value noise', () => {
  it('is deterministic, bounded to [-1, 1], continuous, and seeded', () => {
    const values = Array.from({ length: 2000 }, (_, i) => fractalNoise(42, i * 0.173, i * 0.071));
    expect(values).toEqual(Array.from({ length: 2000 }, (_, i) => fractalNoise(42, i * 0.173, i * 0.071)));
    for (const v of values) {
      expect(v).toBeGreaterThanOrEqual(-1);
      expect(v).toBeLessThan(1);
    }
    expect(Math.abs(fractalNoise(42, 3.5, 7.25) - fractalNoise(42, 3.5001, 7.25))).toBeLessThan(0.01);
    expect(fractalNoise(43, 3.5, 7.25)).not.toBe(fractalNoise(42, 3.5, 7.25));
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    expect(Math.abs(mean)).toBeLessThan(0.15);
  });
});
