// MapLibre styles of the base-layer menu (spec 01 §2: Dark, Light, Satellite) over our own vector
// tiles, referencing only this server. The styles set no `glyphs` URL on purpose: MapLibre GL JS
// (since 5.11) then draws label glyphs itself with TinySDF from the fonts of `text-font`, so city
// and state names need no glyph server, no network and no code of ours (map README 'Labels').
import type { TMapStyleName } from '@allclear/contracts';
import { BASEMAP_MAX_ZOOM, CITY_FLOOR_ZOOMS, STATE_LABEL_MAX_ZOOM, cityPopulationFloor } from './basemap.ts';

/** Ids of the label layers, drawn above imagery and (on the web) above the radar. */
export const PLACE_LABEL_LAYER = 'place-labels';
export const STATE_LABEL_LAYER = 'state-labels';

/**
 * Fonts of the labels, as CSS font families (MapLibre adds sans-serif last): the web app's own
 * stack, so labels match the interface wherever those fonts are installed.
 */
const LABEL_FONT = ['Inter', 'Segoe UI', 'Roboto', 'Helvetica Neue', 'Arial', 'DejaVu Sans'];

interface Palette {
  background: string;
  land: string;
  countryBorder: string;
  stateBorder: string;
  countyBorder: string;
  city: string;
  cityStroke: string;
  cityText: string;
  stateText: string;
  textHalo: string;
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
    cityText: '#dfe6ef',
    stateText: '#8392a8',
    textHalo: '#0b1220',
  },
  light: {
    background: '#c8dcec',
    land: '#f3f1ec',
    countryBorder: '#7d7d7d',
    stateBorder: '#9a9a9a',
    countyBorder: '#cfcac0',
    city: '#444444',
    cityStroke: '#ffffff',
    cityText: '#2b2b2b',
    stateText: '#7a7468',
    textHalo: '#ffffff',
  },
};

const ATTRIBUTION = 'Natural Earth, US Census Bureau, GeoNames';

/**
 * Cities above the population floor of the zoom, as a MapLibre filter. The tiles are already thinned
 * per zoom; this repeats it for the zooms past BASEMAP_MAX_ZOOM and between integer zooms.
 */
function cityFilter(): unknown[] {
  const step: unknown[] = ['step', ['zoom'], cityPopulationFloor(0)];
  for (const z of CITY_FLOOR_ZOOMS) step.push(z, cityPopulationFloor(z));
  return ['all', ['==', ['get', 'kind'], 'city'], ['>=', ['get', 'population'], step]];
}

/**
 * Marks the layers that name the map. The web inserts its radar below the first of them, so the
 * names stay readable over the radar.
 */
const PLACE_METADATA = { 'allclear:place': true };

/** City markers and the city and state names: the layers that stay above imagery. */
function placeLayers(p: Palette): unknown[] {
  return [
    {
      id: 'cities',
      type: 'circle',
      metadata: PLACE_METADATA,
      source: 'basemap',
      'source-layer': 'places',
      minzoom: 2,
      filter: cityFilter(),
      paint: {
        'circle-color': p.city,
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 2, 1.5, 10, 4],
        'circle-stroke-color': p.cityStroke,
        'circle-stroke-width': 0.5,
      },
    },
    {
      id: STATE_LABEL_LAYER,
      type: 'symbol',
      metadata: PLACE_METADATA,
      source: 'basemap',
      'source-layer': 'places',
      minzoom: 3,
      maxzoom: STATE_LABEL_MAX_ZOOM + 1,
      filter: ['==', ['get', 'kind'], 'state'],
      layout: {
        'text-field': ['get', 'name'],
        'text-font': LABEL_FONT,
        'text-size': ['interpolate', ['linear'], ['zoom'], 3, 10, 6, 13],
        'text-transform': 'uppercase',
        'text-letter-spacing': 0.12,
        'text-max-width': 8,
      },
      paint: { 'text-color': p.stateText, 'text-halo-color': p.textHalo, 'text-halo-width': 1 },
    },
    {
      id: PLACE_LABEL_LAYER,
      type: 'symbol',
      metadata: PLACE_METADATA,
      source: 'basemap',
      'source-layer': 'places',
      minzoom: 2,
      filter: cityFilter(),
      layout: {
        'text-field': ['get', 'name'],
        'text-font': LABEL_FONT,
        'text-size': ['interpolate', ['linear'], ['zoom'], 3, 11, 10, 14],
        'text-anchor': 'top',
        'text-offset': [0, 0.4],
        'text-max-width': 8,
        // The most populous city wins where names would collide.
        'symbol-sort-key': ['-', ['get', 'population']],
      },
      paint: { 'text-color': p.cityText, 'text-halo-color': p.textHalo, 'text-halo-width': 1.2 },
    },
  ];
}

/** Land and borders: the layers below imagery. */
function groundLayers(p: Palette, withBackground = true): unknown[] {
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
        'allclear:labels': true,
      },
      sources: { basemap },
      layers: [...groundLayers(PALETTES[name]), ...placeLayers(PALETTES[name])],
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
        ...groundLayers(dark),
        { id: 'satellite', type: 'raster', source: 'satellite', paint: { 'raster-opacity': 0.9 } },
        ...placeLayers(dark),
      ]
    : [
        { id: 'background', type: 'background', paint: { 'background-color': '#000000' } },
        { id: 'satellite', type: 'raster', source: 'satellite' },
        ...groundLayers(dark, false),
        ...placeLayers(dark),
      ];
  return {
    version: 8,
    name: simulated ? 'AllClear simulated satellite' : 'AllClear satellite',
    metadata: {
      'allclear:name': 'satellite',
      'allclear:label': simulated ? 'Simulated satellite' : 'Satellite',
      'allclear:simulated': simulated,
      'allclear:labels': true,
    },
    sources: { basemap, satellite: imagery },
    layers,
  };
}
