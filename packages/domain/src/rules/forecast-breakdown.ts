// Forecast Breakdown view, metric switching, snow visibility, chart precision and series colours (spec 01 §2, §4, §9).

export type ForecastView = 'hourly' | 'daily';

/** Metrics of the selector: hourly offers ambientTemperature, daily offers high and low instead (spec 01 §2 'Forecast Breakdown'). */
export type ForecastMetric =
  'ambientTemperature' | 'high' | 'low' | 'feelLike' | 'precipitation' | 'wbgt' | 'wind' | 'snow';

/** Default view and metric (spec 01 §4 'Forecast breakdown'). */
export const DEFAULT_FORECAST_VIEW: ForecastView = 'hourly';
export const DEFAULT_FORECAST_METRIC: ForecastMetric = 'feelLike';

/** Weather-code endings that mean snow in a daily forecast (spec 01 §4). */
export const SNOW_WEATHER_CODE_ENDINGS = ['06', '11', '16', '17', '18', '24', '25', '26'] as const;

/** The metric kept after switching view: to hourly a high or low becomes feelLike, to daily ambientTemperature becomes feelLike (spec 01 §4). */
export function metricAfterViewSwitch(metric: ForecastMetric, view: ForecastView): ForecastMetric {
  if (view === 'hourly' && (metric === 'high' || metric === 'low')) return 'feelLike';
  if (view === 'daily' && metric === 'ambientTemperature') return 'feelLike';
  return metric;
}

/** The metrics offered for a view, snow only when shown (spec 01 §2 'Forecast Breakdown'). */
export function forecastMetrics(view: ForecastView, showSnow: boolean): ForecastMetric[] {
  const temperature: ForecastMetric[] = view === 'hourly' ? ['ambientTemperature'] : ['high', 'low'];
  const rest: ForecastMetric[] = ['precipitation', 'feelLike', 'wbgt', 'wind'];
  return [...temperature, ...rest, ...(showSnow ? (['snow'] as ForecastMetric[]) : [])];
}

interface Measured {
  value?: number | null;
}
/** The fields of an hourly item the snow rule reads (spec 01 §3 'Hourly forecast item'). */
export interface HourlySnowFields {
  snowAccumulation?: Measured | null;
}
/** The fields of a daily item the snow rule reads (spec 01 §3 'Daily forecast item'). */
export interface DailySnowFields {
  snowAccumulation?: Measured | null;
  weather_code?: { value?: string | number | null } | null;
}

/** True when the daily weather code ends in 06, 11, 16, 17, 18, 24, 25 or 26; codes are four digits, numbers padded (spec 01 §4). */
export function isSnowWeatherCode(code: string | number | null | undefined): boolean {
  if (code === null || code === undefined || code === '') return false;
  const ending = String(code).padStart(4, '0').slice(-2);
  return (SNOW_WEATHER_CODE_ENDINGS as readonly string[]).includes(ending);
}

/** The Snow metric shows if any hourly or daily snow (inches) is above 0, or a daily weather code means snow (spec 01 §4). */
export function isSnowMetricVisible(
  hourly: readonly HourlySnowFields[],
  daily: readonly DailySnowFields[],
): boolean {
  const hasSnow = (item: HourlySnowFields) => (item.snowAccumulation?.value ?? 0) > 0;
  return (
    hourly.some(hasSnow) || daily.some(hasSnow) || daily.some((d) => isSnowWeatherCode(d.weather_code?.value))
  );
}

/** Decimal places on the forecast chart: WBGT 1, precipitation and snow 2, others 0 (spec 01 §9). */
export function forecastPrecision(metric: ForecastMetric): number {
  if (metric === 'wbgt') return 1;
  if (metric === 'precipitation' || metric === 'snow') return 2;
  return 0;
}

/** A forecast value rounded to its metric's precision, in the metric's unit; null stays null (spec 01 §9). */
export function roundForecastValue(metric: ForecastMetric, value: number | null | undefined): number | null {
  if (value === null || value === undefined || Number.isNaN(value)) return null;
  const factor = 10 ** forecastPrecision(metric);
  return Math.round(value * factor) / factor;
}

/** Series colour names of the forecast chart: temperatures yellow, wind grey, precipitation cyan, snow light teal, WBGT orange (spec 01 §9). */
export const FORECAST_SERIES_COLOURS: Readonly<Record<ForecastMetric, string>> = {
  feelLike: 'yellow',
  ambientTemperature: 'yellow',
  high: 'yellow',
  low: 'yellow',
  wind: 'grey',
  precipitation: 'cyan',
  snow: 'light teal',
  wbgt: 'orange',
};
