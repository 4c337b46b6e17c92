import { describe, expect, it } from 'vitest';
import { et0FaoDaily, type Et0FaoDailyInput } from './et0-fao-daily.ts';

describe('et0FaoDaily against FAO-56 worked examples', () => {
  it('Example 18: Brussels, 6 July — ET0 3.9 mm/day', () => {
    // FAO-56 Example 18: 50°48'N, 100 m, J = 187, Tmax 21.5, Tmin 12.3 °C, RHmax 84%, RHmin 63%,
    // 10 km/h wind at 10 m, n = 9.25 h.
    const r = et0FaoDaily({
      tminC: 12.3,
      tmaxC: 21.5,
      rhMaxPct: 84,
      rhMinPct: 63,
      windSpeedMs: 10 / 3.6,
      windHeightM: 10,
      sunshineHours: 9.25,
      elevationM: 100,
      latitudeDeg: 50 + 48 / 60,
      dayOfYear: 187,
    })!;
    expect(r.u2Ms).toBeCloseTo(2.078, 3); // u2 = 2.078 m/s
    expect(r.deltaKpaC).toBeCloseTo(0.122, 3); // Δ = 0.122 kPa/°C
    expect(r.gammaKpaC).toBeCloseTo(0.0666, 4); // γ = 0.0666 kPa/°C
    expect(r.esKpa).toBeCloseTo(1.997, 3); // es = 1.997 kPa
    expect(r.eaKpa).toBeCloseTo(1.409, 3); // ea = 1.409 kPa
    expect(r.raMjM2Day).toBeCloseTo(41.09, 2); // Ra = 41.09 MJ/m²/day
    expect(r.daylightHours).toBeCloseTo(16.1, 1); // N = 16.1 h
    expect(r.rsMjM2Day).toBeCloseTo(22.07, 2); // Rs = 22.07
    expect(r.rsoMjM2Day).toBeCloseTo(30.9, 2); // Rso = 30.90
    expect(r.rnlMjM2Day).toBeCloseTo(3.71, 2); // Rnl = 3.71
    expect(r.rnMjM2Day).toBeCloseTo(13.28, 2); // Rn = 13.28
    expect(Number(r.et0MmDay.toFixed(1))).toBe(3.9); // ET0 = 3.9 mm/day
  });

  it('Example 17: Bangkok, April (monthly means) — ET0 5.72 mm/day', () => {
    // FAO-56 Example 17: 13°44'N, 2 m, J = 105 (15 April), Tmax 34.8, Tmin 25.6 °C, ea 2.85 kPa,
    // u2 2 m/s, n 8.5 h, G = 0.14 (Tmonth,Apr 30.2 − Tmonth,Mar 29.2) = 0.14 MJ/m²/day.
    const r = et0FaoDaily({
      tminC: 25.6,
      tmaxC: 34.8,
      eaKpa: 2.85,
      windSpeedMs: 2,
      sunshineHours: 8.5,
      elevationM: 2,
      latitudeDeg: 13 + 44 / 60,
      dayOfYear: 105,
      soilHeatFluxMjM2Day: 0.14,
    })!;
    expect(r.deltaKpaC).toBeCloseTo(0.246, 3); // Δ = 0.246 kPa/°C
    expect(r.gammaKpaC).toBeCloseTo(0.0674, 3); // γ = 0.0674 kPa/°C (FAO rounds P to 101.3 kPa first; unrounded 0.06735)
    expect(r.esKpa).toBeCloseTo(4.42, 2); // es = 4.42 kPa
    expect(r.raMjM2Day).toBeCloseTo(38.06, 2); // Ra = 38.06
    expect(r.daylightHours).toBeCloseTo(12.31, 2); // N = 12.31 h
    expect(r.rsMjM2Day).toBeCloseTo(22.65, 2); // Rs = 22.65
    expect(r.rsoMjM2Day).toBeCloseTo(28.54, 2); // Rso = 28.54
    expect(r.rnlMjM2Day).toBeCloseTo(3.11, 2); // Rnl = 3.11
    expect(r.rnMjM2Day).toBeCloseTo(14.33, 2); // Rn = 14.33
    expect(Number(r.et0MmDay.toFixed(2))).toBe(5.72); // ET0 = 5.72 mm/day
  });
});

describe('et0FaoDaily input choices', () => {
  const base: Et0FaoDailyInput = {
    tminC: 12.3,
    tmaxC: 21.5,
    windSpeedMs: 2,
    elevationM: 100,
    latitudeDeg: 50.8,
    dayOfYear: 187,
    solarMjM2Day: 22.07,
  };

  it('derives ea from the dew point (eq. 14), RHmax alone (eq. 18), or Tdew ≈ Tmin when humidity is missing', () => {
    expect(et0FaoDaily({ ...base, tdewC: 10 })!.eaKpa).toBeCloseTo(1.228, 3); // e°(10 °C) = 1.228 kPa (FAO-56 Annex 2 Table 2.3)
    expect(et0FaoDaily({ ...base, rhMaxPct: 84 })!.eaKpa).toBeCloseTo(0.84 * 1.431, 3); // e°(12.3) = 1.431
    expect(et0FaoDaily(base)!.eaKpa).toBeCloseTo(1.431, 3);
  });

  it('uses measured radiation first, and Hargreaves radiation (eq. 50, kRs 0.16) without radiation or sunshine', () => {
    expect(et0FaoDaily(base)!.rsMjM2Day).toBe(22.07);
    const estimated = et0FaoDaily({ ...base, solarMjM2Day: undefined })!;
    expect(estimated.rsMjM2Day).toBeCloseTo(0.16 * Math.sqrt(21.5 - 12.3) * estimated.raMjM2Day, 10);
  });

  it('limits Rs/Rso to 1 in the long-wave term', () => {
    const clear = et0FaoDaily({ ...base, solarMjM2Day: 31 })!;
    const brighter = et0FaoDaily({ ...base, solarMjM2Day: 40 })!;
    expect(brighter.rnlMjM2Day).toBeCloseTo(clear.rnlMjM2Day, 12);
  });

  it('handles polar night: no extraterrestrial radiation, no daylight', () => {
    const r = et0FaoDaily({
      ...base,
      solarMjM2Day: undefined,
      sunshineHours: 0,
      latitudeDeg: 80,
      dayOfYear: 355,
    })!;
    expect(r.raMjM2Day).toBeCloseTo(0, 10);
    expect(r.daylightHours).toBe(0);
    expect(r.rsMjM2Day).toBe(0);
    expect(Number.isFinite(r.et0MmDay)).toBe(true);
  });

  it('is null on inconsistent input', () => {
    expect(et0FaoDaily({ ...base, tminC: 22 })).toBeNull();
    expect(et0FaoDaily({ ...base, dayOfYear: 0 })).toBeNull();
    expect(et0FaoDaily({ ...base, dayOfYear: 367 })).toBeNull();
    expect(et0FaoDaily({ ...base, windSpeedMs: -1 })).toBeNull();
    expect(et0FaoDaily({ ...base, latitudeDeg: 91 })).toBeNull();
    expect(et0FaoDaily({ ...base, eaKpa: -0.1 })).toBeNull();
  });
});
