// Forecast items in the spec's shapes (spec 01 §3 'Hourly forecast item', 'Daily forecast item'): °F, mph,
// inches, %, with feels-like and WBGT derived by the domain's formulas as for observations.
import type { TDailyForecastItem, THourlyForecastItem } from '@allclear/contracts';
import { cToF, mmToIn, msToMph } from '@allclear/domain';
import type { DailyForecastItem, HourlyForecastItem } from '@allclear/weather';
import { deriveMeasures } from '../../../engine/observations/derive.ts';
import { compassOf, measure, weatherCode } from '../observations/index.ts';

const HOUR_MS = 3_600_000;
const cmToIn = (cm: number) => cm / 2.54;
const pct = (v: number) => v;

/** One forecast hour at a place. */
export function presentHourly(
  h: HourlyForecastItem,
  latitude: number,
  longitude: number,
): THourlyForecastItem {
  const d = deriveMeasures(
    {
      temperatureC: h.temperatureC,
      relativeHumidityPct: h.relativeHumidityPct,
      windSpeedMs: h.windSpeedMs,
      windGustMs: h.windGustMs,
      windDirectionDeg: h.windDirectionDeg,
      pressureHpa: h.pressureHpa,
      solarWm2: h.solarWm2,
      dewPointC: h.dewPointC,
    },
    h.time,
    latitude,
    longitude,
  );
  const time = h.time.toISOString();
  return {
    observationTime: time,
    forecastStartTime: time,
    weatherCode: weatherCode(h.weatherCode),
    ambientTemperature: measure(h.temperatureC, '°F', cToF),
    feelsLike: measure(d.feelsLikeC, '°F', cToF),
    wbgt: measure(d.wbgtC, '°F', cToF),
    windSpeed: measure(h.windSpeedMs, 'mph', msToMph),
    windGust: measure(h.windGustMs, 'mph', msToMph),
    windDirection: compassOf(h.windDirectionDeg),
    precipitation: measure(h.precipitationMm, 'in', mmToIn, 2),
    precipitationChance: measure(h.precipitationChancePct, '%', pct, 0),
    snowAccumulation: measure(h.snowCm, 'in', cmToIn, 2),
    dayLight: h.dayLight,
  };
}

/** One forecast day at a place: feels-like and WBGT of the afternoon high (solar noon, the day's peak sun). */
export function presentDaily(d: DailyForecastItem, latitude: number, longitude: number): TDailyForecastItem {
  const solarNoon = new Date(d.time.getTime() + 12 * HOUR_MS);
  const derived = deriveMeasures(
    {
      temperatureC: d.temperatureHighC,
      relativeHumidityPct: d.relativeHumidityAtHighPct,
      windSpeedMs: d.windSpeedMaxMs,
      windGustMs: null,
      windDirectionDeg: d.windDirectionDeg,
      pressureHpa: null,
      solarWm2: d.solarMaxWm2,
      dewPointC: d.dewPointAtHighC,
    },
    solarNoon,
    latitude,
    longitude,
  );
  return {
    observationTime: d.time.toISOString(),
    weather_code: weatherCode(d.weatherCode),
    temperatureHigh: measure(d.temperatureHighC, '°F', cToF),
    temperatureLow: measure(d.temperatureLowC, '°F', cToF),
    feelLike: measure(derived.feelsLikeC, '°F', cToF),
    wgbt: measure(derived.wbgtC, '°F', cToF),
    windSpeed: measure(d.windSpeedMaxMs, 'mph', msToMph),
    windDirection: compassOf(d.windDirectionDeg),
    precipitation: measure(d.precipitationMm, 'in', mmToIn, 2),
    precipitationChance: measure(d.precipitationChancePct, '%', pct, 0),
    snowAccumulation: measure(d.snowCm, 'in', cmToIn, 2),
  };
}
