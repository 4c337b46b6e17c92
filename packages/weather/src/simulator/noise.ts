// Seeded fractal value noise: the texture that breaks up storm edges on radar and shapes the
// clouds of sky images. Lattice values are an integer hash of (seed, x, y), so the texture is a
// pure function of its inputs (no tables, no state) and cheap enough to run per radar pixel.

/** Hash of a lattice point to a value in [-1, 1) (murmur3-style finaliser). */
function latticeValue(seed: number, ix: number, iy: number): number {
  let h = seed ^ Math.imul(ix, 0x27d4eb2d) ^ Math.imul(iy, 0x165667b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 2_147_483_648 - 1;
}

/** Smoothly interpolated value noise at (x, y) in lattice units, in [-1, 1). */
export function valueNoise(seed: number, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  // Smoothstep weights hide the lattice's grid lines.
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const a = latticeValue(seed, x0, y0);
  const b = latticeValue(seed, x0 + 1, y0);
  const c = latticeValue(seed, x0, y0 + 1);
  const d = latticeValue(seed, x0 + 1, y0 + 1);
  const top = a + (b - a) * sx;
  const bottom = c + (d - c) * sx;
  return top + (bottom - top) * sy;
}

/**
 * Fractal (fBm) value noise: `octaves` layers, each at twice the frequency and half the amplitude
 * of the one before, normalised to [-1, 1). Each octave has its own seed so the layers do not align.
 */
export function fractalNoise(seed: number, x: number, y: number, octaves = 3): number {
  let sum = 0;
  let amplitude = 1;
  let norm = 0;
  let frequency = 1;
  for (let o = 0; o < octaves; o++) {
    sum += amplitude * valueNoise((seed + Math.imul(o, 0x9e3779b9)) | 0, x * frequency, y * frequency);
    norm += amplitude;
    amplitude *= 0.5;
    frequency *= 2.03;
  }
  return sum / norm;
}
