// Convective cells of the simulated world. A cell is fixed at birth (time, place, motion, peak
// strength) and its state at any time is computed from those birth parameters, never by stepping:
// that is what makes the world a pure function of (seed, time) that can be queried in any order.
import type { Strike, StrikeType } from '../types.ts';
import { offsetKm } from './geo.ts';
import { mixKeys, mulberry32, normal, poisson } from './prng.ts';
import { STRIKE_PLACEMENT_DRAWS, cellShape, strikePoint } from './storm-shape.ts';

const MINUTE_MS = 60_000;

/** Reflectivity (dBZ) below which a cell makes no lightning. */
export const LIGHTNING_MIN_DBZ = 35;
/** Reflectivity (dBZ) at or above which a cell is severe (warning, hail). */
export const SEVERE_DBZ = 55;
/** Reflectivity of a newborn or dying cell, dBZ. */
const BASE_DBZ = 20;

import type { CellSpec } from './cell-spec.ts';

export type { CellOrigin, CellSpec } from './cell-spec.ts';

/** Life-cycle envelope 0..1 at a fraction of life: growth to 30 %, mature to 60 %, decay to 100 %. */
export function lifeEnvelope(fraction: number): number {
  if (fraction < 0 || fraction > 1) return 0;
  if (fraction < 0.3) return Math.sin((Math.PI / 2) * (fraction / 0.3));
  if (fraction <= 0.6) return 1;
  return Math.cos((Math.PI / 2) * ((fraction - 0.6) / 0.4));
}

/** Fraction of its life a cell has lived at tMs (outside 0..1 when not alive). */
export function lifeFraction(cell: CellSpec, tMs: number): number {
  return (tMs - cell.birthMs) / cell.lifetimeMs;
}

/** The cell's core reflectivity at tMs, dBZ (0 when not alive). */
export function cellMaxDbz(cell: CellSpec, tMs: number): number {
  const f = lifeFraction(cell, tMs);
  if (f < 0 || f > 1) return 0;
  return BASE_DBZ + (cell.peakDbz - BASE_DBZ) * lifeEnvelope(f);
}

/** Whether the cell exists at tMs. */
export function cellAlive(cell: CellSpec, tMs: number): boolean {
  return tMs >= cell.birthMs && tMs <= cell.birthMs + cell.lifetimeMs;
}

/** Position of the cell core at tMs, [latitude, longitude] (straight-line drift from birth). */
export function cellPosition(cell: CellSpec, tMs: number): [number, number] {
  const km = (cell.speedMs * (tMs - cell.birthMs)) / 1_000_000;
  return offsetKm(cell.birthLatitude, cell.birthLongitude, cell.headingDeg, km);
}

/** Lightning flash rate of the cell at tMs, flashes per minute (0 below 35 dBZ). */
export function flashRatePerMinute(cell: CellSpec, tMs: number): number {
  const dbz = cellMaxDbz(cell, tMs);
  if (dbz < LIGHTNING_MIN_DBZ) return 0;
  const span = Math.max(1, cell.peakDbz - LIGHTNING_MIN_DBZ);
  return cell.peakFlashesPerMinute * (0.15 + 0.85 * Math.pow((dbz - LIGHTNING_MIN_DBZ) / span, 1.5));
}

/** Time (ms) the rising cell first reaches dBZ, or null if it never does. */
export function timeCellReachesDbz(cell: CellSpec, dbz: number): number | null {
  if (cell.peakDbz < dbz) return null;
  const e = (dbz - BASE_DBZ) / (cell.peakDbz - BASE_DBZ);
  const fraction = (0.3 * Math.asin(Math.min(1, Math.max(0, e)))) / (Math.PI / 2);
  return cell.birthMs + fraction * cell.lifetimeMs;
}

/**
 * Strikes of one cell in [fromMs, toMs), generated minute by minute from a stream keyed by
 * (seed, cell, minute) so any window gives the same strikes. Candidates are drawn at the minute's
 * highest rate and thinned to the rate at their own instant, so no strike falls while the cell is
 * below 35 dBZ; each lands in the cell's own echo of at least 35 dBZ, within its radius of the core.
 */
export function cellStrikes(seed: number, cell: CellSpec, fromMs: number, toMs: number, out: Strike[]): void {
  const start = Math.max(fromMs, cell.birthMs);
  const end = Math.min(toMs, cell.birthMs + cell.lifetimeMs);
  if (end <= start) return;
  const firstMinute = Math.floor(start / MINUTE_MS);
  const lastMinute = Math.floor((end - 1) / MINUTE_MS);
  for (let minute = firstMinute; minute <= lastMinute; minute++) {
    const m0 = minute * MINUTE_MS;
    const rateAtStart = flashRatePerMinute(cell, m0);
    const rateAtEnd = flashRatePerMinute(cell, m0 + MINUTE_MS);
    // The envelope is rising, flat, or falling within a minute, so the ends bound it (plateau = peak).
    const plateau =
      cellMaxDbz(cell, m0 + MINUTE_MS / 2) >= cell.peakDbz - 1e-9 ? cell.peakFlashesPerMinute : 0;
    const rateMax = Math.max(rateAtStart, rateAtEnd, plateau);
    if (rateMax <= 0) continue;
    const random = mulberry32(mixKeys(seed, cell.key, minute));
    const candidates = poisson(random, rateMax);
    for (let k = 0; k < candidates; k++) {
      const t = m0 + Math.floor(random() * MINUTE_MS);
      const accept = random();
      const placement = Array.from({ length: STRIKE_PLACEMENT_DRAWS }, random);
      const typeDraw = random();
      const ampDraw = normal(random);
      const polarityDraw = random();
      if (t < fromMs || t >= toMs) continue;
      if (accept * rateMax >= flashRatePerMinute(cell, t)) continue;
      const shape = cellShape(seed, cell, cellMaxDbz(cell, t), t, cellPosition(cell, t));
      const [latitude, longitude] = strikePoint(shape, placement, LIGHTNING_MIN_DBZ, cell.radiusKm);
      const type = strikeTypeFromDraw(typeDraw);
      const cloud = type === 4;
      // Lognormal peak current, median 17 kA; cloud-to-ground mostly negative, in-cloud either sign.
      const magnitude = 17 * Math.exp(0.55 * ampDraw);
      const negative = cloud ? polarityDraw < 0.5 : polarityDraw < 0.9;
      out.push({
        id: `${cell.id}-${minute}-${k}`,
        time: new Date(t),
        latitude,
        longitude,
        type,
        amperageKa: Math.round((negative ? -magnitude : magnitude) * 10) / 10,
        cloud,
        cellId: cell.id,
        source: 'simulator',
        observedAt: new Date(t),
      });
    }
  }
}

/** 76 % cloud pulse (4), 2 % ground-to-cloud (2), 12 % cloud-to-ground (3), 10 % ground general (1). */
function strikeTypeFromDraw(u: number): StrikeType {
  if (u < 0.76) return 4;
  if (u < 0.78) return 2;
  if (u < 0.9) return 3;
  return 1;
}
