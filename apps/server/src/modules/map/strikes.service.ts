// Lightning for the map: the strikes of the last 30 minutes, loaded once per minute into a
// supercluster index (radius 50, clusters up to zoom 8, spec 01 §9) and a cell layout of
// pre-serialised features (strike-layout.ts), so that a viewport request only walks the index
// and copies bytes.
import Supercluster from 'supercluster';
import type { Feature, Point } from 'geojson';
import type { BBox, Strike, StrikeSource } from '@allclear/weather';
import {
  STRIKE_CLUSTER_MAX_ZOOM,
  STRIKE_CLUSTER_RADIUS,
  STRIKE_WINDOW_MINUTES,
  type TClusterStrikesQuery,
} from '@allclear/contracts';
import { badRequest } from '../../platform/errors.ts';
import { SecondAnswers } from '../../platform/second-answers.ts';
import { BufferPool } from './buffer-pool.ts';
import { ageSeconds, featureCollectionBuffer, StrikeLayout } from './strike-layout.ts';

const MINUTE_MS = 60_000;
/** Answers up to 16 MiB (~80,000 single strikes) reuse one of 4 buffers. */
const POOLED_ANSWER_BYTES = 16 * 2 ** 20;
const POOLED_ANSWERS = 4;

interface ClusterProps {
  /** Time of the newest strike in the cluster, ms. */
  newest: number;
}

/** A point of the cluster index: the strike's index in the snapshot's layout. */
interface PointProps {
  i: number;
}

type StrikeIndex = Supercluster<PointProps, ClusterProps>;

/** The strikes of one minute's window: their layout and their cluster index. */
export interface StrikeSnapshot {
  /** The minute (ms since epoch / 60 000) the snapshot belongs to. */
  minute: number;
  layout: StrikeLayout;
  index: StrikeIndex;
}

/** Viewport in degrees, as the web sends it. */
export interface Viewport {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Count abbreviated K/M/B (spec 01 §9 'counts abbreviated K/M/B'): 1500 → '1.5K', 25 000 → '25K'. */
export function abbreviateCount(count: number): string {
  const units: [number, string][] = [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  for (const [size, suffix] of units) {
    if (count >= size) {
      const v = count / size;
      return `${v >= 10 ? Math.round(v) : Math.round(v * 10) / 10}${suffix}`;
    }
  }
  return String(count);
}

/**
 * Lays out and clusters a set of strikes (radius 50, maxZoom 8), loaded into supercluster in the
 * source's order, so clusters are exactly supercluster's. `maxNowMs` is the latest time a request
 * may answer from them: it sizes the Age slots.
 */
export function buildStrikeIndex(
  strikes: Strike[],
  maxNowMs: number,
  previous?: StrikeLayout,
): { index: StrikeIndex; layout: StrikeLayout } {
  const layout = new StrikeLayout(strikes, maxNowMs, previous);
  const index: StrikeIndex = new Supercluster<PointProps, ClusterProps>({
    radius: STRIKE_CLUSTER_RADIUS,
    maxZoom: STRIKE_CLUSTER_MAX_ZOOM,
    map: (p) => ({ newest: layout.timeMs[p.i]! }),
    reduce: (acc, p) => {
      if (p.newest > acc.newest) acc.newest = p.newest;
    },
  });
  const points: Feature<Point, PointProps>[] = new Array(strikes.length);
  for (let input = 0; input < strikes.length; input++) {
    const i = layout.layoutIndex[input]!;
    points[input] = {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [layout.longitude[i]!, layout.latitude[i]!] },
      properties: { i },
    };
  }
  index.load(points);
  dropPointFeatures(index, layout);
  return { index, layout };
}

/**
 * After loading, supercluster reads its `points` only to return a lone point from getClusters;
 * the layout index of each point (by source order) serves as well as its feature, and drops the
 * million feature objects the garbage collector otherwise marks on every major collection (the
 * cause of the slowest answers). A lone point then comes back as a number.
 */
function dropPointFeatures(index: StrikeIndex, layout: StrikeLayout): void {
  (index as unknown as { points: ArrayLike<number> }).points = layout.layoutIndex;
}

/** The degree box of a viewport, after checking it (400 naming Top/Bottom when inverted). */
export function viewportBBox(v: Viewport): BBox {
  if (v.top < v.bottom)
    throw badRequest('Top must not be below Bottom.', { Top: ['Top must be at least Bottom.'] });
  return { north: Math.min(90, v.top), south: Math.max(-90, v.bottom), west: v.left, east: v.right };
}

/**
 * The zoom at which a cluster splits: the zoom its children were clustered from, which
 * supercluster v8 encodes in the id ((index << 5) + zoom + 1 + point count). Exact unless the
 * cluster has a single child cluster (then a click zooms one step short); O(1), where
 * `getClusterExpansionZoom` walks the children and cost 30 times the whole answer at zoom 8.
 */
export function clusterExpansionZoom(clusterId: number, indexedPoints: number): number {
  return (clusterId - indexedPoints) % 32;
}

function clusterJson(
  coordinates: number[],
  p: ClusterProps & Supercluster.ClusterProperties,
  nowMs: number,
  indexedPoints: number,
): string {
  return (
    `{"type":"Feature","geometry":{"type":"Point","coordinates":[${coordinates[0]},${coordinates[1]}]},` +
    `"properties":{"cluster":true,"cluster_id":${p.cluster_id},"Count":${p.point_count},` +
    `"CountAbbreviated":"${abbreviateCount(p.point_count)}","Age":${ageSeconds(nowMs, p.newest)},` +
    `"ExpansionZoom":${clusterExpansionZoom(p.cluster_id, indexedPoints)}}}`
  );
}

/** ClusterStrikes answers up to this size are kept for their second (a dashboard map's at zoom 8 is a few kB). */
const KEPT_ANSWER_BYTES = 64 * 1024;
/** Views whose last answer is kept; past it they start afresh. */
const KEPT_ANSWERS = 256;

export class StrikeMapService {
  #snapshot: Promise<StrikeSnapshot> | null = null;
  #minute = -1;
  readonly #pool = new BufferPool(POOLED_ANSWER_BYTES, POOLED_ANSWERS);
  // an answer that may be kept (clusters) is its own allocation, not a pooled slab given back when sent
  readonly #take = (bytes: number) =>
    bytes <= KEPT_ANSWER_BYTES ? Buffer.allocUnsafe(bytes) : this.#pool.take(bytes);
  /** The last ClusterStrikes answer per view (zoom and box), kept for its snapshot and second. */
  readonly #answers = new SecondAnswers<string, Buffer>(KEPT_ANSWERS);

  constructor(private readonly source: StrikeSource) {}

  /** The snapshot of the current minute: the last 30 minutes of strikes up to `now`, indexed. */
  snapshot(now: Date): Promise<StrikeSnapshot> {
    const minute = Math.floor(now.getTime() / MINUTE_MS);
    if (!this.#snapshot || minute !== this.#minute) {
      this.#minute = minute;
      const previous = this.#snapshot;
      const load = Promise.all([
        this.source.strikes({
          from: new Date(now.getTime() - STRIKE_WINDOW_MINUTES * MINUTE_MS),
          to: new Date(now.getTime() + 1),
        }),
        // the last minute's layout lends the bytes of the strikes both minutes hold
        previous?.then((p) => p.layout).catch(() => undefined),
      ]).then(([strikes, last]) => ({
        minute,
        ...buildStrikeIndex(strikes, (minute + 1) * MINUTE_MS, last),
      }));
      // a failed load is not kept: the next request tries again
      load.catch(() => {
        if (this.#snapshot === load) this.#snapshot = null;
      });
      this.#snapshot = load;
    }
    return this.#snapshot;
  }

  /**
   * Clusters (zoom ≤ nonClusterLevel and ≤ 8) or every single strike (above) inside the
   * viewport, as the JSON bytes of a ZClusterStrikesResponse.
   */
  async clusters(query: TClusterStrikesQuery, now: Date): Promise<Buffer> {
    const bbox = viewportBBox(query);
    const snapshot = await this.snapshot(now);
    const zoom = Math.floor(query.zoom);
    const singlesOnly = zoom > Math.min(query.nonClusterLevel, STRIKE_CLUSTER_MAX_ZOOM);
    // the ages count whole seconds: one answer serves every request for the same view in the same second
    const key = `${zoom} ${singlesOnly} ${bbox.north} ${bbox.south} ${bbox.west} ${bbox.east}`;
    return this.#answers.get(
      key,
      now.getTime(),
      [snapshot],
      () => this.#clustersOf(snapshot, bbox, zoom, singlesOnly, now.getTime()),
      (body) => body.length <= KEPT_ANSWER_BYTES,
    );
  }

  #clustersOf(
    { layout, index }: StrikeSnapshot,
    bbox: BBox,
    zoom: number,
    singlesOnly: boolean,
    nowMs: number,
  ): Buffer {
    if (singlesOnly) {
      const runs = layout.query(bbox);
      return featureCollectionBuffer(
        '',
        {
          bytes: layout.runBytes(runs),
          to: (out, pos) => layout.writeRuns(runs, out, pos, nowMs),
        },
        this.#take,
      );
    }
    const found = index.getClusters([bbox.west, bbox.south, bbox.east, bbox.north], zoom) as (
      Feature<Point, ClusterProps & Supercluster.ClusterProperties> | number
    )[];
    const clusters: string[] = [];
    const lone: number[] = [];
    for (const f of found) {
      if (typeof f === 'number') lone.push(f);
      else clusters.push(clusterJson(f.geometry.coordinates, f.properties, nowMs, layout.count));
    }
    return featureCollectionBuffer(
      clusters.join(','),
      {
        bytes: lone.reduce((n, i) => n + layout.featureBytes(i), 0),
        to: (out, pos) => layout.writeEach(lone, out, pos, nowMs),
      },
      this.#take,
    );
  }

  /** The strikes of the last 30 minutes, inside the viewport when given, oldest first (ZStrikesResponse JSON). */
  async strikes(viewport: Partial<Viewport>, now: Date): Promise<Buffer> {
    const { layout } = await this.snapshot(now);
    const { top, bottom, left, right } = viewport;
    const runs =
      top !== undefined && bottom !== undefined && left !== undefined && right !== undefined
        ? layout.query(viewportBBox({ top, bottom, left, right }))
        : [0, layout.count];
    // the source lists strikes oldest first: its order is the answer's
    const inputs: number[] = [];
    for (let k = 0; k < runs.length; k += 2)
      for (let i = runs[k]!; i < runs[k + 1]!; i++) inputs.push(layout.inputIndex[i]!);
    const ordered = Uint32Array.from(inputs)
      .sort()
      .map((input) => layout.layoutIndex[input]!);
    return featureCollectionBuffer(
      '',
      {
        bytes: ordered.reduce((n, i) => n + layout.featureBytes(i), 0),
        to: (out, pos) => layout.writeEach(ordered, out, pos, now.getTime()),
      },
      this.#take,
    );
  }

  /** True when an answer is a pooled buffer, to give back with `release` once its response is done with it. */
  pooled(answer: Buffer): boolean {
    return this.#pool.lends(answer);
  }

  /** Gives back the buffer of an answer once its response is done with it (see BufferPool). */
  release(answer: Buffer): void {
    this.#pool.release(answer);
  }
}
