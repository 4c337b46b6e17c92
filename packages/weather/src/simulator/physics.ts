// Private sky and rain helpers used by the simulator. Heat index, humidity and unit conversions come
// from @allclear/domain.

import { relativeHumidityPct } from '@allclear/domain';

const RAD = Math.PI / 180;

/** Relative humidity (%) from temperature and dew point, °C, kept within 1..100 for the model. */
export function relativeHumidityPctClamped(temperatureC: number, dewPointC: number): number {
  return Math.min(100, Math.max(1, relativeHumidityPct(temperatureC, dewPointC)));
}

/** Solar declination, radians, for a day of year (Cooper 1969). */
export function solarDeclinationRad(dayOfYear: number): number {
  return 23.44 * RAD * Math.sin((2 * Math.PI * (284 + dayOfYear)) / 365);
}

/** Day of year (1..366) of a UTC time. */
export function dayOfYearUtc(time: Date): number {
  const start = Date.UTC(time.getUTCFullYear(), 0, 1);
  return Math.floor((time.getTime() - start) / 86_400_000) + 1;
}

/** Local mean solar hour (0..24) at a longitude, degrees east. */
export function solarHour(time: Date, longitude: number): number {
  const utcHours = (time.getTime() / 3_600_000) % 24;
  return (((utcHours + longitude / 15) % 24) + 24) % 24;
}

/** Sun elevation above the horizon, degrees (mean solar time, no equation of time). */
export function sunElevationDeg(latitude: number, longitude: number, time: Date): number {
  const decl = solarDeclinationRad(dayOfYearUtc(time));
  const hourAngle = (solarHour(time, longitude) - 12) * 15 * RAD;
  const lat = latitude * RAD;
  const sinElevation = Math.sin(lat) * Math.sin(decl) + Math.cos(lat) * Math.cos(decl) * Math.cos(hourAngle);
  return Math.asin(Math.max(-1, Math.min(1, sinElevation))) / RAD;
}

/** Local solar hour of sunrise (0..12) at a latitude and day of year (polar cases clamped). */
export function sunriseSolarHour(latitude: number, dayOfYear: number): number {
  const cosOmega = -Math.tan(latitude * RAD) * Math.tan(solarDeclinationRad(dayOfYear));
  const omega = Math.acos(Math.max(-1, Math.min(1, cosOmega))) / RAD;
  return 12 - omega / 15;
}

/** Clear-sky global horizontal irradiance, W/m², from sun elevation (Haurwitz 1945). */
export function clearSkyGhiWm2(sunElevationDegrees: number): number {
  if (sunElevationDegrees <= 0) return 0;
  const cosZenith = Math.sin(sunElevationDegrees * RAD);
  return 1098 * cosZenith * Math.exp(-0.057 / cosZenith);
}

/** Cloud attenuation factor for irradiance from cloud fraction 0..1 (Kasten & Czeplak 1980). */
export function cloudTransmission(cloudFraction: number): number {
  return 1 - 0.75 * Math.pow(Math.min(1, Math.max(0, cloudFraction)), 3.4);
}

/** Rain rate, mm/h, from reflectivity dBZ via Marshall–Palmer Z = 200 R^1.6 (0 below 15 dBZ). */
export function rainRateMmPerHourFromDbz(dbz: number): number {
  if (dbz < 15) return 0;
  return Math.pow(Math.pow(10, dbz / 10) / 200, 1 / 1.6);
}
