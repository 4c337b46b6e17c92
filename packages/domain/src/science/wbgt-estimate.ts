// Australian Bureau of Meteorology shade WBGT approximation
// (http://www.bom.gov.au/info/thermal_stress/#approximation): WBGT = 0.567 Ta + 0.393 e + 3.94.

/** Approximate shade WBGT in °C from air temperature (°C) and relative humidity (%), Australian BoM formula; null for RH outside 0–100. */
export function wbgtEstimate(tempC: number, relativeHumidityPct: number): number | null {
  if (!Number.isFinite(tempC) || !(relativeHumidityPct >= 0 && relativeHumidityPct <= 100)) return null;
  // e: water vapour pressure in hPa, BoM's form of the Magnus formula.
  const e = (relativeHumidityPct / 100) * 6.105 * Math.exp((17.27 * tempC) / (237.7 + tempC));
  return 0.567 * tempC + 0.393 * e + 3.94;
}
