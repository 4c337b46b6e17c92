// MapLibre styles of the base-layer menu (spec 01 §2: Dark, Light, Satellite) over our own vector
// tiles, referencing only this server. No glyph PBFs ship with our dependencies, so city labels
// are circle markers without text (metadata 'allclear:labels': false).
import type { TMapStyleName } from '@allclear/contracts';
import { BASEMAP_MAX_ZOOM, cityPopulationFloor } from './basemap.ts';

interface Palette {
  background: string;
  land: string;
  countryBorder: string;
  stateBorder: string;
  countyBorder: string;
  city: string;
  cityStroke: string;
}

const PALETTES: Record<'dark' | 'light', Palette> = {
  dark: {
    background: '#0b1220',
    land: '#1b2535',
    countryBorder: '#6b7a90',
    stateBorder: '#4f5d72',
    countyBorder: '#323e50',
    city: '#c9d3e0',
    cityStroke: '#0b1220',
  },
  light: {
    background: '#c8dcec',
    land: '#f3f1ec',
    countryBorder: '#7d7d7d',
    stateBorder: '#9a9a9a',
    countyBorder: '#cfcac0',
    city: '#444444',
    cityStroke: '#ffffff',
  },
};

const ATTRIBUTION = 'Natural Earth, US Census Bureau, GeoNames';

/** Population floors of the city markers by zoom, as a MapLibre step expression. */
function cityFilter(): unknown[] {
  const zooms = [3, 5, 6, 7, 8];
  const step: unknown[] = ['step', ['zoom'], cityPopulationFloor(0)];
  for (const z of zooms) step.push(z, cityPopulationFloor(z));
  return ['>=', ['get', 'population'], step];
}

function baseLayers(p: Palette, withBackground = true): unknown[] {
  return [
    ...(withBackground
      ? [{ id: 'background', type: 'background', paint: { 'background-color': p.background } }]
      : []),
    {
      id: 'land',
      type: 'fill',
      source: 'basemap',
      'source-layer': 'countries',
      paint: { 'fill-color': p.land, 'fill-opacity': withBackground ? 1 : 0 },
    },
    {
      id: 'county-borders',
      type: 'line',
      source: 'basemap',
      'source-layer': 'counties',
      minzoom: 5,
      paint: { 'line-color': p.countyBorder, 'line-width': 0.5 },
    },
    {
      id: 'state-borders',
      type: 'line',
      source: 'basemap',
      'source-layer': 'states',
      minzoom: 2,
      paint: {
        'line-color': p.stateBorder,
        'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.5, 8, 1.5],
      },
    },
    {
      id: 'country-borders',
      type: 'line',
      source: 'basemap',
      'source-layer': 'country-borders',
      paint: {
        'line-color': p.countryBorder,
        'line-width': ['interpolate', ['linear'], ['zoom'], 0, 0.6, 8, 2],
      },
    },
    {
      id: 'cities',
      type: 'circle',
      source: 'basemap',
      'source-layer': 'cities',
      minzoom: 2,
      filter: cityFilter(),
      paint: {
        'circle-color': p.city,
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 2, 1.5, 10, 4],
        'circle-stroke-color': p.cityStroke,
        'circle-stroke-width': 0.5,
      },
    },
  ];
}

export interface StyleOptions {
  /** Origin of this server as the browser sees it, e.g. 'http://localhost:8080'. */
  origin: string;
  /** Configured imagery template for the satellite style (SATELLITE_TILES_URL with the key). */
  satelliteTilesUrl?: string;
}

/** The MapLibre style (v8) of a base layer. */
export function buildStyle(name: TMapStyleName, opts: StyleOptions): Record<string, unknown> {
  const basemap = {
    type: 'vector',
    tiles: [`${opts.origin}/map/basemap/{z}/{x}/{y}.pbf`],
    minzoom: 0,
    maxzoom: BASEMAP_MAX_ZOOM,
    attribution: ATTRIBUTION,
  };
  if (name !== 'satellite') {
    return {
      version: 8,
      name: `AllClear ${name}`,
      metadata: {
        'allclear:name': name,
        'allclear:label': name === 'dark' ? 'Dark' : 'Light',
        'allclear:simulated': false,
        'allclear:labels': false,
      },
      sources: { basemap },
      layers: baseLayers(PALETTES[name]),
    };
  }
  const simulated = !opts.satelliteTilesUrl;
  const imagery = simulated
    ? {
        type: 'raster',
        tiles: [`${opts.origin}/map/satellite/{z}/{x}/{y}.png`],
        tileSize: 256,
        minzoom: 0,
        maxzoom: 10,
        attribution: 'Simulated satellite',
      }
    : { type: 'raster', tiles: [opts.satelliteTilesUrl], tileSize: 256 };
  const dark = PALETTES.dark;
  const layers = simulated
    ? [
        ...baseLayers(dark).filter((l) => (l as { id: string }).id !== 'cities'),
        { id: 'satellite', type: 'raster', source: 'satellite', paint: { 'raster-opacity': 0.9 } },
        ...baseLayers(dark).filter((l) => (l as { id: string }).id === 'cities'),
      ]
    : [
        { id: 'background', type: 'background', paint: { 'background-color': '#000000' } },
        { id: 'satellite', type: 'raster', source: 'satellite' },
        ...baseLayers(dark, false),
      ];
  return {
    version: 8,
    name: simulated ? 'AllClear simulated satellite' : 'AllClear satellite',
    metadata: {
      'allclear:name': 'satellite',
      'allclear:label': simulated ? 'Simulated satellite' : 'Satellite',
      'allclear:simulated': simulated,
      'allclear:labels': false,
    },
    sources: { basemap, satellite: imagery },
    layers,
  };
}
