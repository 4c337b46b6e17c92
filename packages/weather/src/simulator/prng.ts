// Seeded randomness for the simulator. Every random draw is keyed by integers (seed, what, slot...)
// so any value can be recomputed in any order: the world is a pure function of (seed, time).

/** 32-bit hash of a string (FNV-1a), for turning a text seed into a number. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Mixes any number of integers into one 32-bit key (murmur3 finaliser per step). */
export function mixKeys(...keys: number[]): number {
  let h = 0x9e3779b9;
  for (const k of keys) {
    h ^= k | 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
    // Fold the high part of large integers (minute indexes exceed 2^31 only far in the future).
    h ^= Math.floor(k / 4294967296) | 0;
  }
  return h >>> 0;
}

/** Mulberry32: a small, fast, seeded generator of uniform numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniform number in [0, 1) keyed by integers, without keeping a generator. */
export function keyedUniform(...keys: number[]): number {
  return mulberry32(mixKeys(...keys))();
}

/** Standard normal draw (Box–Muller) from a uniform generator. */
export function normal(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Poisson draw with mean lambda (Knuth; lambda is small here, a few per minute). */
export function poisson(random: () => number, lambda: number): number {
  if (lambda <= 0) return 0;
  if (lambda > 30) return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * normal(random)));
  const limit = Math.exp(-lambda);
  let k = 0;
  let p = random();
  while (p > limit) {
    k++;
    p *= random();
  }
  return k;
}
