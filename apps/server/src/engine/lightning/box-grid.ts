// A static uniform grid over axis-aligned boxes (degrees), for the matcher's one question: which boxes contain
// this point? Every cell lists the boxes that meet it, in one packed array (compressed rows: the cell's items
// are items[start[c]] up to items[start[c + 1]]), so a query is one cell's short list and a containment test per
// item, with no tree to walk and nothing allocated.
//
// It replaced a packed R-tree (flatbush) for the zone circles: around a storm every point lies in dozens of
// overlapping boxes, and the tree visited many overlapping nodes to find them (15 % of the engine's catch-up
// after an outage, bench strikes). mapbox's grid-index answers the same question but allocates the result of
// every query and keys its cells to a square extent.
import type { LonLatBox } from './geometry.ts';

/** Cells per side of a box of the median size (each box then meets about (CELLS_PER_BOX + 1)² cells). */
const CELLS_PER_BOX = 4;
/** Cell size bounds, degrees. */
const MIN_CELL_DEG = 0.01;
const MAX_CELL_DEG = 10;
/** The grid never has more cells than this; its cells grow instead. */
const MAX_CELLS = 1_000_000;
/** A box meeting more cells than this (a polar cap, a continent-wide circle) is tested on every query instead. */
const MAX_CELLS_PER_ITEM = 4_096;

/** A box with no NaN and no inverted side (any other is never found). */
const isBox = (b: LonLatBox) => b.minLon <= b.maxLon && b.minLat <= b.maxLat;

export class BoxGrid {
  readonly #boxes: Float64Array;
  readonly #minLon: number;
  readonly #minLat: number;
  readonly #cellDeg: number;
  readonly #cols: number;
  readonly #rows: number;
  readonly #start: Int32Array;
  readonly #items: Int32Array;
  /** Items meeting too many cells, tested on every query. */
  readonly #wide: Int32Array;

  /** Packs `boxes` (item i is boxes[i]); boxes with a NaN or an inverted side are never found. */
  constructor(boxes: readonly LonLatBox[]) {
    const n = boxes.length;
    this.#boxes = new Float64Array(n * 4);
    let minLon = Infinity;
    let minLat = Infinity;
    let maxLon = -Infinity;
    let maxLat = -Infinity;
    const sides: number[] = [];
    boxes.forEach((b, i) => {
      this.#boxes.set([b.minLon, b.minLat, b.maxLon, b.maxLat], i * 4);
      if (!isBox(b)) return;
      minLon = Math.min(minLon, b.minLon);
      minLat = Math.min(minLat, b.minLat);
      maxLon = Math.max(maxLon, b.maxLon);
      maxLat = Math.max(maxLat, b.maxLat);
      sides.push(Math.max(b.maxLon - b.minLon, b.maxLat - b.minLat));
    });
    sides.sort((a, b) => a - b);
    const median = sides.length > 0 ? sides[sides.length >> 1]! : 1;
    let cellDeg = Math.min(MAX_CELL_DEG, Math.max(MIN_CELL_DEG, median / CELLS_PER_BOX));
    if (sides.length === 0) [minLon, minLat, maxLon, maxLat] = [0, 0, 0, 0];
    const span = (lo: number, hi: number) => Math.floor((hi - lo) / cellDeg) + 1;
    while (span(minLon, maxLon) * span(minLat, maxLat) > MAX_CELLS) cellDeg *= 2;
    this.#minLon = minLon;
    this.#minLat = minLat;
    this.#cellDeg = cellDeg;
    this.#cols = span(minLon, maxLon);
    this.#rows = span(minLat, maxLat);

    // two passes over the items' cell ranges: count per cell, then fill (items ascending within a cell)
    const cells = this.#cols * this.#rows;
    const start = new Int32Array(cells + 1);
    const wide: number[] = [];
    const ranges = new Int32Array(n * 4).fill(-1);
    boxes.forEach((b, i) => {
      if (!isBox(b)) return;
      const [c0, r0] = this.#cell(b.minLon, b.minLat);
      const [c1, r1] = this.#cell(b.maxLon, b.maxLat);
      if ((c1 - c0 + 1) * (r1 - r0 + 1) > MAX_CELLS_PER_ITEM) {
        wide.push(i);
        return;
      }
      ranges.set([c0, r0, c1, r1], i * 4);
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) start[r * this.#cols + c + 1]!++;
    });
    for (let c = 0; c < cells; c++) start[c + 1]! += start[c]!;
    const items = new Int32Array(start[cells]!);
    const next = start.slice(0, cells);
    for (let i = 0; i < n; i++) {
      const o = i * 4;
      if (ranges[o] === -1) continue;
      for (let r = ranges[o + 1]!; r <= ranges[o + 3]!; r++)
        for (let c = ranges[o]!; c <= ranges[o + 2]!; c++) items[next[r * this.#cols + c]!++] = i;
    }
    this.#start = start;
    this.#items = items;
    this.#wide = Int32Array.from(wide);
  }

  /** Column and row of a point inside the grid's extent. */
  #cell(lon: number, lat: number): [number, number] {
    return [
      Math.floor((lon - this.#minLon) / this.#cellDeg),
      Math.floor((lat - this.#minLat) / this.#cellDeg),
    ];
  }

  /** Calls `visit` with every item whose box contains the point (edges included), each once. */
  forEach(lon: number, lat: number, visit: (item: number) => void): void {
    const col = Math.floor((lon - this.#minLon) / this.#cellDeg);
    const row = Math.floor((lat - this.#minLat) / this.#cellDeg);
    // a NaN or a point outside every box's extent has no cell
    if (col >= 0 && col < this.#cols && row >= 0 && row < this.#rows) {
      const c = row * this.#cols + col;
      const end = this.#start[c + 1]!;
      for (let k = this.#start[c]!; k < end; k++) {
        const i = this.#items[k]!;
        if (this.#contains(i, lon, lat)) visit(i);
      }
    }
    for (const i of this.#wide) if (this.#contains(i, lon, lat)) visit(i);
  }

  #contains(i: number, lon: number, lat: number): boolean {
    const b = this.#boxes;
    const o = i * 4;
    return lon >= b[o]! && lat >= b[o + 1]! && lon <= b[o + 2]! && lat <= b[o + 3]!;
  }

  /** Cell memberships packed. */
  get memberships(): number {
    return this.#items.length;
  }

  /** Cells of the grid. */
  get cells(): number {
    return this.#cols * this.#rows;
  }
}
