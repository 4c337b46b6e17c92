import { describe, expect, it } from 'vitest';
import { DEFAULT_FCD, et0AsceHourly, type Et0AsceHourlyInput } from './et0-asce-hourly.ts';

const f2c = (f: number) => ((f - 32) * 5) / 9;

// Fallon, NV AgriMet station, 2015-07-01 18:00–19:00 UTC, from WSWUP/RefET tests/test_hourly.py
// (s_args, h_args), the reference implementation of ASCE-EWRI (2005) by its authors' group.
const fallon: Et0AsceHourlyInput = {
  tempC: f2c(91.8),
  eaKpa: 1.1990099614301906,
  windSpeedMs: 3.33 * 0.44704,
  windHeightM: 3,
  solarMjM2Hour: 61.16 * 0.041868,
  elevationM: 1208.5,
  latitudeDeg: 39.4575,
  longitudeDeg: -118.77388,
  date: new Date('2015-07-01T19:00:00Z'),
};

describe('et0AsceHourly (ASCE-EWRI 2005, short reference)', () => {
  it('reproduces the RefET hourly test case (Fallon, NV, 2015-07-01 18–19 UTC)', () => {
    const r = et0AsceHourly(fallon)!;
    expect(r.et0MmHour).toBeCloseTo(0.6063515410076268, 9); // eto_asce
    expect(r.u2Ms).toBeCloseTo(1.3709275319197722, 12); // u2 (eq. 33)
    expect(r.esKpa).toBeCloseTo(5.09318785259078, 12); // es (eq. 37)
    expect(r.isDaytime).toBe(true);
    expect(r.gMjM2Hour).toBeCloseTo(0.1 * r.rnMjM2Hour, 12); // eq. 65
  });

  it('applies the night constants: Cd 0.96 and G = 0.5 Rn when Rn ≤ 0', () => {
    const night = et0AsceHourly({
      ...fallon,
      solarMjM2Hour: 0,
      tempC: 20,
      eaKpa: 1.0,
      date: new Date('2015-07-01T10:00:00Z'),
    })!;
    expect(night.isDaytime).toBe(false);
    expect(night.raMjM2Hour).toBe(0);
    expect(night.rnMjM2Hour).toBeLessThan(0);
    expect(night.gMjM2Hour).toBeCloseTo(0.5 * night.rnMjM2Hour, 12); // eq. 66
    // eq. 1 with Cn = 37, Cd = 0.96 evaluated from the returned terms.
    const expected =
      (0.408 * night.deltaKpaC * (night.rnMjM2Hour - night.gMjM2Hour) +
        ((night.gammaKpaC * 37) / (20 + 273)) * night.u2Ms * (night.esKpa - 1.0)) /
      (night.deltaKpaC + night.gammaKpaC * (1 + 0.96 * night.u2Ms));
    expect(night.et0MmHour).toBeCloseTo(expected, 12);
  });

  it('computes fcd from Rs/Rso while the sun is above 0.3 rad, clamping the ratio to [0.3, 1]', () => {
    const r = et0AsceHourly(fallon)!;
    expect(r.sunAngleRad).toBeGreaterThan(0.3);
    expect(r.fcd).toBeCloseTo(1.35 * Math.min(1, fallon.solarMjM2Hour / r.rsoMjM2Hour) - 0.35, 12);
    expect(et0AsceHourly({ ...fallon, solarMjM2Hour: 0 })!.fcd).toBeCloseTo(1.35 * 0.3 - 0.35, 12); // 0.055
    expect(et0AsceHourly({ ...fallon, solarMjM2Hour: 10 })!.fcd).toBeCloseTo(1, 12);
  });

  it('carries the last daytime fcd into night and low-sun hours, defaulting to 0.8', () => {
    const night = { ...fallon, solarMjM2Hour: 0, date: new Date('2015-07-01T10:00:00Z') };
    expect(et0AsceHourly(night)!.fcd).toBe(DEFAULT_FCD);
    expect(DEFAULT_FCD).toBe(0.8);
    const carried = et0AsceHourly({ ...night, fcdPrevious: 0.5 })!;
    expect(carried.fcd).toBe(0.5);
    expect(carried.rnlMjM2Hour).toBeCloseTo((et0AsceHourly(night)!.rnlMjM2Hour * 0.5) / 0.8, 12);
    // The hour ending 13:00 UTC (05:00–06:00 PST-ish sunrise in Fallon) has the sun below 0.3 rad.
    const dawn = et0AsceHourly({
      ...fallon,
      solarMjM2Hour: 0.2,
      date: new Date('2015-07-01T14:00:00Z'),
      fcdPrevious: 0.6,
    })!;
    expect(dawn.sunAngleRad).toBeLessThan(0.3);
    expect(dawn.fcd).toBe(0.6);
  });

  it('uses the measured 2 m wind as is', () => {
    expect(et0AsceHourly({ ...fallon, windHeightM: 2 })!.u2Ms).toBe(fallon.windSpeedMs);
    expect(et0AsceHourly({ ...fallon, windHeightM: undefined })!.u2Ms).toBe(fallon.windSpeedMs);
  });

  it('is null on bad input', () => {
    expect(et0AsceHourly({ ...fallon, eaKpa: -1 })).toBeNull();
    expect(et0AsceHourly({ ...fallon, solarMjM2Hour: -0.1 })).toBeNull();
    expect(et0AsceHourly({ ...fallon, windSpeedMs: -1 })).toBeNull();
    expect(et0AsceHourly({ ...fallon, latitudeDeg: 95 })).toBeNull();
    expect(et0AsceHourly({ ...fallon, date: new Date(Number.NaN) })).toBeNull();
    expect(et0AsceHourly({ ...fallon, tempC: Number.NaN })).toBeNull();
  });
});
