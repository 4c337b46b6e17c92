// NWS station observations from api.weather.gov: /stations/{id}/observations/latest in SI units with
// unit codes (degC, km_h-1, Pa, m), converted to our observation type. The stations offered are the
// configured station ids plus, for each configured point, the nearest station that /points/{lat},{lon}/stations
// lists. A value a sensor did not report is NaN (missing), never invented; an observation older than
// `staleAfterMs` is marked stale, so a station that stopped reporting shows as stale.
import type { LatLon, ObservationSource, StationObservation, WeatherStation } from '../types.ts';
import { weatherCodeFor } from '../weather-codes.ts';
import {
  type NwsHttpOptions,
  cloudCoverForNwsIcon,
  isRecord,
  nwsBaseUrl,
  nwsCoord,
  nwsFetchOptions,
  nwsQuantity,
  nwsTime,
  weatherCodeForNwsIcon,
} from './nws-common.ts';
import { MalformedResponseError, createResilientFetch } from './resilient-fetch.ts';

export const NWS_OBSERVATIONS_SOURCE = 'nws observations';

/** METAR cloud amounts as the middle of their okta range, %. */
const CLOUD_AMOUNT_PCT: Record<string, number> = {
  SKC: 0,
  CLR: 0,
  FEW: 19,
  SCT: 44,
  BKN: 75,
  OVC: 100,
  VV: 100,
};

/** Reads a station Feature (from /stations/{id} or a /points/.../stations collection). */
export function parseNwsStation(json: unknown): WeatherStation {
  const p = isRecord(json) && isRecord(json.properties) ? json.properties : null;
  const coords = isRecord(json) && isRecord(json.geometry) ? json.geometry.coordinates : null;
  if (!p || typeof p.stationIdentifier !== 'string' || !Array.isArray(coords))
    throw new MalformedResponseError('NWS station: no stationIdentifier or geometry');
  const [longitude, latitude] = coords as unknown[];
  if (typeof latitude !== 'number' || typeof longitude !== 'number')
    throw new MalformedResponseError('NWS station: bad coordinates');
  return {
    id: p.stationIdentifier,
    name: typeof p.name === 'string' ? p.name : p.stationIdentifier,
    latitude,
    longitude,
    type: 'nws',
  };
}

/** The nearest station of a /points/{lat},{lon}/stations collection (NWS lists them nearest first). */
export function parseNearestNwsStation(json: unknown): WeatherStation {
  const features = isRecord(json) ? json.features : null;
  if (!Array.isArray(features) || features.length === 0)
    throw new MalformedResponseError('NWS stations: no stations listed');
  return parseNwsStation(features[0]);
}

/** Cloud cover of the most covering reported layer, %, or NaN when no layer is reported. */
function cloudCoverOf(layers: unknown, icon: unknown): number {
  const amounts = Array.isArray(layers)
    ? layers.map((l) =>
        isRecord(l) && typeof l.amount === 'string' ? CLOUD_AMOUNT_PCT[l.amount] : undefined,
      )
    : [];
  const known = amounts.filter((a): a is number => a !== undefined);
  return known.length > 0 ? Math.max(...known) : cloudCoverForNwsIcon(icon);
}

/** Crude daylight from local solar time, for the rare observation without an icon to say it. */
function roughDayLight(at: Date, longitude: number): boolean {
  const solarHour = (at.getUTCHours() + at.getUTCMinutes() / 60 + longitude / 15 + 24) % 24;
  return solarHour >= 6 && solarHour < 18;
}

function thunderReported(presentWeather: unknown): boolean {
  return (
    Array.isArray(presentWeather) &&
    presentWeather.some((w) => isRecord(w) && typeof w.weather === 'string' && w.weather.includes('thunder'))
  );
}

/**
 * Parses /stations/{id}/observations/latest into a StationObservation for `station`. Throws
 * MalformedResponseError when the document has no time stamp, no position, or a unit we do not know.
 */
export function parseNwsObservation(json: unknown, station: WeatherStation): StationObservation {
  const p = isRecord(json) && isRecord(json.properties) ? json.properties : null;
  if (!p) throw new MalformedResponseError('NWS observation: no properties');
  const coords = isRecord(json) && isRecord(json.geometry) ? json.geometry.coordinates : null;
  const [longitude, latitude] = Array.isArray(coords) ? (coords as unknown[]) : [];
  const observedAt = nwsTime(p.timestamp, 'observation timestamp');
  const temperatureC = nwsQuantity(p.temperature);
  const windSpeedMs = nwsQuantity(p.windSpeed);
  const gust = nwsQuantity(p.windGust);
  const seaLevel = nwsQuantity(p.seaLevelPressure);
  const rainMm = nwsQuantity(p.precipitationLastHour);
  const cloudCoverPct = cloudCoverOf(p.cloudLayers, p.icon);
  const lon = typeof longitude === 'number' ? longitude : station.longitude;
  return {
    stationId: station.id,
    stationName: typeof p.stationName === 'string' && p.stationName !== '' ? p.stationName : station.name,
    latitude: typeof latitude === 'number' ? latitude : station.latitude,
    longitude: lon,
    temperatureC,
    relativeHumidityPct: nwsQuantity(p.relativeHumidity),
    dewPointC: nwsQuantity(p.dewpoint),
    windSpeedMs,
    // A station reports a gust only when there is one: without it the wind is steady at its speed.
    windGustMs: Number.isNaN(gust) ? windSpeedMs : gust,
    // Null when calm or variable.
    windDirectionDeg: nwsQuantity(p.windDirection),
    pressureHpa: Number.isNaN(seaLevel) ? nwsQuantity(p.barometricPressure) : seaLevel,
    solarWm2: Number.NaN,
    rainMm,
    rainTodayMm: Number.NaN,
    cloudCoverPct,
    weatherCode:
      weatherCodeForNwsIcon(p.icon) ??
      weatherCodeFor({
        cloudFraction: Number.isNaN(cloudCoverPct) ? 0.5 : cloudCoverPct / 100,
        precipitationMmPerHour: Number.isNaN(rainMm) ? 0 : rainMm,
        temperatureC: Number.isNaN(temperatureC) ? 15 : temperatureC,
        thunder: thunderReported(p.presentWeather),
        severe: false,
        dayLight: roughDayLight(observedAt, lon),
        windSpeedMs: Number.isNaN(windSpeedMs) ? 0 : windSpeedMs,
      }),
    source: NWS_OBSERVATIONS_SOURCE,
    observedAt,
  };
}

export interface NwsObservationOptions extends NwsHttpOptions {
  /** Station identifiers to offer, e.g. ['KDAL', 'KDFW']. */
  stationIds?: string[];
  /** Points (customer locations) whose nearest station is offered too. */
  points?: LatLon[];
  /** An observation older than this (relative to the time asked for) is marked stale, ms; default 2 h. */
  staleAfterMs?: number;
  /** The product's clock, stamping station lookups made outside an observation request. */
  now?: () => Date;
}

export interface NwsObservationSource extends ObservationSource {
  /** The station NWS lists first (nearest) for a point. */
  nearestStation(point: LatLon, at: Date): Promise<WeatherStation>;
}

/** ObservationSource over api.weather.gov; the last good observation per station is served stale during outages. */
export function createNwsObservationSource(options: NwsObservationOptions = {}): NwsObservationSource {
  const base = nwsBaseUrl(options);
  const staleAfterMs = options.staleAfterMs ?? 2 * 3_600_000;
  // Separate fetchers so station metadata answering does not end (and re-log) an observations outage.
  const http = createResilientFetch({ source: NWS_OBSERVATIONS_SOURCE, ...nwsFetchOptions(options) });
  const metaHttp = createResilientFetch({ source: 'nws stations', ...nwsFetchOptions(options) });
  // Station metadata barely changes: once known, a station is kept for the life of the process.
  const known = new Map<string, WeatherStation>();

  const station = async (id: string, at: Date): Promise<WeatherStation> => {
    const cached = known.get(id);
    if (cached) return cached;
    const fetched = await metaHttp.getJson(`${base}/stations/${encodeURIComponent(id)}`, parseNwsStation, at);
    known.set(id, fetched.value);
    return fetched.value;
  };
  const nearestStation = async (point: LatLon, at: Date): Promise<WeatherStation> => {
    const url = `${base}/points/${nwsCoord(point.latitude)},${nwsCoord(point.longitude)}/stations`;
    const nearest = (await metaHttp.getJson(url, parseNearestNwsStation, at)).value;
    known.set(nearest.id, nearest);
    return nearest;
  };
  /** Settles every lookup: a station that cannot be resolved now is left out until it can. */
  const resolveAll = async (at: Date): Promise<WeatherStation[]> => {
    const lookups = [
      ...(options.stationIds ?? []).map((id) => station(id, at)),
      ...(options.points ?? []).map((p) => nearestStation(p, at)),
    ];
    const settled = await Promise.allSettled(lookups);
    const byId = new Map<string, WeatherStation>();
    for (const s of settled) if (s.status === 'fulfilled') byId.set(s.value.id, s.value);
    return [...byId.values()];
  };

  return {
    nearestStation,
    async stations() {
      return resolveAll(options.now?.() ?? new Date());
    },
    async observe(stationId, at) {
      // Without its metadata the observation still carries its own position; only the name is missing.
      const meta = await station(stationId, at).catch((): WeatherStation => ({
        id: stationId,
        name: stationId,
        latitude: NaN,
        longitude: NaN,
        type: 'nws',
      }));
      const fetched = await http.getJson(
        `${base}/stations/${encodeURIComponent(stationId)}/observations/latest`,
        (json) => parseNwsObservation(json, meta),
        at,
      );
      const o = fetched.value;
      const tooOld = at.getTime() - o.observedAt.getTime() > staleAfterMs;
      return fetched.stale || tooOld ? { ...o, stale: true } : o;
    },
  };
}
