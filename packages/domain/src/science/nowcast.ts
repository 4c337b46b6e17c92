// EPA PM NowCast (PM2.5 and PM10).
// Sources: EPA, "PM NowCast" fact sheet (https://nepis.epa.gov/Exe/ZyPURL.cgi?Dockey=P100X0J6.txt) for the
// algorithm; AirNow-Tech "The NowCast for PM2.5 and PM10" (https://forum.airnowtech.org/t/the-nowcast-for-pm2-5-and-pm10/172)
// for completeness (2 of the 3 most recent hours valid) and truncation (raw hourly values in, NowCast truncated
// to 0.1 µg/m³ for PM2.5 and 1 µg/m³ for PM10 before the AQI equation).
import { aqiFromConcentration, truncateConcentration } from './aqi.ts';

export type NowcastPollutant = 'PM2.5' | 'PM10';

export interface NowcastResult {
  /** NowCast concentration in µg/m³, truncated as EPA reports it. */
  concentration: number;
  /** AQI of the NowCast concentration (24-hour breakpoints). */
  aqi: number;
}

const HOURS = 12;
const MIN_WEIGHT = 0.5;

/** NowCast concentration (µg/m³) and AQI from hourly values newest first (null = missing), EPA PM NowCast; null where EPA gives none. */
export function nowcast(
  pollutant: NowcastPollutant,
  hourlyNewestFirst: readonly (number | null)[],
): NowcastResult | null {
  const hours = hourlyNewestFirst.slice(0, HOURS);
  const valid = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);
  // Minimum data: at least two of the three most recent hours.
  let recent = 0;
  for (let i = 0; i < 3; i++) if (valid(hours[i])) recent++;
  if (recent < 2) return null;

  let min = Infinity;
  let max = -Infinity;
  for (const v of hours) {
    if (!valid(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  // w = 1 − (max − min)/max = min/max, floored at 0.5; all-zero hours mean no change (w = 1).
  const weight = max > 0 ? Math.max(MIN_WEIGHT, min / max) : 1;

  let numerator = 0;
  let denominator = 0;
  for (let i = 0; i < hours.length; i++) {
    const v = hours[i];
    if (!valid(v)) continue;
    const factor = weight ** i;
    numerator += factor * v;
    denominator += factor;
  }
  const decimals = pollutant === 'PM2.5' ? 1 : 0;
  const concentration = truncateConcentration(Math.max(0, numerator / denominator), decimals);
  const aqi = aqiFromConcentration(pollutant, concentration, '24h');
  if (aqi === null) return null;
  return { concentration, aqi };
}
