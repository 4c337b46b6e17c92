import { describe, expect, it } from 'vitest';
import { referenceSolarPosition, wbgtLiljegren, type WbgtLiljegrenInput } from './wbgt-liljegren.ts';

// Reference values: kwodzicki/pywbgt tests/test_liljegren.py, which runs Argonne's wbgt.c (Liljegren
// v1.1, C float arithmetic) through Cython. Site lat (33, 43, 59), lon (−84, 22, 59), which their
// degMinSec2Frac turns into 33.7331 and −84 + 22/60 + 59/3600 = −83.6169; 2000-06-01 16:00 UTC with a 1-minute average (sun
// computed at 15:59:30), 2-m wind, RH from the dew point with the Bolton (1980) formula they use.
const LAT = 33 + 43 / 60 + 59 / 3600;
const LON = -84 + 22 / 60 + 59 / 3600;
const bolton = (t: number) => 6.112 * Math.exp((17.67 * t) / (t + 243.5));
const rhFromDew = (t: number, td: number) => (bolton(td) / bolton(t)) * 100;

const base: WbgtLiljegrenInput = {
  tempC: 30,
  relativeHumidityPct: 50,
  pressureHpa: 1013,
  windSpeedMs: 2,
  solarWm2: 600,
  cosZenith: 0.8,
};

describe('wbgtLiljegren against the reference code (pywbgt test suite)', () => {
  it.each([
    // [solar W/m², pressure hPa, Tair °C, Tdew °C, wind mph] → [Tg, Tnwb, Tpsy, Twbg] °C
    [500, 985, 25, 15, 1, 41.970542908, 23.320886612, 18.278467178, 27.218729019],
    [805, 1013, 35, 25, 5, 48.86894989, 29.015771866, 27.251123428, 33.584831238],
  ])('solar %s, %s hPa, %s °C, dew point %s °C, %s mph', (solar, p, t, td, mph, tg, tnwb, tpsy, twbg) => {
    const r = wbgtLiljegren({
      tempC: t,
      relativeHumidityPct: rhFromDew(t, td),
      pressureHpa: p,
      windSpeedMs: mph * 0.44704,
      solarWm2: solar,
      date: new Date('2000-06-01T15:59:30Z'),
      latitudeDeg: LAT,
      longitudeDeg: LON,
    })!;
    // Double precision against the reference's float: agreement to a few thousandths of a degree.
    expect(Math.abs(r.globeC - tg)).toBeLessThan(0.002);
    expect(Math.abs(r.naturalWetBulbC - tnwb)).toBeLessThan(0.002);
    expect(Math.abs(r.psychrometricWetBulbC - tpsy)).toBeLessThan(0.002);
    expect(Math.abs(r.wbgtC - twbg)).toBeLessThan(0.002);
  });

  it('computes the cosine of the zenith angle as the reference solarposition does', () => {
    // pywbgt tests/test_liljegren.py TestSolarParams.test_cosz: 2000-MM-01 16:00 UTC (1-minute average,
    // so 15:59:30) at the same site, reference cos zenith per month.
    const expected = [
      0.479295, 0.5436556, 0.6659838, 0.7999455, 0.8850405, 0.9173493, 0.9125813, 0.8857513, 0.8315094,
      0.7408212, 0.617371, 0.5131574,
    ];
    expected.forEach((cosz, month) => {
      const sun = referenceSolarPosition(new Date(Date.UTC(2000, month, 1, 15, 59, 30)), LAT, LON);
      expect(Math.cos(((90 - sun.elevationDeg) * Math.PI) / 180)).toBeCloseTo(cosz, 6);
    });
  });
});

describe('wbgtLiljegren invariants', () => {
  it('combines the parts as WBGT = 0.7 Tnwb + 0.2 Tg + 0.1 Ta', () => {
    const r = wbgtLiljegren(base)!;
    expect(r.wbgtC).toBeCloseTo(0.7 * r.naturalWetBulbC + 0.2 * r.globeC + 0.1 * base.tempC, 12);
  });

  it('keeps the globe just below the air at night (long-wave loss to the sky), closer in wind', () => {
    for (const tempC of [10, 25, 35]) {
      for (const [windSpeedMs, within] of [
        [0.5, 3],
        [2, 2],
        [6, 1.2],
      ] as const) {
        const r = wbgtLiljegren({ ...base, tempC, windSpeedMs, solarWm2: 0, cosZenith: -0.3 })!;
        expect(r.globeC).toBeLessThan(tempC);
        expect(tempC - r.globeC).toBeLessThan(within);
        expect(r.solarWm2).toBe(0);
      }
    }
  });

  it('rises with more sun', () => {
    let previous = -Infinity;
    for (const solarWm2 of [0, 200, 400, 600, 800, 1000]) {
      const r = wbgtLiljegren({ ...base, solarWm2 })!;
      expect(r.wbgtC).toBeGreaterThan(previous);
      previous = r.wbgtC;
    }
  });

  it('raises the natural wet bulb with humidity', () => {
    let previous = -Infinity;
    for (const relativeHumidityPct of [10, 30, 50, 70, 90, 100]) {
      const r = wbgtLiljegren({ ...base, relativeHumidityPct })!;
      expect(r.naturalWetBulbC).toBeGreaterThan(previous);
      previous = r.naturalWetBulbC;
    }
  });

  it('never puts the psychrometric wet bulb above the air temperature', () => {
    for (const tempC of [5, 15, 25, 40]) {
      for (const relativeHumidityPct of [10, 40, 80, 100]) {
        const r = wbgtLiljegren({ ...base, tempC, relativeHumidityPct })!;
        expect(r.psychrometricWetBulbC).toBeLessThanOrEqual(tempC + 0.02);
      }
    }
  });
});

describe('wbgtLiljegren solar and wind handling (calc_solar_parameters, est_wind_speed)', () => {
  it('caps the irradiance at 0.85 of the top-of-atmosphere value', () => {
    // No date: earth–sun distance 1 AU, so the cap is 0.85 × 1367 × 0.5 = 580.975 W/m².
    const r = wbgtLiljegren({ ...base, solarWm2: 1200, cosZenith: 0.5 })!;
    expect(r.solarWm2).toBeCloseTo(580.975, 9);
    // fdir = exp(3 − 1.34 × 0.85 − 1.65/0.85) = 0.923, clamped to 0.9.
    expect(r.directBeamFraction).toBe(0.9);
    // Below the cap: normsolar = 400/683.5, fdir = exp(3 − 1.34 n − 1.65/n).
    const n = 400 / 683.5;
    expect(wbgtLiljegren({ ...base, solarWm2: 400, cosZenith: 0.5 })!.directBeamFraction).toBeCloseTo(
      Math.exp(3 - 1.34 * n - 1.65 / n),
      12,
    );
  });

  it('treats the sun below cos zenith 0.00873 as down: no irradiance, no direct beam', () => {
    expect(wbgtLiljegren({ ...base, cosZenith: 0.0087 })!.solarWm2).toBe(0);
    expect(wbgtLiljegren({ ...base, cosZenith: 0.0088 })!.solarWm2).toBeGreaterThan(0);
    expect(wbgtLiljegren({ ...base, solarWm2: -5 })!.directBeamFraction).toBe(0);
  });

  it('accepts a given direct-beam fraction', () => {
    // With a low sun (cos zenith 0.3) the globe's direct term fdir (1/(2 cza) − 1) is positive: more beam, hotter globe.
    const diffuse = wbgtLiljegren({ ...base, cosZenith: 0.3, solarWm2: 300, directBeamFraction: 0 })!;
    const direct = wbgtLiljegren({ ...base, cosZenith: 0.3, solarWm2: 300, directBeamFraction: 0.9 })!;
    expect(diffuse.directBeamFraction).toBe(0);
    expect(direct.directBeamFraction).toBe(0.9);
    expect(direct.globeC).toBeGreaterThan(diffuse.globeC);
  });

  it('brings a 10 m wind to 2 m with the stability-class power law', () => {
    // Day, 1000 W/m² (column 0), 3 m/s (row 2): class 2 → rural exponent 0.07, urban 0.15.
    const sunny = { ...base, windSpeedMs: 3, windHeightM: 10, solarWm2: 1000, cosZenith: 0.95 };
    expect(wbgtLiljegren(sunny)!.windSpeed2mMs).toBeCloseTo(3 * 0.2 ** 0.07, 12);
    expect(wbgtLiljegren({ ...sunny, urban: true })!.windSpeed2mMs).toBeCloseTo(3 * 0.2 ** 0.15, 12);
    // Night, dT ≥ 0 (column 6), 1 m/s (row 0): class 6 → rural exponent 0.55; dT < 0: class 5 → 0.35.
    const night = { ...base, windSpeedMs: 1, windHeightM: 10, solarWm2: 0, cosZenith: -0.2 };
    expect(wbgtLiljegren(night)!.windSpeed2mMs).toBeCloseTo(0.2 ** 0.55, 12);
    expect(wbgtLiljegren({ ...night, verticalTempDiffC: -1 })!.windSpeed2mMs).toBeCloseTo(0.2 ** 0.35, 12);
  });

  it.each([
    [1000, 6, 3],
    [700, 5, 3],
    [300, 2.5, 3],
    [100, 2, 4],
    [1000, 1, 1],
  ])(
    'uses the daytime stability table at %s W/m² and %s m/s (class %s)',
    (solarWm2, windSpeedMs, stabilityClass) => {
      const rural = [0.07, 0.07, 0.1, 0.15, 0.35, 0.55];
      const r = wbgtLiljegren({ ...base, solarWm2, windSpeedMs, windHeightM: 10, cosZenith: 0.95 })!;
      expect(r.windSpeed2mMs).toBeCloseTo(windSpeedMs * 0.2 ** rural[stabilityClass - 1]!, 12);
    },
  );

  it('floors the wind at 0.13 m/s', () => {
    expect(wbgtLiljegren({ ...base, windSpeedMs: 0 })!.windSpeed2mMs).toBe(0.13);
    expect(wbgtLiljegren({ ...base, windSpeedMs: 0.01, windHeightM: 10 })!.windSpeed2mMs).toBe(0.13);
  });

  it('computes the sun from date and place when no cos zenith is given', () => {
    const noon = wbgtLiljegren({
      ...base,
      cosZenith: undefined,
      date: new Date('2024-07-01T18:00:00Z'),
      latitudeDeg: 32.78,
      longitudeDeg: -96.8,
    })!;
    const midnight = wbgtLiljegren({
      ...base,
      cosZenith: undefined,
      date: new Date('2024-07-01T06:00:00Z'),
      latitudeDeg: 32.78,
      longitudeDeg: -96.8,
    })!;
    expect(noon.cosZenith).toBeGreaterThan(0.9);
    expect(midnight.cosZenith).toBeLessThan(0);
    expect(midnight.solarWm2).toBe(0);
    expect(noon.wbgtC).toBeGreaterThan(midnight.wbgtC);
  });

  it('is null without a way to place the sun, and on impossible input', () => {
    expect(wbgtLiljegren({ ...base, cosZenith: undefined })).toBeNull();
    expect(wbgtLiljegren({ ...base, cosZenith: Number.NaN })).toBeNull();
    expect(wbgtLiljegren({ ...base, relativeHumidityPct: 0 })).toBeNull();
    expect(wbgtLiljegren({ ...base, relativeHumidityPct: 100.1 })).toBeNull();
    expect(wbgtLiljegren({ ...base, pressureHpa: 0 })).toBeNull();
    expect(wbgtLiljegren({ ...base, windSpeedMs: -1 })).toBeNull();
    expect(wbgtLiljegren({ ...base, tempC: Number.NaN })).toBeNull();
  });

  it('is null where the reference iteration does not converge in 50 steps', () => {
    // Very dry air at 0 °C: the dew-point first guess (about −32 °C) is too far from the wet bulb for
    // the 0.1-relaxed iteration to settle within MAX_ITER, which the reference reports as −9999.
    expect(wbgtLiljegren({ ...base, tempC: 0, relativeHumidityPct: 5 })).toBeNull();
    expect(wbgtLiljegren({ ...base, tempC: 0, relativeHumidityPct: 40 })).not.toBeNull();
  });
});
