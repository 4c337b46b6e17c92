// National Weather Service alerts from api.weather.gov (GeoJSON FeatureCollection of wx:Alert).
// A point matches an alert by polygon containment when the alert has a polygon, otherwise by its
// UGC zone/county codes against the point's zones from /points.
import { pointInPolygonRings } from '../simulator/geo.ts';
import type {
  AlertKind,
  AlertSeverity,
  AlertSource,
  BBox,
  LatLon,
  PolygonGeometry,
  WeatherAlert,
} from '../types.ts';
import { type NwsHttpOptions, nwsFetchOptions } from './nws-common.ts';
import { MalformedResponseError, createResilientFetch } from './resilient-fetch.ts';

export const NWS_SOURCE = 'nws';
const SEVERITIES: AlertSeverity[] = ['Extreme', 'Severe', 'Moderate', 'Minor', 'Unknown'];

/** Hazard kind of an NWS event name; 'Excessive Heat' and 'Extreme Heat' (renamed 2025) are both heat. */
export function classifyNwsEvent(event: string): AlertKind {
  const e = event.toLowerCase();
  if (e.includes('tornado')) return 'tornado';
  if (e.includes('severe thunderstorm')) return 'severe-thunderstorm';
  if (/(excessive|extreme) heat|heat advisory|heat warning|heat watch/.test(e)) return 'heat';
  if (e.includes('flood')) return 'flood';
  if (/winter|snow|ice storm|blizzard|freez|frost|wind chill|extreme cold|cold weather/.test(e))
    return 'winter';
  if (/air quality|air stagnation|smoke/.test(e)) return 'air-quality';
  if (e.includes('wind')) return 'wind';
  return 'other';
}

export interface ParsedNwsAlerts {
  alerts: WeatherAlert[];
  /** Features refused, with why (e.g. a time stamp that is not a date). */
  rejected: { id: string; reason: string }[];
}

/**
 * Parses an api.weather.gov alerts FeatureCollection. Throws MalformedResponseError when the
 * document is not a FeatureCollection; refuses (lists in `rejected`) features missing an event or
 * with unparseable times.
 */
export function parseNwsAlerts(json: unknown, source: string = NWS_SOURCE): ParsedNwsAlerts {
  if (!isRecord(json) || !Array.isArray(json.features))
    throw new MalformedResponseError('NWS alerts: not a FeatureCollection');
  const alerts: WeatherAlert[] = [];
  const rejected: { id: string; reason: string }[] = [];
  for (const feature of json.features) {
    const p = isRecord(feature) && isRecord(feature.properties) ? feature.properties : null;
    const id = p && typeof p.id === 'string' ? p.id : String(isRecord(feature) ? feature.id : 'unknown');
    if (!p || typeof p.event !== 'string') {
      rejected.push({ id, reason: 'no event' });
      continue;
    }
    const sent = parseTime(p.sent);
    const effective = parseTime(p.effective) ?? sent;
    const onset = parseTime(p.onset) ?? effective;
    const expires = parseTime(p.expires);
    const ends = p.ends === null || p.ends === undefined ? null : parseTime(p.ends);
    if (!sent || !onset || !expires || (p.ends != null && !ends)) {
      rejected.push({
        id,
        reason: `unparseable time (sent ${String(p.sent)}, expires ${String(p.expires)})`,
      });
      continue;
    }
    const geocode = isRecord(p.geocode) ? p.geocode : {};
    const ugc = Array.isArray(geocode.UGC)
      ? geocode.UGC.filter((z): z is string => typeof z === 'string')
      : [];
    const affected = Array.isArray(p.affectedZones)
      ? p.affectedZones
          .filter((z): z is string => typeof z === 'string')
          .map((url) => url.slice(url.lastIndexOf('/') + 1))
      : [];
    const severity = SEVERITIES.includes(p.severity as AlertSeverity)
      ? (p.severity as AlertSeverity)
      : 'Unknown';
    alerts.push({
      id,
      event: p.event,
      kind: classifyNwsEvent(p.event),
      headline: typeof p.headline === 'string' ? p.headline : p.event,
      description: typeof p.description === 'string' ? p.description : '',
      instruction: typeof p.instruction === 'string' ? p.instruction : null,
      severity,
      polygon: parsePolygon(isRecord(feature) ? feature.geometry : null),
      onset,
      expires,
      ends,
      areaDesc: typeof p.areaDesc === 'string' ? p.areaDesc : '',
      zones: [...new Set([...ugc, ...affected])],
      source,
      issuedAt: sent,
    });
  }
  return { alerts, rejected };
}

/** Whether an alert applies to a point: by polygon containment when it has one, else by shared zone codes. */
export function alertAppliesToPoint(alert: WeatherAlert, point: LatLon, pointZones: string[]): boolean {
  if (alert.polygon) return pointInPolygonRings(point.longitude, point.latitude, alert.polygon.coordinates);
  return alert.zones.some((z) => pointZones.includes(z));
}

/** Whether an alert is in force at a time: issued, and before its end (or expiry when it has no end). */
export function alertInForce(alert: WeatherAlert, at: Date): boolean {
  const t = at.getTime();
  return alert.issuedAt.getTime() <= t && t < (alert.ends ?? alert.expires).getTime();
}

/** Zone codes of a point from an api.weather.gov /points document (forecast zone, county, fire zone). */
export function parseNwsPointZones(json: unknown): string[] {
  if (!isRecord(json) || !isRecord(json.properties))
    throw new MalformedResponseError('NWS points: no properties');
  const p = json.properties;
  return [p.forecastZone, p.county, p.fireWeatherZone]
    .filter((u): u is string => typeof u === 'string')
    .map((url) => url.slice(url.lastIndexOf('/') + 1));
}

export type NwsAlertSourceOptions = NwsHttpOptions;

/** AlertSource over api.weather.gov; keeps the last good answer per query, marked stale during outages. */
export function createNwsAlertSource(options: NwsAlertSourceOptions = {}): AlertSource {
  const base = (options.baseUrl ?? 'https://api.weather.gov').replace(/\/$/, '');
  // Separate fetchers so a working /points does not end (and re-log) an /alerts outage.
  const fetchOptions = nwsFetchOptions(options);
  const http = createResilientFetch({ source: `${NWS_SOURCE} alerts`, ...fetchOptions });
  const pointsHttp = createResilientFetch({ source: `${NWS_SOURCE} points`, ...fetchOptions });
  const zonesOf = async (point: LatLon, at: Date): Promise<string[]> => {
    try {
      return (
        await pointsHttp.getJson(
          `${base}/points/${coord(point.latitude)},${coord(point.longitude)}`,
          parseNwsPointZones,
          at,
        )
      ).value;
    } catch {
      return [];
    }
  };
  const fetchAlerts = async (url: string, at: Date) => {
    const fetched = await http.getJson(url, (json) => parseNwsAlerts(json).alerts, at);
    return fetched.value
      .filter((a) => alertInForce(a, at))
      .map((a) => (fetched.stale ? { ...a, stale: true } : a));
  };
  return {
    async alertsForPoint(point, at) {
      const alerts = await fetchAlerts(
        `${base}/alerts/active?point=${coord(point.latitude)},${coord(point.longitude)}`,
        at,
      );
      const needsZones = alerts.some((a) => !a.polygon);
      const zones = needsZones ? await zonesOf(point, at) : [];
      return alerts.filter((a) => alertAppliesToPoint(a, point, zones));
    },
    async activeAlerts(at, bbox?: BBox) {
      const alerts = await fetchAlerts(`${base}/alerts/active`, at);
      if (!bbox) return alerts;
      return alerts.filter((a) =>
        a.polygon?.coordinates[0]?.some(
          ([lon, lat]) => lat >= bbox.south && lat <= bbox.north && lon >= bbox.west && lon <= bbox.east,
        ),
      );
    },
  };
}

function parsePolygon(geometry: unknown): PolygonGeometry | null {
  if (!isRecord(geometry) || !Array.isArray(geometry.coordinates)) return null;
  const rings =
    geometry.type === 'Polygon'
      ? geometry.coordinates
      : geometry.type === 'MultiPolygon'
        ? (geometry.coordinates as unknown[]).flat()
        : null;
  if (!rings) return null;
  const clean = (rings as unknown[])
    .filter(Array.isArray)
    .map((ring) =>
      (ring as unknown[])
        .filter(
          (pos): pos is [number, number] =>
            Array.isArray(pos) && typeof pos[0] === 'number' && typeof pos[1] === 'number',
        )
        .map(([lon, lat]) => [lon, lat] as [number, number]),
    );
  return clean.length > 0 && clean[0]!.length >= 4 ? { type: 'Polygon', coordinates: clean } : null;
}

/** NWS time stamps are ISO 8601 with offset; anything else (e.g. templated text) is refused. */
function parseTime(value: unknown): Date | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms);
}

function coord(v: number): string {
  return (Math.round(v * 10_000) / 10_000).toString();
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
