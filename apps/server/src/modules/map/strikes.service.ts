// Lightning for the map: the strikes of the last 30 minutes, loaded once per minute into a
// supercluster index (radius 50, clusters up to zoom 8, spec 01 §9) so that a viewport request
// only walks the index.
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

const MINUTE_MS = 60_000;

interface ClusterProps {
  /** Time of the newest strike in the cluster, ms. */
  newest: number;
}

/** A strike as loaded into the index; `json` caches its serialised feature up to its Age. */
interface StrikeFeature extends Feature<Point, Strike> {
  json?: string;
}

/** The strikes of one minute's window and their cluster index. */
export interface StrikeSnapshot {
  /** The minute (ms since epoch / 60 000) the snapshot belongs to. */
  minute: number;
  features: StrikeFeature[];
  index: Supercluster<Strike, ClusterProps>;
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

/** Builds the cluster index of a set of strikes (radius 50, maxZoom 8). */
export function buildStrikeIndex(strikes: Strike[]): {
  index: Supercluster<Strike, ClusterProps>;
  features: StrikeFeature[];
} {
  const index = new Supercluster<Strike, ClusterProps>({
    radius: STRIKE_CLUSTER_RADIUS,
    maxZoom: STRIKE_CLUSTER_MAX_ZOOM,
    map: (s) => ({ newest: s.time.getTime() }),
    reduce: (acc, p) => {
      if (p.newest > acc.newest) acc.newest = p.newest;
    },
  });
  const features: StrikeFeature[] = strikes.map((s) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [s.longitude, s.latitude] },
    properties: s,
  }));
  index.load(features);
  return { index, features };
}

/** The degree box of a viewport, after checking it (400 naming Top/Bottom when inverted). */
export function viewportBBox(v: Viewport): BBox {
  if (v.top < v.bottom)
    throw badRequest('Top must not be below Bottom.', { Top: ['Top must be at least Bottom.'] });
  return { north: Math.min(90, v.top), south: Math.max(-90, v.bottom), west: v.left, east: v.right };
}

/** Seconds from a time (ms) to now (ms), never negative. */
function ageSeconds(nowMs: number, timeMs: number): number {
  return Math.max(0, Math.floor((nowMs - timeMs) / 1000));
}

/**
 * A strike's feature as JSON (spec 01 §3 strike properties, see ZStrikeProperties). Everything
 * but the Age is cached on the feature for the snapshot's minute: a zoomed-in viewport over an
 * outbreak holds tens of thousands of strikes, and this keeps each of them to one concatenation.
 */
function strikeJson(f: StrikeFeature, nowMs: number): string {
  const s = f.properties;
  f.json ??=
    `{"type":"Feature","geometry":{"type":"Point","coordinates":[${s.longitude},${s.latitude}]},` +
    `"properties":{"cluster":false,"Id":${JSON.stringify(s.id)},"Amp":${s.amperageKa},"type":${s.type},` +
    `"TimeStamp":"${s.time.toISOString()}","Age":`;
  return `${f.json}${ageSeconds(nowMs, s.time.getTime())}}}`;
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

function collection(features: string[]): string {
  return `{"type":"FeatureCollection","features":[${features.join(',')}]}`;
}

function inBBox(b: BBox, s: Strike): boolean {
  if (s.latitude < b.south || s.latitude > b.north) return false;
  if (b.east - b.west >= 360) return true;
  const west = ((((b.west + 180) % 360) + 360) % 360) - 180;
  const east = ((((b.east + 180) % 360) + 360) % 360) - 180;
  return west <= east
    ? s.longitude >= west && s.longitude <= east
    : s.longitude >= west || s.longitude <= east;
}

export class StrikeMapService {
  #snapshot: Promise<StrikeSnapshot> | null = null;
  #minute = -1;

  constructor(private readonly source: StrikeSource) {}

  /** The snapshot of the current minute: the last 30 minutes of strikes up to `now`, indexed. */
  snapshot(now: Date): Promise<StrikeSnapshot> {
    const minute = Math.floor(now.getTime() / MINUTE_MS);
    if (!this.#snapshot || minute !== this.#minute) {
      this.#minute = minute;
      const load = this.source
        .strikes({
          from: new Date(now.getTime() - STRIKE_WINDOW_MINUTES * MINUTE_MS),
          to: new Date(now.getTime() + 1),
        })
        .then((strikes) => ({ minute, ...buildStrikeIndex(strikes) }));
      // a failed load is not kept: the next request tries again
      load.catch(() => {
        if (this.#snapshot === load) this.#snapshot = null;
      });
      this.#snapshot = load;
    }
    return this.#snapshot;
  }

  /**
   * Clusters (zoom ≤ nonClusterLevel and ≤ 8) or single strikes (above) inside the viewport, as
   * the JSON text of a ZClusterStrikesResponse.
   */
  async clusters(query: TClusterStrikesQuery, now: Date): Promise<string> {
    const bbox = viewportBBox(query);
    const snap = await this.snapshot(now);
    const nowMs = now.getTime();
    const singlesOnly = Math.floor(query.zoom) > Math.min(query.nonClusterLevel, STRIKE_CLUSTER_MAX_ZOOM);
    const zoom = singlesOnly ? STRIKE_CLUSTER_MAX_ZOOM + 1 : Math.floor(query.zoom);
    const found = snap.index.getClusters([bbox.west, bbox.south, bbox.east, bbox.north], zoom);
    const out: string[] = new Array(found.length);
    for (let i = 0; i < found.length; i++) {
      const f = found[i]!;
      const p = f.properties as Strike | (ClusterProps & Supercluster.ClusterProperties);
      out[i] =
        'cluster' in p && p.cluster
          ? clusterJson(f.geometry.coordinates, p, nowMs, snap.features.length)
          : strikeJson(f as StrikeFeature, nowMs);
    }
    return collection(out);
  }

  /** The strikes of the last 30 minutes, inside the viewport when given, oldest first (ZStrikesResponse JSON). */
  async strikes(viewport: Partial<Viewport>, now: Date): Promise<string> {
    const snap = await this.snapshot(now);
    const { top, bottom, left, right } = viewport;
    const bbox =
      top !== undefined && bottom !== undefined && left !== undefined && right !== undefined
        ? viewportBBox({ top, bottom, left, right })
        : null;
    const nowMs = now.getTime();
    const out: string[] = [];
    for (const f of snap.features) {
      if (bbox && !inBBox(bbox, f.properties)) continue;
      out.push(strikeJson(f, nowMs));
    }
    return collection(out);
  }
}
