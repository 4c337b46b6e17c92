// The strikes of one snapshot laid out for viewport answers without per-request serialisation:
// sorted by 0.1° cell, each strike's GeoJSON feature is pre-serialised into one Buffer with a
// fixed-width, space-padded slot for its Age (JSON allows whitespace after a number). A viewport
// answer copies whole runs of cells inside the box, filters only the cells on its edges, then
// writes each strike's Age into its slot. Profiling showed the per-strike string building, the
// join and the garbage they left (GC) were the cost of ClusterStrikes at zooms 9-10.
import type { BBox, Strike } from '@allclear/weather';

/** Cells are 0.1° square: a zoom-10 viewport spans ~40 × 25 of them. */
const CELLS_PER_DEGREE = 10;
const COLS = 360 * CELLS_PER_DEGREE;
const ROWS = 180 * CELLS_PER_DEGREE;
/** Sort keys pack (cell, input index) in a double: index < 2^30, cell < 2^23. */
const INDEX_BITS = 2 ** 30;

const COMMA = 0x2c;
const DIGIT_0 = 0x30;

/**
 * Row and column of a position. Both are non-decreasing functions of the coordinate, so a strike
 * in a row strictly between the rows of the box's south and north edges lies strictly inside the
 * box (and likewise for columns): those cells are copied without testing each strike.
 */
function rowOf(latitude: number): number {
  return Math.min(ROWS - 1, Math.max(0, Math.floor((latitude + 90) * CELLS_PER_DEGREE)));
}

function colOf(longitude: number): number {
  return Math.min(COLS - 1, Math.max(0, Math.floor((longitude + 180) * CELLS_PER_DEGREE)));
}

/** Longitude in [-180, 180). */
function wrapLongitude(longitude: number): number {
  return ((((longitude + 180) % 360) + 360) % 360) - 180;
}

/**
 * The closed longitude intervals a box covers: one, or two when it crosses the antimeridian
 * (east 180 stays 180, as in supercluster); the whole circle when it spans 360° or more.
 */
function longitudeIntervals(b: BBox): [number, number][] {
  if (b.east - b.west >= 360) return [[-180, 180]];
  const west = wrapLongitude(b.west);
  const east = b.east === 180 ? 180 : wrapLongitude(b.east);
  return west <= east
    ? [[west, east]]
    : [
        [west, 180],
        [-180, east],
      ];
}

/** Pre-serialised feature of a strike, up to its Age slot; see ZStrikeProperties. */
function featurePrefix(s: Strike, timeStamp: string): string {
  return (
    `{"type":"Feature","geometry":{"type":"Point","coordinates":[${s.longitude},${s.latitude}]},` +
    `"properties":{"cluster":false,"Id":${JSON.stringify(s.id)},"Amp":${s.amperageKa},"type":${s.type},` +
    `"TimeStamp":"${timeStamp}","Age":`
  );
}

/**
 * ISO 8601 text of times, as Date#toISOString, reusing the text up to the second: a 30-minute
 * window holds at most 1,800 distinct seconds, and formatting every strike's date was a third of
 * the layout's build time.
 */
function timeStampWriter(): (timeMs: number) => string {
  const seconds = new Map<number, string>();
  return (timeMs) => {
    const second = Math.floor(timeMs / 1000);
    let text = seconds.get(second);
    if (text === undefined) {
      text = new Date(second * 1000).toISOString().slice(0, 20);
      seconds.set(second, text);
    }
    return `${text}${String(timeMs - second * 1000).padStart(3, '0')}Z`;
  };
}

/** A copy of the first `used` bytes of a buffer with room for `more` (doubling). */
function grow(buffer: Buffer, used: number, more: number): Buffer<ArrayBuffer> {
  const bigger = Buffer.allocUnsafe(Math.max(buffer.length * 2, used + more));
  buffer.copy(bigger, 0, 0, used);
  return bigger;
}

/** Seconds from a time (ms) to now (ms), never negative. */
export function ageSeconds(nowMs: number, timeMs: number): number {
  return Math.max(0, Math.floor((nowMs - timeMs) / 1000));
}

/** Runs [from, to) of layout indices, pushed in pairs; adjacent runs merge. */
class Runs {
  bounds: number[] = [];

  add(from: number, to: number): void {
    const n = this.bounds.length;
    if (n > 0 && this.bounds[n - 1] === from) this.bounds[n - 1] = to;
    else this.bounds.push(from, to);
  }
}

export class StrikeLayout {
  readonly count: number;
  /** Layout index → index in the source's list (oldest first). */
  readonly inputIndex: Uint32Array;
  /** Index in the source's list → layout index. */
  readonly layoutIndex: Uint32Array;
  readonly latitude: Float64Array;
  readonly longitude: Float64Array;
  readonly timeMs: Float64Array;
  /** Distinct cell keys (row × COLS + col), ascending, and where each cell's strikes start. */
  readonly #cellKeys: Int32Array;
  readonly #cellStart: Uint32Array;
  /** Features, each `prefix` + Age slot + `}},`; strike i spans bytes [start[i], start[i+1]). */
  readonly #json: Buffer;
  readonly #start: Uint32Array;
  /** Width of the Age slot: digits of the largest Age any request of the snapshot can answer. */
  readonly ageWidth: number;

  /** How many features were copied from the previous minute's layout rather than formatted. */
  readonly reused: number = 0;
  /** The source's list, kept so that the next minute's layout can reuse these features' bytes. */
  readonly #strikes: Strike[];

  /**
   * `maxNowMs`: the latest time a request may use this layout (the end of its minute).
   * `previous`: the last minute's layout; strikes the source hands over again (the same objects,
   * as a feed that holds its strikes does) are copied from it instead of being formatted again.
   */
  constructor(strikes: Strike[], maxNowMs: number, previous?: StrikeLayout) {
    const n = strikes.length;
    this.#strikes = strikes;
    if (n >= INDEX_BITS) throw new Error(`Too many strikes for one snapshot: ${n}`);
    this.count = n;
    const order = new Float64Array(n);
    let oldest = maxNowMs;
    for (let i = 0; i < n; i++) {
      const s = strikes[i]!;
      order[i] = (rowOf(s.latitude) * COLS + colOf(s.longitude)) * INDEX_BITS + i;
      oldest = Math.min(oldest, s.time.getTime());
    }
    order.sort();
    this.ageWidth = String(ageSeconds(maxNowMs, oldest)).length;
    const suffix = `${' '.repeat(this.ageWidth)}}},`;
    this.inputIndex = new Uint32Array(n);
    this.layoutIndex = new Uint32Array(n);
    this.latitude = new Float64Array(n);
    this.longitude = new Float64Array(n);
    this.timeMs = new Float64Array(n);
    this.#start = new Uint32Array(n + 1);
    const keys: number[] = [];
    const starts: number[] = [];
    const timeStamp = timeStampWriter();
    const reuse = previous?.ageWidth === this.ageWidth ? previous.#reusable(strikes) : null;
    let json = Buffer.allocUnsafe(Math.max(1024, n * 220));
    let bytes = 0;
    for (let i = 0; i < n; i++) {
      const input = order[i]! % INDEX_BITS;
      const key = (order[i]! - input) / INDEX_BITS;
      if (keys.length === 0 || keys[keys.length - 1] !== key) {
        keys.push(key);
        starts.push(i);
      }
      const s = strikes[input]!;
      const timeMs = s.time.getTime();
      this.inputIndex[i] = input;
      this.layoutIndex[input] = i;
      this.latitude[i] = s.latitude;
      this.longitude[i] = s.longitude;
      this.timeMs[i] = timeMs;
      this.#start[i] = bytes;
      const before = reuse?.(input) ?? -1;
      if (before >= 0) {
        const from = previous!.#start[before]!;
        const to = previous!.#start[before + 1]!;
        if (json.length - bytes < to - from) json = grow(json, bytes, to - from);
        bytes += previous!.#json.copy(json, bytes, from, to);
        this.reused++;
        continue;
      }
      const text = featurePrefix(s, timeStamp(timeMs)) + suffix;
      // a UTF-8 character takes at most 3 bytes per UTF-16 unit
      if (json.length - bytes < text.length * 3) json = grow(json, bytes, text.length * 3);
      bytes += json.write(text, bytes);
    }
    this.#start[n] = bytes;
    starts.push(n);
    this.#cellKeys = Int32Array.from(keys);
    this.#cellStart = Uint32Array.from(starts);
    this.#json = json.subarray(0, bytes);
  }

  /**
   * For a new list of the source (oldest first), a function from its index to this layout's index
   * of the same strike object, or -1. The new list drops this one's oldest strikes and appends
   * newer ones, so the same objects sit at a constant offset: the index of its first in this list.
   */
  #reusable(strikes: Strike[]): ((input: number) => number) | null {
    const first = strikes[0];
    const offset = first === undefined ? -1 : this.#strikes.indexOf(first);
    if (offset < 0) return null;
    return (input) => {
      const old = input + offset;
      return old < this.count && this.#strikes[old] === strikes[input] ? this.layoutIndex[old]! : -1;
    };
  }

  /** Bytes of strike i's feature, trailing comma included. */
  featureBytes(i: number): number {
    return this.#start[i + 1]! - this.#start[i]!;
  }

  /** The layout indices inside a box, as runs [from, to) in layout order. */
  query(b: BBox): number[] {
    const runs = new Runs();
    const r0 = rowOf(b.south);
    const r1 = rowOf(b.north);
    for (const [west, east] of longitudeIntervals(b)) {
      const c0 = colOf(west);
      const c1 = colOf(east);
      for (let row = r0; row <= r1; row++) {
        const rowInside = row > r0 && row < r1;
        let cell = this.#firstCellAtOrAfter(row * COLS + c0);
        const lastKey = row * COLS + c1;
        for (; cell < this.#cellKeys.length && this.#cellKeys[cell]! <= lastKey; cell++) {
          const col = this.#cellKeys[cell]! - row * COLS;
          const from = this.#cellStart[cell]!;
          const to = this.#cellStart[cell + 1]!;
          if (rowInside && col > c0 && col < c1) {
            runs.add(from, to);
            continue;
          }
          for (let i = from; i < to; i++) {
            const lat = this.latitude[i]!;
            const lon = this.longitude[i]!;
            if (lat >= b.south && lat <= b.north && lon >= west && lon <= east) runs.add(i, i + 1);
          }
        }
      }
    }
    return runs.bounds;
  }

  #firstCellAtOrAfter(key: number): number {
    let lo = 0;
    let hi = this.#cellKeys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#cellKeys[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Total bytes of the features of some runs. */
  runBytes(runs: number[]): number {
    let bytes = 0;
    for (let k = 0; k < runs.length; k += 2) bytes += this.#start[runs[k + 1]!]! - this.#start[runs[k]!]!;
    return bytes;
  }

  /**
   * Copies the features of the runs into `out` at `pos`, each followed by a comma, with their
   * Ages at `nowMs` in their slots; returns the position after the last comma.
   */
  writeRuns(runs: number[], out: Buffer, pos: number, nowMs: number): number {
    for (let k = 0; k < runs.length; k += 2) {
      const from = runs[k]!;
      const to = runs[k + 1]!;
      const base = pos - this.#start[from]!;
      pos += this.#json.copy(out, pos, this.#start[from]!, this.#start[to]!);
      for (let i = from; i < to; i++) {
        // the slot starts ageWidth + '}},' before the feature's end
        writeAge(out, base + this.#start[i + 1]! - 3 - this.ageWidth, ageSeconds(nowMs, this.timeMs[i]!));
      }
    }
    return pos;
  }

  /** Copies single strikes (layout indices, in the given order) as `writeRuns` does. */
  writeEach(indices: ArrayLike<number>, out: Buffer, pos: number, nowMs: number): number {
    const runs: number[] = [];
    for (let k = 0; k < indices.length; k++) runs.push(indices[k]!, indices[k]! + 1);
    return this.writeRuns(runs, out, pos, nowMs);
  }
}

/** Writes a non-negative integer's digits at `pos` (the slot's padding spaces stay after them). */
function writeAge(out: Buffer, pos: number, age: number): void {
  let digits = 1;
  for (let v = age; v >= 10; v = Math.floor(v / 10)) digits++;
  for (let d = pos + digits - 1, v = age; d >= pos; d--, v = Math.floor(v / 10)) out[d] = DIGIT_0 + (v % 10);
}

/**
 * A FeatureCollection of pre-serialised parts: `head` (JSON features joined with commas, may be
 * empty) followed by strike features from a layout, in a buffer of exactly its length from
 * `take` (allocation by default).
 */
export function featureCollectionBuffer(
  head: string,
  write: { bytes: number; to: (out: Buffer, pos: number) => number },
  take: (bytes: number) => Buffer = (bytes) => Buffer.allocUnsafe(bytes),
): Buffer {
  const open = '{"type":"FeatureCollection","features":[';
  const headBytes = Buffer.byteLength(head);
  const separator = headBytes > 0 && write.bytes > 0 ? 1 : 0;
  // each layout feature ends with a comma: the last one's becomes the closing bracket
  const out = take(open.length + headBytes + separator + (write.bytes > 0 ? write.bytes + 1 : 2));
  let pos = out.write(open, 0, 'latin1');
  pos += out.write(head, pos);
  if (separator) out[pos++] = COMMA;
  pos = write.to(out, pos);
  if (write.bytes > 0) pos--;
  out[pos++] = 0x5d; // ]
  out[pos++] = 0x7d; // }
  if (pos !== out.length) throw new Error(`FeatureCollection of ${pos} bytes in a buffer of ${out.length}`);
  return out;
}
