// Open-Meteo air-quality API (CAMS model, https://open-meteo.com/en/docs/air-quality-api): hourly
// PM2.5, PM10 and ozone at a point. It is a model grid, not a sensor: the 'sensor' is the grid
// point Open-Meteo answers for, and its distance is from the asked point to that grid point.
import { greatCircleMilesLocal } from '../simulator/geo.ts';
import type { AirQualitySource, LatLon, PollutantName, PollutantSeries, WeatherLogger } from '../types.ts';
import { type FetchLike, MalformedResponseError, createResilientFetch } from './resilient-fetch.ts';

export const OPEN_METEO_AIR_SOURCE = 'open-meteo-air-quality';
/** µg/m³ per ppb of ozone at 25 °C and 1013.25 hPa (molar mass 48.00 / molar volume 24.45). */
export const OZONE_UG_M3_PER_PPB = 48.0 / 24.45;

const VARIABLES: { key: string; pollutant: PollutantName }[] = [
  { key: 'pm2_5', pollutant: 'PM2.5' },
  { key: 'pm10', pollutant: 'PM10' },
  { key: 'ozone', pollutant: 'O3' },
];

/**
 * Parses an Open-Meteo air-quality response into the 24 hourly values of each pollutant ending at
 * the last hour that started at or before `at` (ozone converted to ppb). Missing (null) hours are
 * left out, not invented. Throws MalformedResponseError when a variable is missing.
 */
export function parseOpenMeteoAirQuality(json: unknown, point: LatLon, at: Date): PollutantSeries[] {
  if (!isRecord(json) || !isRecord(json.hourly) || !Array.isArray(json.hourly.time)) {
    throw new MalformedResponseError('Open-Meteo air quality: no hourly block');
  }
  const hourly = json.hourly;
  const offsetMs = (typeof json.utc_offset_seconds === 'number' ? json.utc_offset_seconds : 0) * 1000;
  const times = (hourly.time as unknown[]).map((t) => {
    const ms = typeof t === 'string' ? Date.parse(`${t}Z`) : Number.NaN;
    if (Number.isNaN(ms)) throw new MalformedResponseError(`Open-Meteo air quality: bad time ${String(t)}`);
    return ms - offsetMs;
  });
  const gridLat = typeof json.latitude === 'number' ? json.latitude : point.latitude;
  const gridLon = typeof json.longitude === 'number' ? json.longitude : point.longitude;
  const lastHour = Math.floor(at.getTime() / 3_600_000) * 3_600_000 - 3_600_000;
  const firstHour = lastHour - 23 * 3_600_000;
  const distanceMiles =
    Math.round(greatCircleMilesLocal(point.latitude, point.longitude, gridLat, gridLon) * 100) / 100;
  return VARIABLES.map(({ key, pollutant }) => {
    const values = hourly[key];
    if (!Array.isArray(values) || values.length !== times.length) {
      throw new MalformedResponseError(`Open-Meteo air quality: ${key} missing or of wrong length`);
    }
    const series = times
      .map((t, i) => ({ t, v: values[i] }))
      .filter(
        (x): x is { t: number; v: number } => typeof x.v === 'number' && x.t >= firstHour && x.t <= lastHour,
      )
      .map(({ t, v }) => ({
        time: new Date(t),
        value: pollutant === 'O3' ? Math.round((v / OZONE_UG_M3_PER_PPB) * 10) / 10 : v,
      }));
    return {
      pollutant,
      sensorName: `Open-Meteo CAMS grid ${gridLat.toFixed(2)}, ${gridLon.toFixed(2)}`,
      sensorLatitude: gridLat,
      sensorLongitude: gridLon,
      distanceMiles,
      unit: pollutant === 'O3' ? 'ppb' : 'µg/m³',
      hourly: series,
      source: OPEN_METEO_AIR_SOURCE,
      observedAt: new Date(lastHour + 3_600_000),
    };
  });
}

export interface OpenMeteoAirQualityOptions {
  fetch?: FetchLike;
  logger?: WeatherLogger;
  baseUrl?: string;
  timeoutMs?: number;
}

/** AirQualitySource over Open-Meteo; the last good answer per point is served stale during outages. */
export function createOpenMeteoAirQualitySource(options: OpenMeteoAirQualityOptions = {}): AirQualitySource {
  const base = (options.baseUrl ?? 'https://air-quality-api.open-meteo.com').replace(/\/$/, '');
  const http = createResilientFetch({
    source: OPEN_METEO_AIR_SOURCE,
    fetch: options.fetch,
    logger: options.logger,
    timeoutMs: options.timeoutMs,
  });
  return {
    async near(point, at) {
      const url =
        `${base}/v1/air-quality?latitude=${point.latitude.toFixed(4)}&longitude=${point.longitude.toFixed(4)}` +
        `&hourly=pm10,pm2_5,ozone&timezone=auto&past_days=1&forecast_days=1`;
      // Validate before caching, so a malformed answer never replaces the last good one.
      const fetched = await http.getJson(
        url,
        (json) => {
          parseOpenMeteoAirQuality(json, point, at);
          return json;
        },
        at,
      );
      const series = parseOpenMeteoAirQuality(fetched.value, point, at);
      return fetched.stale ? series.map((s) => ({ ...s, stale: true })) : series;
    },
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
