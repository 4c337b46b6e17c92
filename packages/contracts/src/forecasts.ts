// Forecasts (spec 01 §3 'Hourly forecast item', 'Daily forecast item'; spec 01 §7 'Threats, advisories, forecasts').
// Units: temperatures °F, wind mph, precipitation and snow in inches, chances %.
import { z } from 'zod';
import { ZMeasure, ZWeatherCode } from './observations.ts';

/** One hour of forecast (spec 01 §3 'Hourly forecast item'). Both time fields carry the hour's start, ISO 8601 UTC. */
export const ZHourlyForecastItem = z.object({
  observationTime: z.iso.datetime(),
  forecastStartTime: z.iso.datetime(),
  weatherCode: ZWeatherCode,
  ambientTemperature: ZMeasure,
  feelsLike: ZMeasure,
  wbgt: ZMeasure,
  windSpeed: ZMeasure,
  windGust: ZMeasure,
  /** Compass text of 16 points. */
  windDirection: z.string().nullable(),
  precipitation: ZMeasure,
  precipitationChance: ZMeasure,
  snowAccumulation: ZMeasure,
  dayLight: z.boolean(),
});
export type THourlyForecastItem = z.infer<typeof ZHourlyForecastItem>;

/** One day of forecast (spec 01 §3 'Daily forecast item', the spec's spellings weather_code, feelLike, wgbt). */
export const ZDailyForecastItem = z.object({
  /** Start of the local day, ISO 8601 UTC. */
  observationTime: z.iso.datetime(),
  weather_code: ZWeatherCode,
  temperatureHigh: ZMeasure,
  temperatureLow: ZMeasure,
  feelLike: ZMeasure,
  wgbt: ZMeasure,
  windSpeed: ZMeasure,
  windDirection: z.string().nullable(),
  precipitation: ZMeasure,
  precipitationChance: ZMeasure,
  snowAccumulation: ZMeasure,
});
export type TDailyForecastItem = z.infer<typeof ZDailyForecastItem>;

/** Longest hourly forecast served, hours. */
export const MAX_FORECAST_HOURS = 168;

/** `?hours` of `forecast/Hourly/ForLocation/{id}`; default 72. */
export const ZHourlyForecastQuery = z.object({
  hours: z.coerce.number().int().min(1).max(MAX_FORECAST_HOURS).default(72),
});
export type THourlyForecastQuery = z.infer<typeof ZHourlyForecastQuery>;

/** `?latitude&longitude` of `forecast/Today/Hourly`, degrees. */
export const ZForecastPointQuery = z.object({
  latitude: z.coerce.number().min(-90).max(90),
  longitude: z.coerce.number().min(-180).max(180),
});
export type TForecastPointQuery = z.infer<typeof ZForecastPointQuery>;

/** `GET forecast/Hourly/ForLocation/{id}`, `forecast/Today/Hourly...`: hours in time order. */
export const ZHourlyForecast = z.array(ZHourlyForecastItem);
export type THourlyForecast = z.infer<typeof ZHourlyForecast>;

/** `GET forecast/Daily/ForLocation/{id}`: 7 days from today. */
export const ZDailyForecast = z.array(ZDailyForecastItem);
export type TDailyForecast = z.infer<typeof ZDailyForecast>;

/** `GET forecast/Today/ForLocation/{id}`: today's summary (the first daily item), null if the model has none. */
export const ZTodayForecast = ZDailyForecastItem.nullable();
export type TTodayForecast = z.infer<typeof ZTodayForecast>;
