// A spatial index over circles (each location's or siren's outermost zone): a static grid (box-grid.ts) of
// every circle's bounding box, plus a small overlay of circles added or changed
// since the grid was packed, so a saved location is matched at once without repacking the grid for
// every edit. The overlay is folded into a new grid once it grows past a threshold.
import { BoxGrid } from './box-grid.ts';
import { circleBoundingBoxes, type LonLatBox } from './geometry.ts';

/** Something the index holds: a circle of `radiusMiles` around a point, under a unique key. */
export interface IndexedCircle {
  key: number;
  latitude: number;
  longitude: number;
  /** The circle's radius, miles; 0 or less means nothing to match (kept out of the grid). */
  radiusMiles: number;
}

interface OverlayItem<T> {
  entry: T;
  boxes: LonLatBox[];
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
    this.#gridItems = items;
    this.#stale.clear();
    this.#overlay.clear();
    if (items.length === 0) {
      this.#grid = null;
      return;
    }
    this.#grid = new BoxGrid(boxes);
  }
}
