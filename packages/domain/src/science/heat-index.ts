// NWS heat index, as the NWS Weather Prediction Center describes it
// (https://www.wpc.ncep.noaa.gov/html/heatindex_equation.shtml, Rothfusz 1990, NWS SR 90-23).

/** Heat index in °F from air temperature (°F) and relative humidity (%), NWS/WPC Rothfusz algorithm; null for RH outside 0–100. */
export function heatIndexF(tempF: number, relativeHumidityPct: number): number | null {
  if (!Number.isFinite(tempF) || !(relativeHumidityPct >= 0 && relativeHumidityPct <= 100)) return null;
  const t = tempF;
  const rh = relativeHumidityPct;
  // The simple (Steadman-consistent) formula comes first; WPC uses it when its average with T is under 80 °F.
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
  if (rh < 13 && t >= 80 && t <= 112) {
    hi -= ((13 - rh) / 4) * Math.sqrt((17 - Math.abs(t - 95)) / 17);
  } else if (rh > 85 && t >= 80 && t <= 87) {
    hi += ((rh - 85) / 10) * ((87 - t) / 5);
  }
  return hi;
}
