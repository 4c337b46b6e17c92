// The raw station readings and their rollups (issue 17 'Data that lasts'): what a reading adds to what the
// station reported (heat index and wind chill where the spec's feels-like reads them, the rain that fell since
// the previous reading), the buckets a reading belongs to, the reference ET of a day, and how long each grain
// is kept. Pure; readings.repository.ts stores and rolls up, readings-maintenance.ts keeps the partitions.
import {
  cToF,
  et0AsceDaily,
  FEELS_LIKE_HEAT_INDEX_MIN_F,
  FEELS_LIKE_WIND_CHILL_MAX_F,
  FEELS_LIKE_WIND_CHILL_MIN_WIND_MPH,
  fToC,
  heatIndexF,
  msToMph,
  windChillF,
  zoneFormatter,
  zoneOffsetMs,
} from '@allclear/domain';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long each grain is kept, days. Raw readings: 35 days (the page's 30-day range, a late or corrected reading's
 * window many times over, the 7-day condition snapshots); on PostgreSQL a whole month's partition goes once its
 * last day is older than that, so up to about two months stay. 15-minute rollups: 92 days (the 15- and 30-minute
 * report intervals reach 14 and 31 days back). Hourly: two years (the 60-minute interval reaches 92 days). Daily:
 * kept (the 24-hour interval reaches 1,825 days).
 */
export const RAW_READINGS_RETENTION_DAYS = 35;
export const ROLLUP_15M_RETENTION_DAYS = 92;
export const ROLLUP_HOURLY_RETENTION_DAYS = 731;
/** Months of partitions made ahead of the current one (PostgreSQL). */
export const PARTITION_MONTHS_AHEAD = 3;

/** A reading further than this from its neighbour is not its neighbour for rain (a station silent for hours). */
export const RAIN_NEIGHBOUR_WINDOW_MS = 2 * HOUR_MS;
/** A station unit's zone when it has none. */
export const DEFAULT_STATION_TIME_ZONE = 'America/Chicago';

/** The rain measures of a reading that its increment is read from, mm. */
export interface RainSample {
  observedAt: Date;
  /** Rain over the last hour. */
  rainMm: number;
  /** Rain since local midnight, when the station counts it. */
  rainTodayMm: number | null;
}

/**
 * Rain that fell between the previous reading and this one, mm. With both readings' rain-today counts: their
 * difference, or this one's count when it went down (the count restarted at midnight). Otherwise the last hour's
 * rain spread over the time since the previous reading (at most an hour). Nothing for a first reading, or one
 * more than two hours after the previous: what fell before it is unknown.
 */
export function rainIncrementMm(previous: RainSample | null, current: RainSample): number {
  if (!previous) return 0;
  const gap = current.observedAt.getTime() - previous.observedAt.getTime();
  if (gap <= 0 || gap > RAIN_NEIGHBOUR_WINDOW_MS) return 0;
  if (current.rainTodayMm !== null && previous.rainTodayMm !== null) {
    const diff = current.rainTodayMm - previous.rainTodayMm;
    return round3(diff >= 0 ? diff : current.rainTodayMm);
  }
  return round3((current.rainMm * Math.min(gap, HOUR_MS)) / HOUR_MS);
}

/** Heat index (°C) where the spec's feels-like reads it (80 °F or above), else null (spec 03 §9). */
export function heatIndexWhereRead(temperatureC: number, relativeHumidityPct: number): number | null {
  const tempF = cToF(temperatureC);
  if (tempF < FEELS_LIKE_HEAT_INDEX_MIN_F) return null;
  const hi = heatIndexF(tempF, relativeHumidityPct);
  return hi === null ? null : round3(fToC(hi));
}

/** Wind chill (°C) where the spec's feels-like reads it (50 °F or below with wind 5 mph or more), else null. */
export function windChillWhereRead(temperatureC: number, windSpeedMs: number): number | null {
  const tempF = cToF(temperatureC);
  const mph = msToMph(windSpeedMs);
  if (tempF > FEELS_LIKE_WIND_CHILL_MAX_F || mph < FEELS_LIKE_WIND_CHILL_MIN_WIND_MPH) return null;
  const wc = windChillF(tempF, mph);
  return wc === null ? null : round3(fToC(wc));
}

/** Start of the 15-minute bucket holding t (UTC quarter hours). */
export function bucket15mOf(t: Date): Date {
  return new Date(Math.floor(t.getTime() / (15 * MINUTE_MS)) * 15 * MINUTE_MS);
}

/** Start of the hour holding t (UTC). */
export function bucketHourOf(t: Date): Date {
  return new Date(Math.floor(t.getTime() / HOUR_MS) * HOUR_MS);
}

const DAY_OPTIONS: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };

/** The local date ('YYYY-MM-DD') of an instant in an IANA zone. */
export function localDayOf(t: Date | number, timeZone: string): string {
  return zoneFormatter('en-CA', DAY_OPTIONS, timeZone).format(t);
}

/** The instant of local midnight starting a local date in an IANA zone (exact across daylight-saving changes). */
export function localMidnight(day: string, timeZone: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  // two passes: the zone's offset near that midnight, then at the guess (a change at midnight moves it)
  let guess = utcMidnight;
  for (let i = 0; i < 2; i++) guess = utcMidnight - zoneOffsetMs(guess, timeZone);
  return new Date(guess);
}

/** The next local date. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** A day's aggregates as the reference ET reads them (SI units, a daily rollup's columns). */
export interface DayForEt {
  day: string;
  readings: number;
  temperatureMinC: number;
  temperatureMaxC: number;
  humidityMinPct: number;
  humidityMaxPct: number;
  windSpeedSumMs: number;
  solarSumWm2: number;
  solarCount: number;
}

/** Elevation used for the ET's air pressure when a unit has none recorded, m (units do not record it yet). */
export const ASSUMED_ELEVATION_M = 0;

/**
 * The ASCE standardized short-reference ET of a day, mm, rounded to 3 decimals (spec 03 §9), from its extremes of
 * temperature and humidity, mean wind and mean solar radiation (W/m² × 0.0864 = MJ/m²/day); null without solar
 * readings or when the inputs are out of the equation's range.
 */
export function et0OfDay(d: DayForEt, latitudeDeg: number, elevationM = ASSUMED_ELEVATION_M): number | null {
  if (d.solarCount === 0 || d.readings === 0) return null;
  const start = Date.parse(`${d.day}T00:00:00Z`);
  const dayOfYear = Math.floor((start - Date.UTC(new Date(start).getUTCFullYear(), 0, 1)) / DAY_MS) + 1;
  const result = et0AsceDaily({
    tminC: d.temperatureMinC,
    tmaxC: d.temperatureMaxC,
    rhMaxPct: d.humidityMaxPct,
    rhMinPct: d.humidityMinPct,
    solarMjM2Day: (d.solarSumWm2 / d.solarCount) * 0.0864,
    windSpeedMs: d.windSpeedSumMs / d.readings,
    elevationM,
    latitudeDeg,
    dayOfYear,
  });
  return result ? round3(result.et0MmDay) : null;
}

function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}
