import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FCD,
  et0AsceHourly,
  et0AsceHourlySeries,
  type Et0AsceHourlyInput,
} from './et0-asce-hourly.ts';

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
    expect(r.etrMmHour).toBeCloseTo(0.7196369609713682, 5); // etr_asce (we differ by 7e-7 mm/h) (tall: Cn 66, Cd 0.25, G 0.04 Rn)
    expect(r.gTallMjM2Hour).toBeCloseTo(0.04 * r.rnMjM2Hour, 12); // eq. 65, tall
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
    // Tall reference at night: Cn = 66, Cd = 1.7, G = 0.2 Rn.
    expect(night.gTallMjM2Hour).toBeCloseTo(0.2 * night.rnMjM2Hour, 12);
    const expectedTall =
      (0.408 * night.deltaKpaC * (night.rnMjM2Hour - night.gTallMjM2Hour) +
        ((night.gammaKpaC * 66) / (20 + 273)) * night.u2Ms * (night.esKpa - 1.0)) /
      (night.deltaKpaC + night.gammaKpaC * (1 + 1.7 * night.u2Ms));
    expect(night.etrMmHour).toBeCloseTo(expectedTall, 12);
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
    expect(et0AsceHourly(night)!.fcd).toBe(0.8);
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

// A clear 1 July at Fallon, hours ending 00:00–23:00 local standard time (UTC−8): Rs = 0.95 Rso each hour.
function clearDay(): Et0AsceHourlyInput[] {
  return Array.from({ length: 24 }, (_, i) => {
    const date = new Date(Date.UTC(2015, 6, 1, i + 8));
    const hour = { ...fallon, date, tempC: 18 + 12 * Math.sin(((i - 9) * Math.PI) / 12), eaKpa: 1.2 };
    const rso = et0AsceHourly({ ...hour, solarMjM2Hour: 0 })!.rsoMjM2Hour;
    return { ...hour, solarMjM2Hour: 0.95 * rso };
  });
}

describe('et0AsceHourlySeries (fcd carried through low-sun hours, ASCE-EWRI 2005 eq. 45)', () => {
  it('takes fcd, at every hour with the sun at or below 0.3 rad, from the last hour with the sun higher', () => {
    const hours = clearDay();
    const series = et0AsceHourlySeries(hours).map((r) => r!);
    const firstHigh = series.findIndex((r) => r.fcdFromThisHour);
    expect(firstHigh).toBeGreaterThan(0);
    let last = series[firstHigh]!.fcd; // leading hours take the first high-sun hour's value
    series.forEach((r, i) => {
      if (r.sunAngleRad > 0.3) {
        expect(r.fcdFromThisHour).toBe(true);
        expect(r.fcd).toBeCloseTo(1.35 * 0.95 - 0.35, 9); // eq. 45 with Rs/Rso = 0.95
        last = r.fcd;
      } else {
        expect(r.fcdFromThisHour).toBe(false);
        expect(r.fcd, `hour ${i}`).toBe(last);
      }
      expect(r.et0MmHour).toBeCloseTo(et0AsceHourly({ ...hours[i]!, fcdPrevious: r.fcd })!.et0MmHour, 12);
    });
  });

  it('fixes the sunset hours: a lone call falls back to fcd 0.8, the series carries the clear-sky value', () => {
    const hours = clearDay();
    const series = et0AsceHourlySeries(hours);
    // Evening hours with sunlight but the sun below 0.3 rad (the Appendix C 19:00-type rows).
    const evening = hours
      .map((h, i) => ({ h, i, r: series[i]!, lone: et0AsceHourly(h)! }))
      .filter(({ h, i, r }) => h.solarMjM2Hour > 0 && !r.fcdFromThisHour && i >= 12);
    expect(evening.length).toBeGreaterThan(0);
    for (const { r, lone } of evening) {
      expect(lone.fcd).toBe(DEFAULT_FCD);
      expect(r.fcd).toBeCloseTo(0.9325, 12);
      expect(Math.abs(r.et0MmHour - lone.et0MmHour)).toBeGreaterThan(0.002);
      expect(r.rnlMjM2Hour).toBeCloseTo((lone.rnlMjM2Hour * 0.9325) / DEFAULT_FCD, 12);
    }
  });

  it('starts from fcdInitial when given, and from DEFAULT_FCD when the series never has high sun', () => {
    const hours = clearDay();
    const seeded = et0AsceHourlySeries(hours, { fcdInitial: 0.4 });
    expect(seeded[0]!.fcd).toBe(0.4);
    const night = hours.filter((_, i) => !et0AsceHourlySeries(hours)[i]!.fcdFromThisHour).slice(0, 3);
    expect(et0AsceHourlySeries(night).every((r) => r!.fcd === DEFAULT_FCD)).toBe(true);
    expect(et0AsceHourlySeries([])).toEqual([]);
  });

  it('keeps the carry across an hour with bad input (that hour is null) and ignores per-hour fcdPrevious', () => {
    const hours = clearDay().map((h) => ({ ...h, fcdPrevious: 0.1 }));
    const lastHigh = hours.map((h) => et0AsceHourly(h)!.fcdFromThisHour).lastIndexOf(true);
    hours[lastHigh + 1] = { ...hours[lastHigh + 1]!, eaKpa: -1 };
    const series = et0AsceHourlySeries(hours);
    expect(series[lastHigh + 1]).toBeNull();
    expect(series[lastHigh + 2]!.fcd).toBe(series[lastHigh]!.fcd);
    expect(series[0]!.fcd).not.toBe(0.1);
  });
});
