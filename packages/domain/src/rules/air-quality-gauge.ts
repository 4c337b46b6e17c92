// Air quality gauge scale (spec 01 §9 'Air quality gauge') and the reach of an air quality monitor.

/**
 * Sensor distance limit for air quality, miles (spec 01 §9): a monitor farther from a location gives it no
 * reading, for its policies and on its Air Quality card alike.
 */
export const AQI_SENSOR_REACH_MILES = 10;

/** Gauge band edges from 0 to 300 (spec 01 §9). */
export const AQI_GAUGE_BAND_EDGES = [0, 5, 25, 50, 75, 100, 125, 150, 175, 200, 225, 250, 275, 300] as const;
export const AQI_GAUGE_MAX = 300;

/** The index of the band an AQI value falls in: band i covers [edge i, edge i+1), the top band includes 300; values are clamped to 0..300 (spec 01 §9). */
export function aqiGaugeBand(value: number): number {
  const v = Math.min(AQI_GAUGE_MAX, Math.max(0, value));
  const lastBand = AQI_GAUGE_BAND_EDGES.length - 2;
  for (let i = 0; i < lastBand; i++) if (v < AQI_GAUGE_BAND_EDGES[i + 1]!) return i;
  return lastBand;
}

/** Gauge needle position 0..1 of an AQI value on the 0..300 scale (spec 01 §9). */
export function aqiGaugeFraction(value: number): number {
  return Math.min(AQI_GAUGE_MAX, Math.max(0, value)) / AQI_GAUGE_MAX;
}
