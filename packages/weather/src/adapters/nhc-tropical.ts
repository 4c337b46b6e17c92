// National Hurricane Center tropical products: CurrentStorms.json lists the active storms (name,
// classification, intensity in kt, pressure in mb, motion, position, and links to each advisory's
// GIS files); the forecast cone and forecast track come as KMZ (a zip holding one KML document),
// unzipped with fflate and read with xmldom + togeojson. Malformed archives or KML, like failed
// requests, leave the last good product in place, marked stale.
import { kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { strFromU8, unzipSync } from 'fflate';
import type { Geometry } from 'geojson';
import type {
  PolygonGeometry,
  TropicalCategory,
  TropicalSource,
  TropicalSystem,
  TropicalTrackPoint,
  WeatherLogger,
} from '../types.ts';
import {
  type FetchLike,
  type Fetched,
  MalformedResponseError,
  createResilientFetch,
} from './resilient-fetch.ts';

export const NHC_SOURCE = 'nhc';
export const NHC_CURRENT_STORMS_URL = 'https://www.nhc.noaa.gov/CurrentStorms.json';

const KT_TO_MS = 0.514444;
const MPH_TO_MS = 0.44704;

/** Saffir–Simpson category of a 1-minute sustained wind in knots (TD below 34 kt, TS below 64 kt). */
export function tropicalCategoryForKt(kt: number): TropicalCategory {
  if (kt >= 137) return 'H5';
  if (kt >= 113) return 'H4';
  if (kt >= 96) return 'H3';
  if (kt >= 83) return 'H2';
  if (kt >= 64) return 'H1';
  if (kt >= 34) return 'TS';
  return 'TD';
}

/** One entry of CurrentStorms.json, in the units NHC uses there. */
export interface NhcStormSummary {
  id: string;
  name: string;
  /** NHC classification code: TD, STD, TS, STS, HU, PTC, PC... */
  classification: string;
  intensityKt: number;
  pressureMb: number;
  /** Direction of motion, degrees clockwise from north. */
  movementDirDeg: number;
  movementSpeedMph: number;
  latitude: number;
  longitude: number;
  lastUpdate: Date;
  coneKmzUrl: string | null;
  trackKmzUrl: string | null;
}

/** Parses CurrentStorms.json (numbers may come as strings); throws MalformedResponseError on a wrong shape. */
export function parseNhcCurrentStorms(json: unknown): NhcStormSummary[] {
  if (!isRecord(json) || !Array.isArray(json.activeStorms))
    throw new MalformedResponseError('NHC: no activeStorms list');
  return json.activeStorms.map((raw): NhcStormSummary => {
    if (!isRecord(raw) || typeof raw.id !== 'string' || typeof raw.name !== 'string')
      throw new MalformedResponseError('NHC: storm without id or name');
    const lastUpdate = Date.parse(String(raw.lastUpdate));
    if (Number.isNaN(lastUpdate)) throw new MalformedResponseError(`NHC: bad lastUpdate for ${raw.id}`);
    return {
      id: raw.id,
      name: raw.name,
      classification: typeof raw.classification === 'string' ? raw.classification : '',
      intensityKt: requiredNumber(raw.intensity, `${raw.id} intensity`),
      pressureMb: requiredNumber(raw.pressure, `${raw.id} pressure`),
      movementDirDeg: looseNumber(raw.movementDir),
      movementSpeedMph: looseNumber(raw.movementSpeed),
      latitude: requiredNumber(raw.latitudeNumeric, `${raw.id} latitudeNumeric`),
      longitude: requiredNumber(raw.longitudeNumeric, `${raw.id} longitudeNumeric`),
      lastUpdate: new Date(lastUpdate),
      coneKmzUrl: kmzLink(raw.trackCone),
      trackKmzUrl: kmzLink(raw.forecastTrack),
    };
  });
}

/** The KML text of a KMZ: its doc.kml, or else its first .kml entry. */
export function kmlFromKmz(bytes: Uint8Array): string {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch (error) {
    throw new MalformedResponseError(`NHC: not a KMZ archive (${(error as Error).message})`);
  }
  const names = Object.keys(entries).filter((n) => n.toLowerCase().endsWith('.kml'));
  const name = names.find((n) => n.toLowerCase() === 'doc.kml') ?? names[0];
  if (!name) throw new MalformedResponseError('NHC: KMZ holds no KML document');
  return strFromU8(entries[name]!);
}

/** KML text as GeoJSON features; XML errors are a malformed response, not a crash or a console warning. */
function kmlFeatures(text: string) {
  const doc = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new MalformedResponseError(`NHC: bad KML (${message})`);
    },
  }).parseFromString(text, 'text/xml');
  return kml(doc).features;
}

function firstPolygon(geometry: Geometry | null): PolygonGeometry | null {
  if (!geometry) return null;
  if (geometry.type === 'Polygon') return { type: 'Polygon', coordinates: geometry.coordinates.map(ringOf) };
  if (geometry.type === 'MultiPolygon' && geometry.coordinates[0])
    return { type: 'Polygon', coordinates: geometry.coordinates[0].map(ringOf) };
  if (geometry.type === 'GeometryCollection') {
    for (const g of geometry.geometries) {
      const polygon = firstPolygon(g);
      if (polygon) return polygon;
    }
  }
  return null;
}

function ringOf(ring: number[][]): [number, number][] {
  return ring.map(([lon, lat]) => [lon!, lat!]);
}

/** The forecast cone polygon of a cone KMZ. */
export function parseNhcConeKmz(bytes: Uint8Array): PolygonGeometry {
  for (const feature of kmlFeatures(kmlFromKmz(bytes))) {
    const polygon = firstPolygon(feature.geometry);
    if (polygon && polygon.coordinates[0] && polygon.coordinates[0].length >= 4) return polygon;
  }
  throw new MalformedResponseError('NHC: cone KML has no polygon');
}

const ZONE_OFFSET_HOURS: Record<string, number> = {
  UTC: 0,
  GMT: 0,
  AST: -4,
  EDT: -4,
  EST: -5,
  CDT: -5,
  CST: -6,
  MDT: -6,
  MST: -7,
  PDT: -7,
  PST: -8,
  HDT: -9,
  HST: -10,
};
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** 'Valid at: 2:00 PM AST August 29, 2019' (the track balloon's wording) as a Date, or null. */
export function parseNhcValidTime(text: string): Date | null {
  const m = /Valid at:\s*(\d{1,2}):(\d{2})\s*(AM|PM)\s+([A-Z]{3})\s+([A-Za-z]+)\s+(\d{1,2}),\s*(\d{4})/.exec(
    text,
  );
  if (!m) return null;
  const [, hh, mm, ampm, zone, monthName, day, year] = m as unknown as string[];
  const offset = ZONE_OFFSET_HOURS[zone!];
  const month = MONTHS.indexOf(monthName!.toLowerCase());
  if (offset === undefined || month < 0) return null;
  const hour = (Number(hh) % 12) + (ampm === 'PM' ? 12 : 0);
  return new Date(Date.UTC(Number(year), month, Number(day), hour - offset, Number(mm)));
}

function descriptionText(description: unknown): string {
  if (typeof description === 'string') return description;
  return isRecord(description) && typeof description.value === 'string' ? description.value : '';
}

/** A knots value from ExtendedData (e.g. MAXWIND) or from the balloon text ('Maximum Wind: 75 knots'). */
function knots(props: Record<string, unknown>, keys: string[], label: RegExp, text: string): number {
  for (const k of keys) {
    const v = looseNumber(props[k]);
    if (!Number.isNaN(v)) return v;
  }
  const m = label.exec(text);
  return m ? Number(m[1]) : Number.NaN;
}

/** The forecast positions of a track KMZ, oldest first, winds in m/s. */
export function parseNhcTrackKmz(bytes: Uint8Array): TropicalTrackPoint[] {
  const points: TropicalTrackPoint[] = [];
  for (const feature of kmlFeatures(kmlFromKmz(bytes))) {
    if (feature.geometry?.type !== 'Point') continue;
    const props = (feature.properties ?? {}) as Record<string, unknown>;
    const text = descriptionText(props.description);
    const when = typeof props.timestamp === 'string' ? new Date(props.timestamp) : parseNhcValidTime(text);
    const windKt = knots(props, ['MAXWIND', 'maxWind'], /Maximum Wind:\s*(\d+)\s*knots/i, text);
    const gustKt = knots(props, ['GUST', 'gust'], /Wind Gusts:\s*(\d+)\s*knots/i, text);
    if (!when || Number.isNaN(when.getTime()) || Number.isNaN(windKt))
      throw new MalformedResponseError(`NHC: track point without time or wind (${String(props.name)})`);
    const [longitude, latitude] = feature.geometry.coordinates;
    points.push({
      time: when,
      latitude: latitude!,
      longitude: longitude!,
      maxSustainedMs: windKt * KT_TO_MS,
      gustMs: (Number.isNaN(gustKt) ? windKt : gustKt) * KT_TO_MS,
      category: tropicalCategoryForKt(windKt),
    });
  }
  if (points.length === 0) throw new MalformedResponseError('NHC: track KML has no points');
  return points.sort((a, b) => a.time.getTime() - b.time.getTime());
}

export interface NhcTropicalOptions {
  fetch?: FetchLike;
  logger?: WeatherLogger;
  /** URL of CurrentStorms.json (tests point it at a fake). */
  currentStormsUrl?: string;
  timeoutMs?: number;
}

/**
 * TropicalSource over the NHC products. A storm whose cone or track has never been read still
 * appears (with an empty cone or track, marked stale) rather than vanishing from a safety product.
 */
export function createNhcTropicalSource(options: NhcTropicalOptions = {}): TropicalSource {
  const http = { fetch: options.fetch, logger: options.logger, timeoutMs: options.timeoutMs };
  const stormsHttp = createResilientFetch({ source: `${NHC_SOURCE} storms`, ...http });
  // One fetcher per storm and product, so one storm's working cone does not end (and re-log) the
  // outage of another file: each outage is logged once.
  const gisHttp = new Map<string, ReturnType<typeof createResilientFetch>>();
  const gisFetcher = (key: string) => {
    let fetcher = gisHttp.get(key);
    if (!fetcher)
      gisHttp.set(key, (fetcher = createResilientFetch({ source: `${NHC_SOURCE} ${key}`, ...http })));
    return fetcher;
  };
  const url = options.currentStormsUrl ?? NHC_CURRENT_STORMS_URL;

  async function product<T>(
    key: string,
    link: string | null,
    parse: (b: Uint8Array) => T,
    at: Date,
  ): Promise<Fetched<T> | null> {
    if (!link) return null;
    return gisFetcher(key)
      .getBytes(link, parse, at)
      .catch(() => null);
  }

  async function system(storm: NhcStormSummary, listStale: boolean, at: Date): Promise<TropicalSystem> {
    const [cone, track] = await Promise.all([
      product(`${storm.id} cone`, storm.coneKmzUrl, parseNhcConeKmz, at),
      product(`${storm.id} track`, storm.trackKmzUrl, parseNhcTrackKmz, at),
    ]);
    return {
      id: storm.id,
      name: storm.name,
      category: tropicalCategoryForKt(storm.intensityKt),
      pressureHpa: storm.pressureMb,
      movement: { speedMs: storm.movementSpeedMph * MPH_TO_MS, headingDeg: storm.movementDirDeg },
      latitude: storm.latitude,
      longitude: storm.longitude,
      cone: cone?.value ?? { type: 'Polygon', coordinates: [] },
      track: track?.value ?? [],
      source: NHC_SOURCE,
      issuedAt: storm.lastUpdate,
      stale: listStale || !cone || cone.stale || !track || track.stale,
    };
  }

  return {
    async active(at) {
      const storms = await stormsHttp.getJson(url, parseNhcCurrentStorms, at);
      return Promise.all(storms.value.map((s) => system(s, storms.stale, at)));
    },
  };
}

function kmzLink(product: unknown): string | null {
  return isRecord(product) && typeof product.kmzFile === 'string' && product.kmzFile !== ''
    ? product.kmzFile
    : null;
}

/** A number NHC may send as a number or a numeric string; NaN otherwise. */
function looseNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') return Number(v);
  return Number.NaN;
}

function requiredNumber(v: unknown, what: string): number {
  const n = looseNumber(v);
  if (!Number.isFinite(n)) throw new MalformedResponseError(`NHC: bad ${what}`);
  return n;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
