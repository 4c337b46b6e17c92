// Private science helpers used by the simulator. heatIndexFLocal and the humidity functions duplicate
// what @allclear/domain will export (issue 3); swap them when it lands.

const RAD = Math.PI / 180;

/** Relative humidity (%) from temperature and dew point, °C (Magnus formula, Alduchov & Eskridge 1996). */
export function relativeHumidityPctLocal(temperatureC: number, dewPointC: number): number {
  const a = 17.625;
  const b = 243.04;
  const rh = 100 * Math.exp((a * dewPointC) / (b + dewPointC) - (a * temperatureC) / (b + temperatureC));
  return Math.min(100, Math.max(1, rh));
}

/** NWS heat index, °F, from air temperature °F and relative humidity % (Rothfusz with NWS adjustments). */
export function heatIndexFLocal(temperatureF: number, relativeHumidityPct: number): number {
  const t = temperatureF;
  const rh = relativeHumidityPct;
  const simple = 0.5 * (t + 61 + (t - 68) * 1.2 + rh * 0.094);
  if ((simple + t) / 2 < 80) return simple;
  let hi =
    -42.379 +
    2.04901523 * t +
    10.14333127 * rh -
    0.22475541 * t * rh -
    0.00683783 * t * t -
    0.05481717 * rh * rh +
    0.00122874 * t * t * rh +
    0.00085282 * t * rh * rh -
    0.00000199 * t * t * rh * rh;
  if (rh < 13 && t >= 80 && t <= 112) hi -= ((13 - rh) / 4) * Math.sqrt((17 - Math.abs(t - 95)) / 17);
  else if (rh > 85 && t >= 80 && t <= 87) hi += ((rh - 85) / 10) * ((87 - t) / 5);
  return hi;
}

/** °C to °F. */
export function celsiusToFahrenheit(c: number): number {
  return (c * 9) / 5 + 32;
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
