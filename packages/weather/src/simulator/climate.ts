// The fair-weather background of the simulated world: a seasonal climatology (north Texas by
// default, with latitude dependence), a diurnal cycle (minimum near sunrise, maximum ~15:00 local
// solar time), smooth spatial variation and slow day-to-day anomalies. Pure functions of
// (seed, point, time); storms are added on top by the world.
import { keyedUniform } from './prng.ts';
import {
  clearSkyGhiWm2,
  cloudTransmission,
  dayOfYearUtc,
  solarHour,
  sunElevationDeg,
  sunriseSolarHour,
} from './physics.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Latitude of the default climatology (Dallas–Fort Worth). */
const REFERENCE_LATITUDE = 32.8;
/** Local solar hour of the daily maximum temperature. */
export const MAX_TEMPERATURE_SOLAR_HOUR = 15;

export interface BaseWeather {
  temperatureC: number;
  dewPointC: number;
  windSpeedMs: number;
  windDirectionDeg: number;
  pressureHpa: number;
  cloudFraction: number;
  solarWm2: number;
  sunElevationDeg: number;
}

/** A slowly varying anomaly: the sum of two seeded sinusoids with periods of days, amplitude ~1. */
function slowAnomaly(seed: number, channel: number, tMs: number): number {
  const days = tMs / DAY_MS;
  let sum = 0;
  for (let k = 0; k < 2; k++) {
    const period = 3 + 5 * keyedUniform(seed, channel, k, 1);
    const phase = 2 * Math.PI * keyedUniform(seed, channel, k, 2);
    sum += Math.sin((2 * Math.PI * days) / period + phase);
  }
  return sum / 2;
}

/** Smooth spatial pattern, amplitude ~1, varying over a few hundred km. */
function spatialPattern(seed: number, channel: number, latitude: number, longitude: number): number {
  const p1 = 2 * Math.PI * keyedUniform(seed, channel, 11);
  const p2 = 2 * Math.PI * keyedUniform(seed, channel, 12);
  return Math.sin(latitude * 0.9 + p1) * Math.cos(longitude * 0.7 + p2);
}

/** Seasonal phase: -1 in mid-January, +1 in mid-July. */
function seasonal(tMs: number): number {
  const doy = dayOfYearUtc(new Date(tMs));
  return -Math.cos((2 * Math.PI * (doy - 15)) / 365.25);
}

/** Daily mean temperature and diurnal range at a latitude and time, °C. */
function dailyTemperature(seed: number, latitude: number, longitude: number, tMs: number) {
  const s = seasonal(tMs);
  const winter = (1 - s) / 2;
  const latitudeLapse = (0.55 + 0.5 * winter) * (latitude - REFERENCE_LATITUDE);
  const mean =
    18.8 +
    10.8 * s -
    latitudeLapse +
    3 * slowAnomaly(seed, 1, tMs) +
    1.2 * spatialPattern(seed, 1, latitude, longitude);
  const range = 11 + 1.5 * slowAnomaly(seed, 2, tMs);
  return { mean, range };
}

/**
 * Diurnal shape 0..1: 0 at sunrise, rising on a sine to 1 at 15:00 solar, then falling on a cosine
 * back to 0 at the next sunrise.
 */
export function diurnalShape(solarHourOfDay: number, sunrise: number): number {
  const peak = MAX_TEMPERATURE_SOLAR_HOUR;
  if (solarHourOfDay >= sunrise && solarHourOfDay <= peak) {
    return Math.sin((Math.PI / 2) * ((solarHourOfDay - sunrise) / (peak - sunrise)));
  }
  const sinceMax = solarHourOfDay > peak ? solarHourOfDay - peak : solarHourOfDay + 24 - peak;
  return Math.cos((Math.PI / 2) * (sinceMax / (sunrise + 24 - peak)));
}

/** Background cloud fraction 0..1 (fair weather; storms add their own). */
function backgroundCloud(seed: number, latitude: number, longitude: number, tMs: number): number {
  const c = 0.3 + 0.25 * slowAnomaly(seed, 5, tMs) + 0.1 * spatialPattern(seed, 5, latitude, longitude);
  const hour = solarHour(new Date(tMs), longitude);
  // Afternoon cumulus.
  const afternoon = 0.15 * Math.max(0, Math.sin((Math.PI * (hour - 10)) / 10));
  return Math.min(0.95, Math.max(0, c + afternoon));
}

/** Fair-weather state at a point and time. */
export function baseWeather(seed: number, latitude: number, longitude: number, tMs: number): BaseWeather {
  const time = new Date(tMs);
  const hour = solarHour(time, longitude);
  const sunrise = sunriseSolarHour(latitude, dayOfYearUtc(time));
  // Shift the day so the night after 15:00 belongs to the daily mean of the day it started on.
  const { mean, range } = dailyTemperature(seed, latitude, longitude, tMs);
  const shape = diurnalShape(hour, sunrise);
  const temperatureC = mean - range / 2 + range * shape;
  const s = seasonal(tMs);
  const dewMean = 10.5 + 9.5 * s - 0.6 * (latitude - REFERENCE_LATITUDE) + 3 * slowAnomaly(seed, 3, tMs);
  const dewPointC = Math.min(
    temperatureC - 0.5,
    dewMean + 0.8 * spatialPattern(seed, 3, latitude, longitude) + 0.6 * (shape - 0.5),
  );
  const windBase = 3.5 + 1.5 * slowAnomaly(seed, 4, tMs) + 0.5 * spatialPattern(seed, 4, latitude, longitude);
  const windSpeedMs = Math.max(0.5, windBase * (0.65 + 0.55 * shape));
  const windDirectionDeg =
    (((180 + 60 * slowAnomaly(seed, 6, tMs) + 15 * spatialPattern(seed, 6, latitude, longitude)) % 360) +
      360) %
    360;
  const tide = 0.9 * Math.cos((2 * Math.PI * (hour - 10)) / 12);
  const pressureHpa =
    1016 - 3 * s + 6 * slowAnomaly(seed, 7, tMs) + tide + 1.5 * spatialPattern(seed, 7, latitude, longitude);
  const cloudFraction = backgroundCloud(seed, latitude, longitude, tMs);
  const elevation = sunElevationDeg(latitude, longitude, time);
  const solarWm2 = clearSkyGhiWm2(elevation) * cloudTransmission(cloudFraction);
  return {
    temperatureC,
    dewPointC,
    windSpeedMs,
    windDirectionDeg,
    pressureHpa,
    cloudFraction,
    solarWm2,
    sunElevationDeg: elevation,
  };
}

/** Steering wind for storms at tMs: smoothly varying between seeded 6-hour blocks. */
export function steeringWind(seed: number, tMs: number): { speedMs: number; headingDeg: number } {
  const block = Math.floor(tMs / (6 * HOUR_MS));
  const f = tMs / (6 * HOUR_MS) - block;
  const at = (b: number) => ({
    heading: 35 + 60 * keyedUniform(seed, 21, b),
    speed: 8 + 8 * keyedUniform(seed, 22, b),
  });
  const a = at(block);
  const b = at(block + 1);
  return { headingDeg: a.heading + (b.heading - a.heading) * f, speedMs: a.speed + (b.speed - a.speed) * f };
}

/**
 * Chance 0..1 that a convective slot spawns a cell: higher in the afternoon and in summer, scaled by
 * a seeded wetness of the UTC day (0.15..1.15) so some days are quiet and some stormy.
 */
export function convectiveLikelihood(seed: number, longitude: number, tMs: number): number {
  const hour = solarHour(new Date(tMs), longitude);
  const afternoon = Math.max(0, Math.cos((2 * Math.PI * (hour - 16.5)) / 24));
  const wetness = 0.15 + keyedUniform(seed, 23, Math.floor(tMs / DAY_MS));
  return Math.min(1, (0.2 + 0.25 * (1 + seasonal(tMs)) * 0.5 + 0.35 * afternoon) * wetness);
}
