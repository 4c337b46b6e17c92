// US EPA Air Quality Index from a pollutant concentration.
// Source: EPA, "Technical Assistance Document for the Reporting of Daily Air Quality – the Air
// Quality Index (AQI)", EPA-454/B-24-002, May 2024 (Table 6 breakpoints; truncation rules in §"Calculating the AQI").

export type AqiPollutant = 'PM2.5' | 'PM10' | 'O3';
export type AqiAveraging = '24h' | '8h' | '1h';

export type AqiCategoryName =
  'Good' | 'Moderate' | 'Unhealthy for Sensitive Groups' | 'Unhealthy' | 'Very Unhealthy' | 'Hazardous';

export interface AqiCategory {
  name: AqiCategoryName;
  /** EPA colour name (TAD 2024 Table 3). */
  colorName: 'Green' | 'Yellow' | 'Orange' | 'Red' | 'Purple' | 'Maroon';
  /** EPA colour as hex RGB (TAD 2024 Table 3). */
  color: string;
  /** Lowest AQI of the category. */
  aqiLow: number;
  /** Highest AQI of the category (Infinity for Hazardous: EPA reports values beyond 500 as Hazardous). */
  aqiHigh: number;
}

/** One row of EPA's breakpoint table: concentrations cLow..cHigh map linearly onto aqiLow..aqiHigh. */
interface Breakpoint {
  cLow: number;
  cHigh: number;
  aqiLow: number;
  aqiHigh: number;
}

const bp = (cLow: number, cHigh: number, aqiLow: number, aqiHigh: number): Breakpoint => ({
  cLow,
  cHigh,
  aqiLow,
  aqiHigh,
});

/** PM2.5 24-hour, µg/m³, TAD 2024 Table 6 (the February 2024 revision). */
const PM25_24H: readonly Breakpoint[] = [
  bp(0.0, 9.0, 0, 50),
  bp(9.1, 35.4, 51, 100),
  bp(35.5, 55.4, 101, 150),
  bp(55.5, 125.4, 151, 200),
  bp(125.5, 225.4, 201, 300),
  bp(225.5, 325.4, 301, 500),
];

/** PM10 24-hour, µg/m³, TAD 2024 Table 6. */
const PM10_24H: readonly Breakpoint[] = [
  bp(0, 54, 0, 50),
  bp(55, 154, 51, 100),
  bp(155, 254, 101, 150),
  bp(255, 354, 151, 200),
  bp(355, 424, 201, 300),
  bp(425, 604, 301, 500),
];

/** O3 8-hour, ppm, TAD 2024 Table 6; above 0.200 ppm EPA gives no 8-hour AQI (the 1-hour table applies). */
const O3_8H: readonly Breakpoint[] = [
  bp(0.0, 0.054, 0, 50),
  bp(0.055, 0.07, 51, 100),
  bp(0.071, 0.085, 101, 150),
  bp(0.086, 0.105, 151, 200),
  bp(0.106, 0.2, 201, 300),
];

/** O3 1-hour, ppm, TAD 2024 Table 6; EPA gives no 1-hour AQI below 0.125 ppm. */
const O3_1H: readonly Breakpoint[] = [
  bp(0.125, 0.164, 101, 150),
  bp(0.165, 0.204, 151, 200),
  bp(0.205, 0.404, 201, 300),
  bp(0.405, 0.604, 301, 500),
];

interface PollutantTable {
  rows: readonly Breakpoint[];
  /** Decimal places kept by truncation (TAD: PM2.5 0.1 µg/m³, PM10 1 µg/m³, O3 0.001 ppm). */
  decimals: number;
  /** Whether a concentration above the last row extrapolates along it (PM: "325.4+" / "604+"). */
  extendsAboveTop: boolean;
}

const TABLES: Record<AqiPollutant, Partial<Record<AqiAveraging, PollutantTable>>> = {
  'PM2.5': { '24h': { rows: PM25_24H, decimals: 1, extendsAboveTop: true } },
  PM10: { '24h': { rows: PM10_24H, decimals: 0, extendsAboveTop: true } },
  O3: {
    '8h': { rows: O3_8H, decimals: 3, extendsAboveTop: false },
    '1h': { rows: O3_1H, decimals: 3, extendsAboveTop: false },
  },
};

/** Truncate (not round) to `decimals` places, as the TAD requires; the epsilon absorbs binary representation (9.1 → 9.0999…). */
export function truncateConcentration(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.floor(value * scale + 1e-9) / scale;
}

/** AQI (integer) for a concentration (PM µg/m³, O3 ppm) and averaging period, EPA TAD 2024 Table 6 and Equation 1; null where EPA gives none. */
export function aqiFromConcentration(
  pollutant: AqiPollutant,
  concentration: number,
  averaging: AqiAveraging,
): number | null {
  const table = TABLES[pollutant][averaging];
  if (table === undefined || !Number.isFinite(concentration) || concentration < 0) return null;
  const c = truncateConcentration(concentration, table.decimals);
  const rows = table.rows;
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  if (c < first.cLow) return null;
  // Rows leave gaps of one truncation step (9.0 | 9.1); a truncated value never falls inside a gap.
  let row = rows.find((r) => c <= r.cHigh);
  if (row === undefined) {
    if (!table.extendsAboveTop) return null;
    row = last;
  }
  // TAD Equation 1: I = (I_hi − I_lo)/(BP_hi − BP_lo) × (C − BP_lo) + I_lo, rounded to the nearest integer.
  const index = ((row.aqiHigh - row.aqiLow) / (row.cHigh - row.cLow)) * (c - row.cLow) + row.aqiLow;
  return Math.round(index);
}

/** EPA AQI categories with colours, TAD 2024 Table 3. */
export const AQI_CATEGORIES: readonly AqiCategory[] = [
  { name: 'Good', colorName: 'Green', color: '#00E400', aqiLow: 0, aqiHigh: 50 },
  { name: 'Moderate', colorName: 'Yellow', color: '#FFFF00', aqiLow: 51, aqiHigh: 100 },
  {
    name: 'Unhealthy for Sensitive Groups',
    colorName: 'Orange',
    color: '#FF7E00',
    aqiLow: 101,
    aqiHigh: 150,
  },
  { name: 'Unhealthy', colorName: 'Red', color: '#FF0000', aqiLow: 151, aqiHigh: 200 },
  { name: 'Very Unhealthy', colorName: 'Purple', color: '#8F3F97', aqiLow: 201, aqiHigh: 300 },
  { name: 'Hazardous', colorName: 'Maroon', color: '#7E0023', aqiLow: 301, aqiHigh: Infinity },
];

/** EPA AQI category (name and colour) for an AQI value, TAD 2024 Table 3; null for negative or non-finite input. */
export function aqiCategory(aqi: number): AqiCategory | null {
  if (!Number.isFinite(aqi) || aqi < 0) return null;
  // Categories are defined on integer AQI; a fractional value belongs to the category of its rounded value.
  const rounded = Math.round(aqi);
  return AQI_CATEGORIES.find((c) => rounded <= c.aqiHigh) ?? null;
}
