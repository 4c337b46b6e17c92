// What the api.weather.gov forecast and observation adapters share: the request headers NWS asks
// for, reading its unit-coded quantities ({ unitCode: 'wmoUnit:degC', value }) into SI, its icon
// URLs into the spec's icon codes, and the /points answer (which forecast office grid and which
// observation stations serve a point), cached per rounded point because it rarely changes.
import type { LatLon, WeatherLogger } from '../types.ts';
import { type FetchLike, MalformedResponseError, createResilientFetch } from './resilient-fetch.ts';

export const NWS_DEFAULT_BASE_URL = 'https://api.weather.gov';

export interface NwsHttpOptions {
  fetch?: FetchLike;
  logger?: WeatherLogger;
  baseUrl?: string;
  /** api.weather.gov asks for a User-Agent naming the application and a contact. */
  userAgent?: string;
  timeoutMs?: number;
}

/** Options for createResilientFetch with the headers api.weather.gov expects. */
export function nwsFetchOptions(options: NwsHttpOptions) {
  return {
    fetch: options.fetch,
    logger: options.logger,
    timeoutMs: options.timeoutMs,
    headers: {
      Accept: 'application/geo+json',
      'User-Agent': options.userAgent ?? 'AllClear (ops@allclear.invalid)',
    },
  };
}

export function nwsBaseUrl(options: NwsHttpOptions): string {
  return (options.baseUrl ?? NWS_DEFAULT_BASE_URL).replace(/\/$/, '');
}

/** NWS answers /points at 4 decimals (it redirects anything finer), so that is the cache key too. */
export function nwsCoord(v: number): string {
  return (Math.round(v * 10_000) / 10_000).toString();
}

// ───────────────────────── unit-coded quantities ─────────────────────────

/** Converters from each unit NWS uses to ours (°C, m/s, hPa, m, %, degrees, mm). */
const TO_SI: Record<string, (v: number) => number> = {
  'wmoUnit:degC': (v) => v,
  'wmoUnit:degF': (v) => ((v - 32) * 5) / 9,
  'wmoUnit:km_h-1': (v) => v / 3.6,
  'wmoUnit:m_s-1': (v) => v,
  'wmoUnit:Pa': (v) => v / 100,
  'wmoUnit:hPa': (v) => v,
  'wmoUnit:m': (v) => v,
  'wmoUnit:mm': (v) => v,
  'wmoUnit:percent': (v) => v,
  'wmoUnit:degree_(angle)': (v) => v,
};

/**
 * The value of an NWS quantity converted by its unitCode, or NaN when the quantity or its value is
 * null (a sensor that did not report: kept visible as missing, never invented). A unit we do not
 * know is a malformed response.
 */
export function nwsQuantity(q: unknown): number {
  if (!isRecord(q) || q.value === null || q.value === undefined) return Number.NaN;
  if (typeof q.value !== 'number') throw new MalformedResponseError('NWS: quantity value is not a number');
  const convert = typeof q.unitCode === 'string' ? TO_SI[q.unitCode] : undefined;
  if (!convert) throw new MalformedResponseError(`NWS: unknown unit ${String(q.unitCode)}`);
  return convert(q.value);
}

// ───────────────────────── icons ─────────────────────────

/** Day icon code of each NWS icon condition (https://api.weather.gov/icons). */
const NWS_ICON_DAY_CODE: Record<string, string> = {
  skc: '0002',
  few: '0002',
  sct: '0003',
  bkn: '0004',
  ovc: '0005',
  wind_skc: '0029',
  wind_few: '0029',
  wind_sct: '0029',
  wind_bkn: '0029',
  wind_ovc: '0029',
  snow: '0016',
  rain_snow: '0025',
  rain_sleet: '0026',
  snow_sleet: '0026',
  fzra: '0020',
  rain_fzra: '0020',
  snow_fzra: '0026',
  sleet: '0021',
  rain: '0014',
  rain_showers: '0022',
  rain_showers_hi: '0022',
  tsra: '0023',
  tsra_sct: '0023',
  tsra_hi: '0023',
  tornado: '0030',
  hurricane: '0030',
  tropical_storm: '0023',
  dust: '0028',
  smoke: '0028',
  haze: '0028',
  hot: '9100',
  cold: '9200',
  blizzard: '0018',
  fog: '0027',
};
/** Night variants of the sky conditions; everything else is 20xx. */
const NWS_ICON_NIGHT_CODE: Record<string, string> = {
  skc: '9000',
  few: '9001',
  sct: '9002',
  bkn: '9003',
  ovc: '9003',
  fog: '9004',
  haze: '9005',
  dust: '9005',
  smoke: '9005',
  hot: '9100',
  cold: '9200',
};

/**
 * Spec icon code of an NWS icon URL such as `https://api.weather.gov/icons/land/night/tsra,40/rain?size=medium`:
 * the first condition decides, the URL's day/night segment chooses the variant. Unknown or missing
 * icons give null so the caller can fall back.
 */
export function weatherCodeForNwsIcon(icon: unknown): string | null {
  if (typeof icon !== 'string') return null;
  const match = /\/icons\/[a-z]+\/(day|night)\/([a-z_]+)/.exec(icon);
  if (!match) return null;
  const [, time, condition] = match as unknown as [string, string, string];
  const day = NWS_ICON_DAY_CODE[condition];
  if (!day) return null;
  if (time === 'day') return day;
  return NWS_ICON_NIGHT_CODE[condition] ?? `20${day.slice(2)}`;
}

/** Rough cloud cover of an NWS sky condition (its documented okta ranges' middles), NaN when it does not say. */
export function cloudCoverForNwsIcon(icon: unknown): number {
  if (typeof icon !== 'string') return Number.NaN;
  const condition = /\/icons\/[a-z]+\/(?:day|night)\/(?:wind_)?([a-z_]+)/.exec(icon)?.[1];
  const cover: Record<string, number> = { skc: 0, few: 20, sct: 45, bkn: 75, ovc: 100 };
  return condition !== undefined && condition in cover ? cover[condition]! : Number.NaN;
}

// ───────────────────────── /points ─────────────────────────

export interface NwsPoint {
  /** URL of the 12-hour (day/night) forecast. */
  forecast: string;
  forecastHourly: string;
  /** URL listing the observation stations near the point, nearest first. */
  observationStations: string;
}

/** Reads the URLs the product needs from a /points/{lat},{lon} answer. */
export function parseNwsPoint(json: unknown): NwsPoint {
  const p = isRecord(json) && isRecord(json.properties) ? json.properties : null;
  const forecast = p?.forecast;
  const forecastHourly = p?.forecastHourly;
  const observationStations = p?.observationStations;
  if (typeof forecast !== 'string' || typeof forecastHourly !== 'string')
    throw new MalformedResponseError('NWS /points: no forecast URLs');
  return {
    forecast,
    forecastHourly,
    observationStations: typeof observationStations === 'string' ? observationStations : '',
  };
}

/**
 * /points lookups cached per rounded point for the life of the process (a point's forecast office
 * and grid change only when NWS redraws its grids). Failures are not cached.
 */
export function createNwsPointLookup(options: NwsHttpOptions) {
  const base = nwsBaseUrl(options);
  const http = createResilientFetch({ source: 'nws points', ...nwsFetchOptions(options) });
  const cache = new Map<string, NwsPoint>();
  return async (point: LatLon, at: Date): Promise<NwsPoint> => {
    const key = `${nwsCoord(point.latitude)},${nwsCoord(point.longitude)}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const fetched = await http.getJson(`${base}/points/${key}`, parseNwsPoint, at);
    cache.set(key, fetched.value);
    return fetched.value;
  };
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** NWS time stamps are ISO 8601 with an offset; anything else is refused. */
export function nwsTime(value: unknown, what: string): Date {
  const ms = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) throw new MalformedResponseError(`NWS: bad ${what} ${String(value)}`);
  return new Date(ms);
}
