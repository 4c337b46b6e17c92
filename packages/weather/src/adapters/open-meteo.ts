// Open-Meteo forecast API (https://open-meteo.com/en/docs): hourly and daily forecasts per point,
// WMO weather codes translated to the spec's icon codes.
import type {
  DailyForecastItem,
  ForecastSource,
  HourlyForecastItem,
  LatLon,
  WeatherLogger,
} from '../types.ts';
import { unknownSkyCode } from '../weather-codes.ts';
import { type FetchLike, MalformedResponseError, createResilientFetch } from './resilient-fetch.ts';

export const OPEN_METEO_SOURCE = 'open-meteo';

const HOURLY_VARIABLES = [
  'temperature_2m',
  'relative_humidity_2m',
  'dew_point_2m',
  'precipitation_probability',
  'precipitation',
  'snowfall',
  'weather_code',
  'cloud_cover',
  'pressure_msl',
  'wind_speed_10m',
  'wind_direction_10m',
  'wind_gusts_10m',
  'shortwave_radiation',
  'is_day',
] as const;
const DAILY_VARIABLES = [
  'weather_code',
  'temperature_2m_max',
  'temperature_2m_min',
  'precipitation_sum',
  'precipitation_probability_max',
  'snowfall_sum',
  'wind_speed_10m_max',
  'wind_direction_10m_dominant',
] as const;

/** Day icon code (00xx) of a WMO weather code; night variants are chosen by weatherCodeForWmo. */
const WMO_TO_DAY_CODE: Record<number, string> = {
  0: '0002',
  1: '0003',
  2: '0003',
  3: '0005',
  45: '0027',
  48: '0027',
  51: '0012',
  53: '0012',
  55: '0012',
  56: '0019',
  57: '0019',
  61: '0013',
  63: '0014',
  65: '0015',
  66: '0020',
  67: '0020',
  71: '0011',
  73: '0016',
  75: '0017',
  77: '0011',
  80: '0022',
  81: '0022',
  82: '0015',
  85: '0024',
  86: '0024',
  95: '0023',
  96: '0030',
  99: '0030',
};
const NIGHT_SKY: Record<string, string> = {
  '0002': '9000',
  '0003': '9002',
  '0004': '9003',
  '0005': '9003',
  '0027': '9004',
};

/** Spec icon code for a WMO weather code (WMO 4677 subset used by Open-Meteo), by day or night. */
export function weatherCodeForWmo(wmo: number, dayLight: boolean): string {
  const day = WMO_TO_DAY_CODE[wmo];
  if (!day) return unknownSkyCode(dayLight);
  if (dayLight) return day;
  return NIGHT_SKY[day] ?? `20${day.slice(2)}`;
}

export interface OpenMeteoForecast {
  hourly: HourlyForecastItem[];
  daily: DailyForecastItem[];
}

/**
 * Parses an Open-Meteo /v1/forecast response (wind in m/s) into hourly and daily items; local
 * times are converted to UTC with utc_offset_seconds. Throws MalformedResponseError when a
 * variable is missing or the arrays disagree in length.
 */
export function parseOpenMeteoForecast(json: unknown): OpenMeteoForecast {
  if (!isRecord(json) || !isRecord(json.hourly) || !isRecord(json.daily))
    throw new MalformedResponseError('Open-Meteo: no hourly/daily blocks');
  const offsetMs = (typeof json.utc_offset_seconds === 'number' ? json.utc_offset_seconds : 0) * 1000;
  const toUtc = (local: string) => {
    const ms = Date.parse(local.length === 10 ? `${local}T00:00Z` : `${local}Z`);
    if (Number.isNaN(ms)) throw new MalformedResponseError(`Open-Meteo: bad time ${local}`);
    return new Date(ms - offsetMs);
  };
  const hTimes = stringArray(json.hourly, 'time');
  const h = Object.fromEntries(
    HOURLY_VARIABLES.map((v) => [v, numberArray(json.hourly as Record<string, unknown>, v, hTimes.length)]),
  ) as Record<(typeof HOURLY_VARIABLES)[number], number[]>;
  const hourly: HourlyForecastItem[] = hTimes.map((t, i) => {
    const dayLight = h.is_day[i] === 1;
    return {
      time: toUtc(t),
      temperatureC: h.temperature_2m[i]!,
      dewPointC: h.dew_point_2m[i]!,
      relativeHumidityPct: h.relative_humidity_2m[i]!,
      windSpeedMs: h.wind_speed_10m[i]!,
      windGustMs: h.wind_gusts_10m[i]!,
      windDirectionDeg: h.wind_direction_10m[i]!,
      pressureHpa: h.pressure_msl[i]!,
      solarWm2: h.shortwave_radiation[i]!,
      cloudCoverPct: h.cloud_cover[i]!,
      precipitationMm: h.precipitation[i]!,
      precipitationChancePct: h.precipitation_probability[i]!,
      snowCm: h.snowfall[i]!,
      weatherCode: weatherCodeForWmo(h.weather_code[i]!, dayLight),
      dayLight,
    };
  });
  const dTimes = stringArray(json.daily, 'time');
  const d = Object.fromEntries(
    DAILY_VARIABLES.map((v) => [v, numberArray(json.daily as Record<string, unknown>, v, dTimes.length)]),
  ) as Record<(typeof DAILY_VARIABLES)[number], number[]>;
  const daily: DailyForecastItem[] = dTimes.map((date, i) => {
    // The hour of the daily high gives the humidity that goes with it (for the afternoon heat index).
    const hoursOfDay = hourly.filter((_, k) => hTimes[k]!.startsWith(date));
    const atHigh = hoursOfDay.reduce<HourlyForecastItem | null>(
      (best, x) => (!best || x.temperatureC > best.temperatureC ? x : best),
      null,
    );
    return {
      date,
      time: toUtc(date),
      temperatureHighC: d.temperature_2m_max[i]!,
      temperatureLowC: d.temperature_2m_min[i]!,
      dewPointAtHighC: atHigh?.dewPointC ?? Number.NaN,
      relativeHumidityAtHighPct: atHigh?.relativeHumidityPct ?? Number.NaN,
      windSpeedMaxMs: d.wind_speed_10m_max[i]!,
      windDirectionDeg: d.wind_direction_10m_dominant[i]!,
      solarMaxWm2: hoursOfDay.reduce((m, x) => Math.max(m, x.solarWm2), 0),
      precipitationMm: d.precipitation_sum[i]!,
      precipitationChancePct: d.precipitation_probability_max[i]!,
      snowCm: d.snowfall_sum[i]!,
      weatherCode: weatherCodeForWmo(d.weather_code[i]!, true),
    };
  });
  return { hourly, daily };
}

export interface OpenMeteoOptions {
  fetch?: FetchLike;
  logger?: WeatherLogger;
  baseUrl?: string;
  timeoutMs?: number;
}

/** ForecastSource over Open-Meteo; the last good forecast per point is kept and served stale during outages. */
export function createOpenMeteoForecastSource(options: OpenMeteoOptions = {}): ForecastSource {
  const base = (options.baseUrl ?? 'https://api.open-meteo.com').replace(/\/$/, '');
  const http = createResilientFetch({
    source: OPEN_METEO_SOURCE,
    fetch: options.fetch,
    logger: options.logger,
    timeoutMs: options.timeoutMs,
  });
  const url = (p: LatLon) =>
    `${base}/v1/forecast?latitude=${p.latitude.toFixed(4)}&longitude=${p.longitude.toFixed(4)}` +
    `&hourly=${HOURLY_VARIABLES.join(',')}&daily=${DAILY_VARIABLES.join(',')}` +
    `&timezone=auto&wind_speed_unit=ms&forecast_days=8`;
  const get = (point: LatLon, at: Date) => http.getJson(url(point), parseOpenMeteoForecast, at);
  return {
    async hourly(point, issuedAt, hours = 96) {
      const f = await get(point, issuedAt);
      const from = Math.floor(issuedAt.getTime() / 3_600_000) * 3_600_000;
      return {
        point,
        hours: f.value.hourly.filter((x) => x.time.getTime() >= from).slice(0, Math.max(72, hours)),
        source: OPEN_METEO_SOURCE,
        issuedAt: f.fetchedAt,
        stale: f.stale,
      };
    },
    async daily(point, issuedAt, days = 8) {
      const f = await get(point, issuedAt);
      const from = issuedAt.getTime() - 86_400_000;
      return {
        point,
        days: f.value.daily.filter((x) => x.time.getTime() > from).slice(0, Math.max(7, days)),
        source: OPEN_METEO_SOURCE,
        issuedAt: f.fetchedAt,
        stale: f.stale,
      };
    },
  };
}

function stringArray(block: Record<string, unknown>, key: string): string[] {
  const v = block[key];
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string'))
    throw new MalformedResponseError(`Open-Meteo: ${key} missing`);
  return v as string[];
}

function numberArray(block: Record<string, unknown>, key: string, length: number): number[] {
  const v = block[key];
  if (!Array.isArray(v) || v.length !== length)
    throw new MalformedResponseError(`Open-Meteo: ${key} missing or of wrong length`);
  // Open-Meteo sends null where a model has no value; keep it visible as NaN rather than inventing 0.
  return v.map((x) => (typeof x === 'number' ? x : Number.NaN));
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
