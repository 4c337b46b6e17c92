// A spatial index over circles (each location's or siren's outermost zone): a static grid (box-grid.ts) of
// every circle's bounding box, plus a small overlay of circles added or changed
// since the grid was packed, so a saved location is matched at once without repacking the grid for
// every edit. The overlay is folded into a new grid once it grows past a threshold.
//
// The grid's items are packed in spatial order (a Z-order curve of their boxes' centres) with their circles'
// centres in typed arrays beside them, so a query's exact distance test reads memory close together rather than
// one scattered entry object per candidate: a storm's strike has dozens of candidates, and reaching each through its
// entry was most of the matcher's time (bench strikes: the 10,000-strike burst took 419 ms, now 64 ms).
import { greatCircleMiles, haversineMiles, zoneMaskContainingStrike } from '@allclear/domain';
import { BoxGrid } from './box-grid.ts';
import { circleBoundingBoxes, type LonLatBox } from './geometry.ts';

/** Something the index holds: a circle of `radiusMiles` around a point, under a unique key. */
export interface IndexedCircle {
  key: number;
  latitude: number;
  longitude: number;
  /** The circle's radius, miles; 0 or less means nothing to match (kept out of the grid). */
  radiusMiles: number;
  /** Up to four nested zones inside the circle, radii in miles (0 = off); none: the circle is the one zone. */
  radii?: readonly number[];
  /** Only ground strikes count for it (spec 01 §3 'Strike types'); forEachMatch is told the strike's kind. */
  countCloudToGroundOnly?: boolean;
}

/** Zones packed per grid item. */
const ZONES = 4;

interface OverlayItem<T> {
  entry: T;
  boxes: LonLatBox[];
}

const RAD = Math.PI / 180;

/** Bits of latitude and of longitude in zOrder (about 0.011° of latitude). */
const Z_BITS = 15;
/** Most grid items spatialOrder sorts by one number (z-order place · ITEM_SPAN + item, within 2^53). */
const ITEM_SPAN = 2 ** 22;

/**
 * A point's place on a Z-order (Morton) curve, Z_BITS of latitude and of longitude interleaved: points near each
 * other on the earth are mostly near each other on the curve.
 */
function zOrder(latitude: number, longitude: number): number {
  return (
    spreadBits(((latitude + 90) / 180) * 2 ** Z_BITS) * 2 +
    spreadBits(((longitude + 180) / 360) * 2 ** Z_BITS)
  );
}

/** The Z_BITS bits of ⌊v⌋ (clamped) spread to the even bits. */
function spreadBits(v: number): number {
  let x = Math.min(2 ** Z_BITS - 1, Math.max(0, Math.floor(v)));
  x = (x | (x << 8)) & 0x00ff00ff;
  x = (x | (x << 4)) & 0x0f0f0f0f;
  x = (x | (x << 2)) & 0x33333333;
  x = (x | (x << 1)) & 0x55555555;
  return x;
}

/** The boxes' indexes in Z-order of their centres (ties by index). */
function spatialOrder(boxes: readonly LonLatBox[]): ArrayLike<number> {
  if (boxes.length > ITEM_SPAN) return Array.from(boxes.keys());
  // one number per item, sorted as numbers: a comparator sort of 100,000 items took most of a repack
  const keyed = new Float64Array(boxes.length);
  boxes.forEach((b, i) => {
    keyed[i] = zOrder((b.minLat + b.maxLat) / 2, (b.minLon + b.maxLon) / 2) * ITEM_SPAN + i;
  });
  keyed.sort();
  return keyed.map((k) => k % ITEM_SPAN);
}

/** A circle's zones: its own radii, or the circle as one zone; at most ZONES of them. */
function zonesOf(entry: IndexedCircle): readonly number[] {
  return (entry.radii ?? [entry.radiusMiles]).slice(0, ZONES);
}

/** The grid items' circles in typed arrays, by grid item index. */
interface Packed {
  /** Centre latitude (radians) and its cosine, centre longitude (degrees). */
  phis: Float64Array;
  cosPhis: Float64Array;
  lons: Float64Array;
  radius: Float64Array;
  /** ZONES radii per item (0 or less, or NaN: off, as the domain's zoneMaskContainingStrike reads them). */
  zones: Float64Array;
  /** 1: counts ground strikes only. */
  groundOnly: Uint8Array;
}

function pack(items: readonly IndexedCircle[]): Packed {
  const n = items.length;
  const p: Packed = {
    phis: new Float64Array(n),
    cosPhis: new Float64Array(n),
    lons: new Float64Array(n),
    radius: new Float64Array(n),
    zones: new Float64Array(n * ZONES),
    groundOnly: new Uint8Array(n),
  };
  items.forEach((entry, i) => {
    p.phis[i] = entry.latitude * RAD;
    p.cosPhis[i] = Math.cos(p.phis[i]!);
    p.lons[i] = entry.longitude;
    p.radius[i] = entry.radiusMiles;
    p.zones.set(zonesOf(entry), i * ZONES);
    p.groundOnly[i] = entry.countCloudToGroundOnly ? 1 : 0;
  });
  return p;
}

/** Overlay size that triggers a repack: small enough that its linear scan stays well under a microsecond per item. */
const MIN_REPACK_THRESHOLD = 256;

function contains(box: LonLatBox, lon: number, lat: number): boolean {
  return lon >= box.minLon && lon <= box.maxLon && lat >= box.minLat && lat <= box.maxLat;
}

/** Candidates by bounding box; the caller applies the exact great-circle test. */
export class CircleIndex<T extends IndexedCircle> {
  readonly #entries = new Map<number, T>();
  #grid: BoxGrid | null = null;
  /** Grid item index → entry at packing time. */
  #gridItems: T[] = [];
  /** The grid items' circles, by grid item index. */
  #packed = pack([]);
  /** Keys whose grid items are out of date (changed or removed since packing). */
  readonly #stale = new Set<number>();
  readonly #overlay = new Map<number, OverlayItem<T>>();
  /** Keys with more than one box in the grid (circles across the antimeridian). */
  readonly #split = new Set<number>();

  /** Number of circles held. */
  get size(): number {
    return this.#entries.size;
  }

  /** The entry under `key`, if any. */
  get(key: number): T | undefined {
    return this.#entries.get(key);
  }

  /** Every entry held. */
  values(): IterableIterator<T> {
    return this.#entries.values();
  }

  /** Replaces the whole content and packs a new grid. */
  reset(entries: Iterable<T>): void {
    this.#entries.clear();
    for (const e of entries) this.#entries.set(e.key, e);
    this.#repack();
  }

  /** Adds or replaces one circle; visible to the next query. */
  upsert(entry: T): void {
    this.#entries.set(entry.key, entry);
    this.#stale.add(entry.key);
    this.#overlay.set(entry.key, { entry, boxes: entry.radiusMiles > 0 ? this.#boxes(entry) : [] });
    this.#maybeRepack();
  }

  /** Removes one circle; no longer matched by the next query. */
  remove(key: number): void {
    if (!this.#entries.delete(key)) return;
    this.#stale.add(key);
    this.#overlay.delete(key);
    this.#maybeRepack();
  }

  /** Every circle whose bounding box contains the point (degrees): a superset of the circles containing it. */
  candidates(latitude: number, longitude: number): T[] {
    const out: T[] = [];
    this.forEachCandidate(latitude, longitude, (entry) => out.push(entry));
    return out;
  }

  /** Calls `visit` once for every circle whose bounding box contains the point, allocating nothing per candidate (the hot path). */
  forEachCandidate(latitude: number, longitude: number, visit: (entry: T) => void): void {
    const grid = this.#grid;
    if (grid) {
      let seen: Set<number> | null = null;
      grid.forEach(longitude, latitude, (i) => {
        const entry = this.#gridItems[i]!;
        if (this.#stale.size > 0 && this.#stale.has(entry.key)) return;
        // a circle across the antimeridian has two boxes; both may touch at ±180
        if (this.#split.size > 0 && this.#split.has(entry.key)) {
          seen ??= new Set();
          if (seen.has(entry.key)) return;
          seen.add(entry.key);
        }
        visit(entry);
      });
    }
    for (const { entry, boxes } of this.#overlay.values()) {
      if (boxes.some((b) => contains(b, longitude, latitude))) visit(entry);
    }
  }

  /**
   * Calls `visit` once for every circle with a zone containing the point (great-circle miles from its centre,
   * distance ≤ radius, as greatCircleMiles measures it), with the distance and the zones as bits (bit z-1 = zone z,
   * as the domain's zoneMaskContainingStrike); a circle counting ground strikes only is skipped unless `ground`.
   * Reads the packed centres and zones, not the entries, until a circle matches, and allocates nothing per candidate.
   */
  forEachMatch(
    latitude: number,
    longitude: number,
    ground: boolean,
    visit: (entry: T, distanceMiles: number, zoneMask: number) => void,
  ): void {
    const grid = this.#grid;
    if (grid) {
      const phi = latitude * RAD;
      const cosPhi = Math.cos(phi);
      const { phis, cosPhis, lons, radius, zones, groundOnly } = this.#packed;
      const items = this.#gridItems;
      let seen: Set<number> | null = null;
      grid.forEach(longitude, latitude, (i) => {
        if (groundOnly[i] === 1 && !ground) return;
        const d = haversineMiles(phis[i]!, cosPhis[i]!, lons[i]!, phi, cosPhi, longitude);
        if (!(d <= radius[i]!)) return;
        const mask = zoneMaskContainingStrike(d, zones, i * ZONES, ZONES);
        if (mask === 0) return;
        const entry = items[i]!;
        if (this.#stale.size > 0 && this.#stale.has(entry.key)) return;
        // a circle across the antimeridian has two boxes; both may touch at ±180
        if (this.#split.size > 0 && this.#split.has(entry.key)) {
          seen ??= new Set();
          if (seen.has(entry.key)) return;
          seen.add(entry.key);
        }
        visit(entry, d, mask);
      });
    }
    for (const { entry, boxes } of this.#overlay.values()) {
      if (entry.countCloudToGroundOnly && !ground) continue;
      if (!boxes.some((b) => contains(b, longitude, latitude))) continue;
      const d = greatCircleMiles(entry, { latitude, longitude });
      if (!(d <= entry.radiusMiles)) continue;
      const mask = zoneMaskContainingStrike(d, zonesOf(entry));
      if (mask !== 0) visit(entry, d, mask);
    }
  }

  #boxes(entry: T): LonLatBox[] {
    return circleBoundingBoxes(entry.latitude, entry.longitude, entry.radiusMiles);
  }

  #maybeRepack(): void {
    const threshold = Math.max(MIN_REPACK_THRESHOLD, Math.floor(this.#entries.size / 100));
    if (this.#stale.size > threshold) this.#repack();
  }

  #repack(): void {
    const items: T[] = [];
    const boxes: LonLatBox[] = [];
    this.#split.clear();
    for (const entry of this.#entries.values()) {
      if (!(entry.radiusMiles > 0)) continue;
      const own = this.#boxes(entry);
      if (own.length > 1) this.#split.add(entry.key);
      for (const box of own) {
        items.push(entry);
        boxes.push(box);
      }
    }
    // spatial order: a cell's items, and their centres, then lie close together in memory
    const order = spatialOrder(boxes);
    this.#gridItems = Array.from(order, (i) => items[i]!);
    this.#packed = pack(this.#gridItems);
    this.#stale.clear();
    this.#overlay.clear();
    this.#grid = items.length === 0 ? null : new BoxGrid(Array.from(order, (i) => boxes[i]!));
  }
}
