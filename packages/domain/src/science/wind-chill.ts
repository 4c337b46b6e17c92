// NWS wind chill (2001 JAG/TI formula), https://www.weather.gov/media/epz/wxcalc/windChill.pdf

/** Wind chill in °F from air temperature (°F) and wind speed (mph), NWS 2001 formula; null above 50 °F or at 3 mph or less. */
export function windChillF(tempF: number, windMph: number): number | null {
  if (!Number.isFinite(tempF) || !Number.isFinite(windMph)) return null;
  if (tempF > 50 || windMph <= 3) return null;
  const v016 = Math.pow(windMph, 0.16);
  return 35.74 + 0.6215 * tempF - 35.75 * v016 + 0.4275 * tempF * v016;
}
