// NWS point forecasts from api.weather.gov: /points/{lat},{lon} names the grid's forecast URLs;
// the hourly forecast (156 one-hour periods) maps to hourly items, and the 12-hour forecast (day
// and night periods) is folded into calendar days with the day's high and the night's low.
// NWS does not forecast pressure, solar radiation or precipitation amounts in these products:
// those fields are NaN (missing), never invented.
import { COMPASS_16 } from '@allclear/domain';
import type { DailyForecastItem, ForecastSource, HourlyForecastItem, LatLon } from '../types.ts';
import { unknownSkyCode } from '../weather-codes.ts';
import {
  type NwsHttpOptions,
  cloudCoverForNwsIcon,
  createNwsPointLookup,
  isRecord,
  nwsFetchOptions,
  nwsQuantity,
  nwsTime,
  weatherCodeForNwsIcon,
} from './nws-common.ts';
import { MalformedResponseError, createResilientFetch } from './resilient-fetch.ts';

export const NWS_FORECAST_SOURCE = 'nws forecast';

const MPH_TO_MS = 0.44704;
const KMH_TO_MS = 1 / 3.6;

/** One forecast period as NWS sends it, with the values converted to our units. */
export interface NwsForecastPeriod {
  name: string;
  start: Date;
  end: Date;
  /** Local calendar date of the start (NWS writes local times with their offset). */
  localDate: string;
  /** The local UTC offset of the start, e.g. '-05:00'. */
  utcOffset: string;
  isDaytime: boolean;
  temperatureC: number;
  dewPointC: number;
  relativeHumidityPct: number;
  precipitationChancePct: number;
  windSpeedMs: number;
  /** The top of a '10 to 15 mph' range, or the gust when NWS gives one. */
  windMaxMs: number;
  windDirectionDeg: number;
  icon: string | null;
  shortForecast: string;
}

export interface NwsForecastDocument {
  updatedAt: Date;
  periods: NwsForecastPeriod[];
}

/** Wind speed text such as '10 mph', '10 to 15 mph' or '20 km/h' as [low, high] m/s. */
export function parseNwsWindSpeed(text: unknown): [number, number] {
  if (isRecord(text)) {
    // Newer API versions may send a quantity ({ unitCode, value }).
    const v = nwsQuantity(text);
    return [v, v];
  }
  if (typeof text !== 'string') return [Number.NaN, Number.NaN];
  const match = /^\s*(\d+(?:\.\d+)?)(?:\s+to\s+(\d+(?:\.\d+)?))?\s*(mph|km\/h)\s*$/i.exec(text);
  if (!match) return [Number.NaN, Number.NaN];
  const factor = match[3]!.toLowerCase() === 'mph' ? MPH_TO_MS : KMH_TO_MS;
  const low = Number(match[1]) * factor;
  return [low, match[2] === undefined ? low : Number(match[2]) * factor];
}

/** 16-point compass text ('SSW') as degrees; NaN when missing or unknown. */
export function compassToDegrees(text: unknown): number {
  const i =
    typeof text === 'string' ? (COMPASS_16 as readonly string[]).indexOf(text.trim().toUpperCase()) : -1;
  return i < 0 ? Number.NaN : i * 22.5;
}

function periodTemperatureC(p: Record<string, unknown>): number {
  if (typeof p.temperature === 'number') {
    if (p.temperatureUnit === 'F') return ((p.temperature - 32) * 5) / 9;
    if (p.temperatureUnit === 'C') return p.temperature;
    throw new MalformedResponseError(`NWS forecast: unknown temperatureUnit ${String(p.temperatureUnit)}`);
  }
  return nwsQuantity(p.temperature);
}

function parsePeriod(raw: unknown): NwsForecastPeriod {
  if (!isRecord(raw) || typeof raw.startTime !== 'string')
    throw new MalformedResponseError('NWS forecast: period without startTime');
  const offset = /([+-]\d{2}:\d{2}|Z)$/.exec(raw.startTime)?.[1];
  if (!offset) throw new MalformedResponseError(`NWS forecast: startTime without offset ${raw.startTime}`);
  const [low, high] = parseNwsWindSpeed(raw.windSpeed);
  const [, gust] = parseNwsWindSpeed(raw.windGust);
  return {
    name: typeof raw.name === 'string' ? raw.name : '',
    start: nwsTime(raw.startTime, 'startTime'),
    end: nwsTime(raw.endTime, 'endTime'),
    localDate: raw.startTime.slice(0, 10),
    utcOffset: offset === 'Z' ? '+00:00' : offset,
    isDaytime: raw.isDaytime === true,
    temperatureC: periodTemperatureC(raw),
    dewPointC: nwsQuantity(raw.dewpoint),
    relativeHumidityPct: nwsQuantity(raw.relativeHumidity),
    precipitationChancePct: nwsQuantity(raw.probabilityOfPrecipitation),
    windSpeedMs: low,
    // No gust forecast: the top of the speed range is the strongest wind NWS states.
    windMaxMs: Number.isNaN(gust) ? high : gust,
    windDirectionDeg: compassToDegrees(raw.windDirection),
    icon: typeof raw.icon === 'string' ? raw.icon : null,
    shortForecast: typeof raw.shortForecast === 'string' ? raw.shortForecast : '',
  };
}

/** Parses a gridpoint forecast (hourly or 12-hour) document; throws MalformedResponseError on a wrong shape. */
export function parseNwsForecast(json: unknown): NwsForecastDocument {
  const p = isRecord(json) && isRecord(json.properties) ? json.properties : null;
  if (!p || !Array.isArray(p.periods) || p.periods.length === 0)
    throw new MalformedResponseError('NWS forecast: no periods');
  const periods = p.periods.map(parsePeriod).sort((a, b) => a.start.getTime() - b.start.getTime());
  return { updatedAt: nwsTime(p.updateTime ?? p.generatedAt, 'updateTime'), periods };
}

function codeOf(icon: string | null, dayLight: boolean): string {
  return weatherCodeForNwsIcon(icon) ?? unknownSkyCode(dayLight);
}

/** Hourly items from the hourly forecast's one-hour periods. */
export function nwsHourlyItems(doc: NwsForecastDocument): HourlyForecastItem[] {
  return doc.periods.map((p) => ({
    time: p.start,
    temperatureC: p.temperatureC,
    dewPointC: p.dewPointC,
    relativeHumidityPct: p.relativeHumidityPct,
    windSpeedMs: p.windSpeedMs,
    windGustMs: p.windMaxMs,
    windDirectionDeg: p.windDirectionDeg,
    pressureHpa: Number.NaN,
    solarWm2: Number.NaN,
    cloudCoverPct: cloudCoverForNwsIcon(p.icon),
    precipitationMm: Number.NaN,
    precipitationChancePct: p.precipitationChancePct,
    snowCm: Number.NaN,
    weatherCode: codeOf(p.icon, p.isDaytime),
    dayLight: p.isDaytime,
  }));
}

/** Largest of the finite values, NaN when there are none. */
function maxFinite(values: number[]): number {
  const finite = values.filter(Number.isFinite);
  return finite.length > 0 ? Math.max(...finite) : Number.NaN;
}

/**
 * Folds the 12-hour forecast's day and night periods into local calendar days: the high is the
 * daytime period's temperature, the low the night's that starts the same evening (NWS's own
 * 'Monday / Monday Night' pairing). A day NWS covers only half of (the first when issued in the
 * evening, the last) has NaN for the missing half.
 */
export function nwsDailyItems(doc: NwsForecastDocument): DailyForecastItem[] {
  const byDate = new Map<string, NwsForecastPeriod[]>();
  for (const p of doc.periods) byDate.set(p.localDate, [...(byDate.get(p.localDate) ?? []), p]);
  return [...byDate.entries()].map(([date, periods]) => {
    const day = periods.find((p) => p.isDaytime);
    const nights = periods.filter((p) => !p.isDaytime);
    const first = periods[0]!;
    const main = day ?? first;
    return {
      date,
      time: new Date(`${date}T00:00:00${first.utcOffset}`),
      temperatureHighC: day ? day.temperatureC : Number.NaN,
      temperatureLowC: nights.length > 0 ? Math.min(...nights.map((n) => n.temperatureC)) : Number.NaN,
      dewPointAtHighC: day ? day.dewPointC : Number.NaN,
      relativeHumidityAtHighPct: day ? day.relativeHumidityPct : Number.NaN,
      windSpeedMaxMs: maxFinite(periods.map((p) => p.windMaxMs)),
      windDirectionDeg: main.windDirectionDeg,
      solarMaxWm2: Number.NaN,
      precipitationMm: Number.NaN,
      precipitationChancePct: maxFinite(periods.map((p) => p.precipitationChancePct)),
      snowCm: Number.NaN,
      // The day's icon in its daytime variant, even when only the night is known.
      weatherCode: codeOf(main.icon?.replace('/night/', '/day/') ?? null, true),
    };
  });
}

/** ForecastSource over api.weather.gov; the last good forecast per grid is served stale during outages. */
export function createNwsForecastSource(options: NwsHttpOptions = {}): ForecastSource {
  const pointOf = createNwsPointLookup(options);
  // Separate fetchers so a working hourly forecast does not end (and re-log) a 12-hour outage.
  const hourlyHttp = createResilientFetch({
    source: `${NWS_FORECAST_SOURCE} hourly`,
    ...nwsFetchOptions(options),
  });
  const dailyHttp = createResilientFetch({ source: NWS_FORECAST_SOURCE, ...nwsFetchOptions(options) });
  return {
    async hourly(point: LatLon, issuedAt: Date, hours = 96) {
      const urls = await pointOf(point, issuedAt);
      const f = await hourlyHttp.getJson(urls.forecastHourly, parseNwsForecast, issuedAt);
      const from = Math.floor(issuedAt.getTime() / 3_600_000) * 3_600_000;
      return {
        point,
        hours: nwsHourlyItems(f.value)
          .filter((x) => x.time.getTime() >= from)
          .slice(0, Math.max(72, hours)),
        source: NWS_FORECAST_SOURCE,
        issuedAt: f.value.updatedAt,
        stale: f.stale,
      };
    },
    async daily(point: LatLon, issuedAt: Date, days = 8) {
      const urls = await pointOf(point, issuedAt);
      const f = await dailyHttp.getJson(urls.forecast, parseNwsForecast, issuedAt);
      const from = issuedAt.getTime() - 86_400_000;
      return {
        point,
        days: nwsDailyItems(f.value)
          .filter((x) => x.time.getTime() > from)
          .slice(0, Math.max(7, days)),
        source: NWS_FORECAST_SOURCE,
        issuedAt: f.value.updatedAt,
        stale: f.stale,
      };
    },
  };
}
