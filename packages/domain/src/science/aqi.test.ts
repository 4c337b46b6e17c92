import { describe, expect, it } from 'vitest';
import {
  AQI_CATEGORIES,
  aqiCategory,
  aqiFromConcentration,
  type AqiAveraging,
  type AqiPollutant,
} from './aqi.ts';

// Breakpoints from EPA-454/B-24-002 (AQI Technical Assistance Document, May 2024), Table 6.
const rows: [AqiPollutant, AqiAveraging, number, number, number, number][] = [
  ['PM2.5', '24h', 0.0, 9.0, 0, 50],
  ['PM2.5', '24h', 9.1, 35.4, 51, 100],
  ['PM2.5', '24h', 35.5, 55.4, 101, 150],
  ['PM2.5', '24h', 55.5, 125.4, 151, 200],
  ['PM2.5', '24h', 125.5, 225.4, 201, 300],
  ['PM2.5', '24h', 225.5, 325.4, 301, 500],
  ['PM10', '24h', 0, 54, 0, 50],
  ['PM10', '24h', 55, 154, 51, 100],
  ['PM10', '24h', 155, 254, 101, 150],
  ['PM10', '24h', 255, 354, 151, 200],
  ['PM10', '24h', 355, 424, 201, 300],
  ['PM10', '24h', 425, 604, 301, 500],
  ['O3', '8h', 0.0, 0.054, 0, 50],
  ['O3', '8h', 0.055, 0.07, 51, 100],
  ['O3', '8h', 0.071, 0.085, 101, 150],
  ['O3', '8h', 0.086, 0.105, 151, 200],
  ['O3', '8h', 0.106, 0.2, 201, 300],
  ['O3', '1h', 0.125, 0.164, 101, 150],
  ['O3', '1h', 0.165, 0.204, 151, 200],
  ['O3', '1h', 0.205, 0.404, 201, 300],
  ['O3', '1h', 0.405, 0.604, 301, 500],
];

describe('aqiFromConcentration (EPA TAD 2024)', () => {
  it.each(rows)(
    '%s %s: %s → AQI %s… and %s → %s at the row edges',
    (pollutant, avg, cLow, cHigh, iLow, iHigh) => {
      expect(aqiFromConcentration(pollutant, cLow, avg)).toBe(iLow);
      expect(aqiFromConcentration(pollutant, cHigh, avg)).toBe(iHigh);
    },
  );

  it('truncates PM2.5 to 0.1 µg/m³ before looking up the row', () => {
    expect(aqiFromConcentration('PM2.5', 9.09, '24h')).toBe(50); // 9.09 → 9.0
    expect(aqiFromConcentration('PM2.5', 9.1, '24h')).toBe(51);
    expect(aqiFromConcentration('PM2.5', 35.49, '24h')).toBe(100); // 35.49 → 35.4
    expect(aqiFromConcentration('PM2.5', 35.5, '24h')).toBe(101);
  });

  it('truncates PM10 to whole µg/m³ and O3 to 0.001 ppm', () => {
    expect(aqiFromConcentration('PM10', 54.9, '24h')).toBe(50);
    expect(aqiFromConcentration('PM10', 55, '24h')).toBe(51);
    expect(aqiFromConcentration('O3', 0.0549, '8h')).toBe(50);
    expect(aqiFromConcentration('O3', 0.055, '8h')).toBe(51);
  });

  it('rounds the AQI to the nearest integer (TAD Equation 1)', () => {
    // PM2.5 12.0: (100 − 51)/(35.4 − 9.1) × (12.0 − 9.1) + 51 = 56.40 → 56
    expect(aqiFromConcentration('PM2.5', 12.0, '24h')).toBe(56);
    // PM2.5 20.0: 49/26.3 × 10.9 + 51 = 71.31 → 71
    expect(aqiFromConcentration('PM2.5', 20.0, '24h')).toBe(71);
  });

  it('extends the top PM rows above their last breakpoint ("325.4+", "604+")', () => {
    // 350.0: 199/99.9 × (350 − 225.5) + 301 = 549.0
    expect(aqiFromConcentration('PM2.5', 350, '24h')).toBe(549);
    expect(aqiFromConcentration('PM10', 700, '24h')).toBeGreaterThan(500);
  });

  it('gives no ozone AQI where EPA gives none', () => {
    expect(aqiFromConcentration('O3', 0.2009, '8h')).toBe(300); // truncates to 0.200
    expect(aqiFromConcentration('O3', 0.201, '8h')).toBeNull(); // above 0.200 ppm: 1-hour values apply
    expect(aqiFromConcentration('O3', 0.1249, '1h')).toBeNull(); // 1-hour table starts at 0.125 ppm
    expect(aqiFromConcentration('O3', 0.605, '1h')).toBeNull();
  });

  it('is null for negative or non-finite concentrations and for averaging periods EPA does not define', () => {
    expect(aqiFromConcentration('PM2.5', -0.1, '24h')).toBeNull();
    expect(aqiFromConcentration('PM2.5', Number.NaN, '24h')).toBeNull();
    expect(aqiFromConcentration('PM2.5', 10, '8h')).toBeNull();
    expect(aqiFromConcentration('O3', 0.05, '24h')).toBeNull();
  });
});

describe('aqiCategory (EPA TAD 2024 Table 3)', () => {
  it.each([
    [0, 'Good', '#00E400'],
    [50, 'Good', '#00E400'],
    [51, 'Moderate', '#FFFF00'],
    [100, 'Moderate', '#FFFF00'],
    [101, 'Unhealthy for Sensitive Groups', '#FF7E00'],
    [150, 'Unhealthy for Sensitive Groups', '#FF7E00'],
    [151, 'Unhealthy', '#FF0000'],
    [200, 'Unhealthy', '#FF0000'],
    [201, 'Very Unhealthy', '#8F3F97'],
    [300, 'Very Unhealthy', '#8F3F97'],
    [301, 'Hazardous', '#7E0023'],
    [500, 'Hazardous', '#7E0023'],
    [549, 'Hazardous', '#7E0023'],
  ])('AQI %s is %s (%s)', (aqi, name, color) => {
    const category = aqiCategory(aqi)!;
    expect(category.name).toBe(name);
    expect(category.color).toBe(color);
  });

  it('places a fractional AQI by its rounded value and rejects negatives', () => {
    expect(aqiCategory(50.4)!.name).toBe('Good');
    expect(aqiCategory(50.5)!.name).toBe('Moderate');
    expect(aqiCategory(-1)).toBeNull();
    expect(AQI_CATEGORIES).toHaveLength(6);
  });
});
