// What a convective cell looks like on radar. A cell is not one Gaussian (that draws concentric
// rings) but a cluster: a main core and 3-8 satellite cores that pulse and drift around it, all
// stretched along the steering wind, a trailing stratiform region of light echo (20-35 dBZ) behind
// them once the storm has matured, and a seeded fractal texture that breaks up the edges.
// A shape is a pure function of (seed, cell, time), like everything else in the world.
import type { CellSpec } from './cell-spec.ts';
import { fractalNoise, valueNoise } from './noise.ts';
import { mixKeys, mulberry32 } from './prng.ts';

const MINUTE_MS = 60_000;
const KM_PER_DEGREE = 111.195;
const RAD = Math.PI / 180;
/** Echo below this is not drawn, dBZ. */
const MIN_ECHO_DBZ = 5;
/** Largest texture added to the convective echo (at and beyond the core's edge), dB. */
const CONVECTIVE_NOISE_DB = 10;
/** Largest displacement of the sampling point at the core's edge, in cell radii. */
const WARP_RADII = 0.45;
/** Texture of the stratiform echo, dB; it stays light echo whatever the texture. */
const STRATIFORM_NOISE_DB = 6;
const STRATIFORM_MAX_DBZ = 34;
/** A core's reflectivity falls by this much at its half-axes, dB. */
const CORE_FALLOFF_DB = 20;
const STRATIFORM_FALLOFF_DB = 20;
/** Share of strikes drawn around the main core; the rest go to the satellites. */
const MAIN_CORE_STRIKE_SHARE = 0.4;
/** Placement attempts per strike before it falls back to the main core. */
export const STRIKE_PLACEMENT_TRIES = 3;
/** Uniform draws one strike placement consumes (fixed, so strike streams never shift). */
export const STRIKE_PLACEMENT_DRAWS = STRIKE_PLACEMENT_TRIES * 4;

/** One elliptical echo in the cell's frame: u along the heading, v to its right, km. */
interface Lobe {
  u: number;
  v: number;
  peakDbz: number;
  /** dB lost per km² along u and along v. */
  kU: number;
  kV: number;
  /** Half-axes (falloff distance) along u and v, km, for placing strikes. */
  axisU: number;
  axisV: number;
}

export interface CellShape {
  /** Core position and the cosine of its latitude (for km <-> degrees). */
  latitude: number;
  longitude: number;
  cosLat: number;
  /** Heading as a unit vector: sinH east, cosH north. */
  sinH: number;
  cosH: number;
  coreDbz: number;
  /** Convective cores; the main core (at the origin, at coreDbz) first. */
  cores: Lobe[];
  stratiform: Lobe | null;
  noiseSeed: number;
  noiseScale: number;
  noiseShiftU: number;
  noiseShiftV: number;
  /** Largest displacement of the domain warp, km. */
  warpKm: number;
  /** No echo of 5 dBZ or more lies farther than this from the core, km. */
  reachKm: number;
}

/** Smooth 0 -> 1 ramp between edge0 and edge1. */
function smoothstep(edge0: number, edge1: number, x: number): number {
  const f = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return f * f * (3 - 2 * f);
}

function lobe(u: number, v: number, peakDbz: number, axisU: number, axisV: number, falloffDb: number): Lobe {
  return {
    u,
    v,
    peakDbz,
    kU: falloffDb / (axisU * axisU),
    kV: falloffDb / (axisV * axisV),
    axisU,
    axisV,
  };
}

/**
 * The cell's shape with its strength and sub-cores as at cellTimeMs, placed where the cell is at
 * positionTimeMs (a future frame moves the present storm without changing it).
 */
export function cellShape(
  seed: number,
  cell: CellSpec,
  coreDbz: number,
  cellTimeMs: number,
  position: [number, number],
): CellShape {
  const random = mulberry32(mixKeys(seed, cell.key, 7001));
  const R = cell.radiusKm;
  const minutes = (cellTimeMs - cell.birthMs) / MINUTE_MS;
  const elongation = 1.35 + 0.4 * random();
  const stretch = Math.sqrt(elongation);
  const cores: Lobe[] = [lobe(0, 0, coreDbz, 0.85 * R * elongation, (0.85 * R) / stretch, CORE_FALLOFF_DB)];
  const satellites = 3 + Math.floor(random() * 6);
  for (let i = 0; i < satellites; i++) {
    // Satellites sit mostly behind and to the right of the main core (where new updrafts feed in).
    const u0 = (random() * 2 - 1.3) * R;
    const v0 = (random() * 1.6 - 0.6) * 0.75 * R;
    const size = (0.3 + 0.3 * random()) * R;
    const drop = 2 + 8 * random();
    const pulseMinutes = 12 + 18 * random();
    const pulsePhase = random() * 2 * Math.PI;
    const driftMinutes = 25 + 35 * random();
    const driftPhase = random() * 2 * Math.PI;
    const pulse = 0.5 + 0.5 * Math.sin((2 * Math.PI * minutes) / pulseMinutes + pulsePhase);
    const drift = (2 * Math.PI * minutes) / driftMinutes + driftPhase;
    cores.push(
      lobe(
        u0 + 0.2 * R * Math.sin(drift),
        v0 + 0.15 * R * Math.cos(drift),
        // Always below the main core, so the cell's strongest echo is its core.
        coreDbz - drop - 4 * pulse,
        size * stretch,
        size / stretch,
        CORE_FALLOFF_DB,
      ),
    );
  }
  // The stratiform region grows as the storm matures and outlives the collapsing cores.
  const stratU = -(1.7 + 0.5 * random()) * R;
  const stratV = (random() - 0.5) * 0.5 * R;
  const stratAxisU = (1.4 + 0.5 * random()) * R;
  const stratAxisV = (0.9 + 0.3 * random()) * R;
  const noiseSeed = mixKeys(seed, cell.key, 7002) | 0;
  const maturity = smoothstep(0.2, 0.55, minutes / (cell.lifetimeMs / MINUTE_MS));
  const strength = Math.min(1, Math.max(0.4, (cell.peakDbz - 35) / 20));
  const stratiform =
    maturity > 0
      ? lobe(stratU, stratV, 20 + 12 * maturity * strength, stratAxisU, stratAxisV, STRATIFORM_FALLOFF_DB)
      : null;
  const [latitude, longitude] = position;
  const heading = cell.headingDeg * RAD;
  return {
    latitude,
    longitude,
    cosLat: Math.cos(latitude * RAD),
    sinH: Math.sin(heading),
    cosH: Math.cos(heading),
    coreDbz,
    cores,
    stratiform,
    noiseSeed,
    noiseScale: 1 / (0.55 * R),
    // The texture slides slowly through the cell, so its detail evolves rather than being stamped on.
    noiseShiftU: minutes * 0.015,
    noiseShiftV: -minutes * 0.011,
    warpKm: WARP_RADII * R,
    reachKm: shapeReachKm(cores, stratiform) + WARP_RADII * R,
  };
}

/** Farthest distance from the core at which any lobe (plus its texture) can reach 5 dBZ, km. */
function shapeReachKm(cores: Lobe[], stratiform: Lobe | null): number {
  let reach = 0;
  const extent = (l: Lobe, noiseDb: number) =>
    Math.hypot(l.u, l.v) + Math.sqrt(Math.max(0, l.peakDbz + noiseDb - MIN_ECHO_DBZ) / Math.min(l.kU, l.kV));
  for (const c of cores) reach = Math.max(reach, extent(c, CONVECTIVE_NOISE_DB));
  if (stratiform) reach = Math.max(reach, extent(stratiform, STRATIFORM_NOISE_DB));
  return reach;
}

/** Reflectivity of the shape at a point eastKm/northKm from its core, dBZ (below 5 means no echo). */
export function shapeDbz(shape: CellShape, eastKm: number, northKm: number): number {
  const u0 = eastKm * shape.sinH + northKm * shape.cosH;
  const v0 = eastKm * shape.cosH - northKm * shape.sinH;
  const main = shape.cores[0]!;
  // 0 at the core's centre, 1 at its edge (20 dB down) and beyond: the core stays solid, the rim ragged.
  const edge = Math.min(1, Math.sqrt((main.kU * u0 * u0 + main.kV * v0 * v0) / CORE_FALLOFF_DB));
  const nu = u0 * shape.noiseScale + shape.noiseShiftU;
  const nv = v0 * shape.noiseScale + shape.noiseShiftV;
  // Domain warp: the lobes are sampled at a displaced point, so contours wander whatever their slope.
  const warp = edge * shape.warpKm;
  const u = warp === 0 ? u0 : u0 + warp * valueNoise(shape.noiseSeed + 1, nu * 0.6, nv * 0.6);
  const v = warp === 0 ? v0 : v0 + warp * valueNoise(shape.noiseSeed + 2, nu * 0.6, nv * 0.6);
  let convective = -Infinity;
  for (const c of shape.cores) {
    const du = u - c.u;
    const dv = v - c.v;
    const dbz = c.peakDbz - c.kU * du * du - c.kV * dv * dv;
    if (dbz > convective) convective = dbz;
  }
  const s = shape.stratiform;
  let stratiform = -Infinity;
  if (s) {
    const du = u - s.u;
    const dv = v - s.v;
    stratiform = s.peakDbz - s.kU * du * du - s.kV * dv * dv;
  }
  // Far from every lobe no texture can lift the echo to 5 dBZ: skip the noise.
  if (Math.max(convective, stratiform) + CONVECTIVE_NOISE_DB < MIN_ECHO_DBZ) return -Infinity;
  const n = fractalNoise(shape.noiseSeed, nu, nv);
  const textured = Math.min(shape.coreDbz, convective + CONVECTIVE_NOISE_DB * edge * n);
  const light = Math.min(STRATIFORM_MAX_DBZ, stratiform + STRATIFORM_NOISE_DB * n);
  return Math.max(textured, light);
}

/** Reflectivity of the shape at a latitude/longitude, dBZ (below 5 means no echo). */
export function shapeDbzAtLatLon(shape: CellShape, latitude: number, longitude: number): number {
  const northKm = (latitude - shape.latitude) * KM_PER_DEGREE;
  const eastKm = (longitude - shape.longitude) * KM_PER_DEGREE * shape.cosLat;
  return shapeDbz(shape, eastKm, northKm);
}

/**
 * Where a strike lands: near the main core or a satellite, at reflectivity of at least minDbz and
 * within maxKm of the core. `draws` are STRIKE_PLACEMENT_DRAWS uniform numbers; when no attempt
 * qualifies the strike falls at the core's centre, which is at the cell's core reflectivity.
 */
export function strikePoint(
  shape: CellShape,
  draws: readonly number[],
  minDbz: number,
  maxKm: number,
): [number, number] {
  const satellites = shape.cores.length - 1;
  for (let k = 0; k < STRIKE_PLACEMENT_TRIES; k++) {
    const [pick, a, b, turn] = draws.slice(4 * k, 4 * k + 4) as [number, number, number, number];
    const core =
      pick < MAIN_CORE_STRIKE_SHARE
        ? shape.cores[0]!
        : shape.cores[
            1 +
              Math.min(
                satellites - 1,
                Math.floor(((pick - MAIN_CORE_STRIKE_SHARE) / (1 - MAIN_CORE_STRIKE_SHARE)) * satellites),
              )
          ]!;
    // Half-normal distance (Box-Muller) in units of 0.4 half-axis: most strikes near the updraft.
    const radial = Math.sqrt(-2 * Math.log(Math.max(a, 1e-12))) * Math.abs(Math.cos(2 * Math.PI * b)) * 0.4;
    const angle = 2 * Math.PI * turn;
    const u = core.u + radial * core.axisU * Math.cos(angle);
    const v = core.v + radial * core.axisV * Math.sin(angle);
    if (u * u + v * v > maxKm * maxKm) continue;
    const eastKm = u * shape.sinH + v * shape.cosH;
    const northKm = u * shape.cosH - v * shape.sinH;
    const latitude = shape.latitude + northKm / KM_PER_DEGREE;
    const longitude = shape.longitude + eastKm / (KM_PER_DEGREE * shape.cosLat);
    if (shapeDbzAtLatLon(shape, latitude, longitude) >= minDbz) return [latitude, longitude];
  }
  return [shape.latitude, shape.longitude];
}
