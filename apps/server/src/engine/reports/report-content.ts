// What a report holds (spec 03 §2.5, §3 'Report request', 'Observations and their metrics'; issue 17): its columns
// (station, local date and time, then each chosen observation's chosen metrics with their unit in the header), a
// bucket's values in the request's UnitType, and which buckets the time-of-day and weekday filters keep. Pure.
import {
  cToF,
  mmToIn,
  msToMph,
  OBSERVATION_METRICS,
  type ExportMetric,
  OBSERVATION_LABELS,
  type ExportObservation,
  zoneFormatter,
} from '@allclear/domain';
import type { ReportBucket } from './report.repository.ts';

export type UnitType = 'imperial' | 'metric';

/** Metric kinds as the spec names them (spec 03 §3). */
export const METRIC_LABELS: Record<ExportMetric, string> = {
  max: 'Maximum',
  min: 'Minimum',
  avg: 'Average',
  sum: 'Accumulation',
};

/** The metrics an observation offers: those the spec names, else Maximum, Minimum and Average. */
export function metricsOf(o: ExportObservation): readonly ExportMetric[] {
  return OBSERVATION_METRICS[o] ?? ['max', 'min', 'avg'];
}

type Kind = 'temperature' | 'speed' | 'depth' | 'percent' | 'index';
const KIND: Record<ExportObservation, Kind> = {
  AmbientTemperature: 'temperature',
  FeelsLike: 'temperature',
  HeatIndex: 'temperature',
  WindChill: 'temperature',
  WBGT: 'temperature',
  DewPoint: 'temperature',
  Precipitation: 'depth',
  Evapotranspiration: 'depth',
  WindGust: 'speed',
  WindSpeed: 'speed',
  RelativeHumidity: 'percent',
  PM2_5_AQI: 'index',
  PM10_AQI: 'index',
};

/** The unit of an observation's values in a unit system. */
export function unitOf(o: ExportObservation, units: UnitType): string {
  const kind = KIND[o];
  if (kind === 'temperature') return units === 'imperial' ? '°F' : '°C';
  if (kind === 'speed') return units === 'imperial' ? 'mph' : 'km/h';
  if (kind === 'depth') return units === 'imperial' ? 'in' : 'mm';
  if (kind === 'percent') return '%';
  return 'AQI';
}

/** A stored SI value in the unit system, rounded (temperatures and speeds 1 decimal, depths 2 or 1, ET 3). */
function convert(o: ExportObservation, si: number | null, units: UnitType): number | null {
  if (si === null || !Number.isFinite(si)) return null;
  const r = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;
  switch (KIND[o]) {
    case 'temperature':
      return r(units === 'imperial' ? cToF(si) : si, 1);
    case 'speed':
      return r(units === 'imperial' ? msToMph(si) : si * 3.6, 1);
    case 'depth':
      return o === 'Evapotranspiration'
        ? r(units === 'imperial' ? mmToIn(si) : si, 3)
        : r(units === 'imperial' ? mmToIn(si) : si, units === 'imperial' ? 2 : 1);
    case 'percent':
      return r(si, 0);
    default:
      return r(si, 0);
  }
}

/** One chosen observation and metric: a column. */
export interface ReportColumn {
  observation: ExportObservation;
  metric: ExportMetric;
  header: string;
}

/** The value columns of a request, in the spec's order of observations and metrics, with units in the headers. */
export function reportColumns(
  chosen: Partial<Record<ExportObservation, readonly ExportMetric[]>>,
  units: UnitType,
): ReportColumn[] {
  const out: ReportColumn[] = [];
  for (const o of Object.keys(OBSERVATION_LABELS) as ExportObservation[]) {
    const metrics = chosen[o];
    if (!metrics) continue;
    const wanted = metrics.length > 0 ? metrics : metricsOf(o);
    for (const m of (['max', 'min', 'avg', 'sum'] as const).filter((x) => wanted.includes(x))) {
      out.push({
        observation: o,
        metric: m,
        header: `${OBSERVATION_LABELS[o]} ${METRIC_LABELS[m]} (${unitOf(o, units)})`,
      });
    }
  }
  return out;
}

const avg = (sum: number | null, count: number | null) => (sum === null || !count ? null : sum / count);

/** The SI value of a column in a bucket, before conversion. */
function siValue(c: ReportColumn, b: ReportBucket): number | null {
  const v = b.values;
  const n = v.readings ?? 0;
  const pick = (min: string, max: string, mean: number | null) =>
    c.metric === 'min'
      ? (v[min] ?? null)
      : c.metric === 'max'
        ? (v[max] ?? null)
        : c.metric === 'avg'
          ? mean
          : null;
  switch (c.observation) {
    case 'AmbientTemperature':
      return pick('temperature_min_c', 'temperature_max_c', avg(v.temperature_sum_c ?? null, n));
    case 'FeelsLike':
      return pick('feels_like_min_c', 'feels_like_max_c', avg(v.feels_like_sum_c ?? null, n));
    case 'HeatIndex':
      return pick('__none', 'heat_index_max_c', avg(v.heat_index_sum_c ?? null, v.heat_index_count ?? 0));
    case 'WindChill':
      return pick('wind_chill_min_c', '__none', avg(v.wind_chill_sum_c ?? null, v.wind_chill_count ?? 0));
    case 'WBGT':
      return pick('wbgt_min_c', 'wbgt_max_c', avg(v.wbgt_sum_c ?? null, v.wbgt_count ?? 0));
    case 'Precipitation':
      return c.metric === 'sum' ? (v.rain_mm ?? null) : null;
    case 'RelativeHumidity':
      return pick('humidity_min_pct', 'humidity_max_pct', avg(v.humidity_sum_pct ?? null, n));
    case 'DewPoint':
      return pick(
        'dew_point_min_c',
        'dew_point_max_c',
        avg(v.dew_point_sum_c ?? null, v.dew_point_count ?? 0),
      );
    case 'Evapotranspiration':
      return c.metric === 'sum' ? b.et0Mm : null;
    case 'WindGust':
      return c.metric === 'max' ? (v.wind_gust_max_ms ?? null) : null;
    case 'WindSpeed':
      return pick('wind_speed_min_ms', 'wind_speed_max_ms', avg(v.wind_speed_sum_ms ?? null, n));
    case 'PM2_5_AQI':
      return pick('__none', 'pm25_aqi_max', avg(v.pm25_aqi_sum ?? null, v.pm25_aqi_count ?? 0));
    case 'PM10_AQI':
      return pick('__none', 'pm10_aqi_max', avg(v.pm10_aqi_sum ?? null, v.pm10_aqi_count ?? 0));
  }
}

/** A bucket's values for the columns, in the unit system. */
export function rowValues(
  columns: readonly ReportColumn[],
  b: ReportBucket,
  units: UnitType,
): (number | null)[] {
  return columns.map((c) => convert(c.observation, siValue(c, b), units));
}

const PARTS_OPTIONS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  weekday: 'short',
  hourCycle: 'h23',
};

/** Local date, time ('HH:mm:ss') and weekday (0 Sunday) of an instant in a zone. */
export function localParts(t: Date, timeZone: string): { date: string; time: string; weekday: number } {
  const f = zoneFormatter('en-US', PARTS_OPTIONS, timeZone);
  const p = Object.fromEntries(f.formatToParts(t).map((x) => [x.type, x.value]));
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(p.weekday!);
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}:${p.second}`, weekday };
}

/** The request's time filter (spec 03 §3 'TimeFilter'). */
export interface TimeFilter {
  StartTimeOfDay?: string | null;
  EndTimeOfDay?: string | null;
  DaysOfWeek?: readonly number[] | null;
}

/**
 * Whether a bucket starting at this local time is kept: its weekday among DaysOfWeek (all when none), and for
 * buckets shorter than a day its start within StartTimeOfDay..EndTimeOfDay (inclusive; across midnight when the
 * start is after the end).
 */
export function keepsBucket(
  local: { time: string; weekday: number },
  filter: TimeFilter,
  daily: boolean,
): boolean {
  if (filter.DaysOfWeek && filter.DaysOfWeek.length > 0 && !filter.DaysOfWeek.includes(local.weekday))
    return false;
  if (daily) return true;
  const start = filter.StartTimeOfDay ?? null;
  const end = filter.EndTimeOfDay ?? null;
  if (start === null && end === null) return true;
  const s = start ?? '00:00:00';
  const e = end ?? '23:59:59';
  return s <= e ? local.time >= s && local.time <= e : local.time >= s || local.time <= e;
}
