// Outdoor wet-bulb globe temperature by the Liljegren et al. (2008) physical model.
//
// Reference: Liljegren, J. C., Carhart, R. A., Lawday, P., Tschopp, S., Sharp, R. (2008). Modeling the
// wet bulb globe temperature using standard meteorological measurements. J. Occup. Environ. Hyg. 5(10),
// 645–655. Reference code: Argonne National Laboratory `wbgt.c` (WBGT Version 1.1, © 2008 UChicago
// Argonne, LLC), read here in the copy kept by kwodzicki/pywbgt `src/pywbgt/src/liljegren_c.c`.
// This module ports calc_wbgt, calc_solar_parameters, solarposition, Tglobe, Twb, h_sphere_in_air,
// h_cylinder_in_air, esat, dew_point, viscosity, thermal_cond, diffusivity, evap, emis_atm,
// est_wind_speed and stab_srdt with the reference constants, convergence (0.02 K, at most 50
// iterations, 0.9/0.1 relaxation) and first guesses (Tg: air temperature; Tnwb: dew point). Like the
// reference, it gives no value (null here, −9999 there) when 50 steps do not converge, which happens in
// very dry air near or below freezing, where the dew-point first guess is far from the wet bulb.
// For speed, loop invariants are hoisted and in-loop powers use exp(k·log x); results agree with the
// direct transcription to within a few ulps (the pywbgt reference cases match to < 0.0001 °C).
//
// Deliberate differences, each a documented choice rather than a change of physics:
// - Arithmetic is in double precision (the reference uses C `float`): results differ by < 0.01 °C.
// - `date` is the instant the sun is computed for (the reference centres it in the averaging period).
// - Days since J2000 come from the instant itself; the reference's `delta_years / 4` leap count is one
//   day early in leap years after 2000 (e.g. all of 2004, 2024), a ≤ 0.4° declination slip it does not intend.
// - A solar reading while the sun is below CZA_MIN is set to 0 (the top-of-atmosphere maximum is 0);
//   negative sensor readings are treated as 0.
// - At night the stability class needs the vertical temperature difference, which standard observations
//   lack; `verticalTempDiffC` defaults to 0 (stable, the reference's dT ≥ 0 column).
// - A cos zenith of exactly 0 with a direct beam would divide by zero in Tglobe; the direct term is only
//   evaluated when the direct-beam fraction is positive, which calc_solar_parameters guarantees needs cza ≥ CZA_MIN.

export interface WbgtLiljegrenInput {
  tempC: number;
  relativeHumidityPct: number;
  pressureHpa: number;
  windSpeedMs: number;
  /** Height of the wind measurement, m (default 2, the reference height). */
  windHeightM?: number;
  /** Global horizontal solar irradiance, W/m². */
  solarWm2: number;
  /** Instant (UTC) for the sun's position; needed unless cosZenith is given. */
  date?: Date;
  latitudeDeg?: number;
  longitudeDeg?: number;
  /** Cosine of the solar zenith angle; computed from date and place when absent. */
  cosZenith?: number;
  /** Fraction of solar irradiance in the direct beam (0–1); computed from the normalised irradiance when absent. */
  directBeamFraction?: number;
  /** Urban (true) or rural (false) wind-profile exponents. */
  urban?: boolean;
  /** Upper minus lower air temperature, °C, for the night stability class (default 0). */
  verticalTempDiffC?: number;
}

export interface WbgtLiljegrenResult {
  wbgtC: number;
  naturalWetBulbC: number;
  globeC: number;
  psychrometricWetBulbC: number;
  /** Wind speed used at the 2 m reference height, m/s. */
  windSpeed2mMs: number;
  /** Solar irradiance after the top-of-atmosphere cap, W/m². */
  solarWm2: number;
  cosZenith: number;
  directBeamFraction: number;
}

// Physical constants (wbgt.c).
const SOLAR_CONST = 1367;
const STEFANB = 5.6696e-8;
const CP = 1003.5;
const M_AIR = 28.97;
const M_H2O = 18.015;
const RATIO = (CP * M_AIR) / M_H2O;
const R_GAS = 8314.34;
const R_AIR = R_GAS / M_AIR;
const PR = CP / (CP + 1.25 * R_AIR);
// Wick constants.
const EMIS_WICK = 0.95;
const ALB_WICK = 0.4;
const D_WICK = 0.007;
const L_WICK = 0.0254;
// Globe constants.
const EMIS_GLOBE = 0.95;
const ALB_GLOBE = 0.05;
const D_GLOBE = 0.0508;
// Surface constants.
const EMIS_SFC = 0.999;
const ALB_SFC = 0.45;
// Computational and physical limits.
const CZA_MIN = 0.00873;
const NORMSOLAR_MAX = 0.85;
const REF_HEIGHT = 2.0;
const MIN_SPEED = 0.13;
const CONVERGENCE = 0.02;
const MAX_ITER = 50;

const DEG_RAD = Math.PI / 180;
const KELVIN = 273.15;

// Hoisted from viscosity() (BSL p. 23): sigma = 3.617, eps_kappa = 97.
const VISC_SIGMA2 = 3.617 * 3.617;
const VISC_EPS_KAPPA = 97.0;
const SQRT_M_AIR = Math.sqrt(M_AIR);
// thermal_cond() = (Cp + 1.25 R_air) · viscosity (BSL p. 257).
const COND_FACTOR = CP + 1.25 * R_AIR;
// Hoisted from diffusivity() (BSL p. 505).
const DIFF_A = 3.64e-4;
const DIFF_B = 2.334;
const DIFF_TCRIT12 = Math.sqrt(132 * 647.3);
const DIFF_CONST =
  DIFF_A *
  Math.pow(36.4 * 218, 1 / 3) *
  Math.pow(132 * 647.3, 5 / 12) *
  Math.sqrt(1 / M_AIR + 1 / M_H2O) *
  1e-4;
// Hoisted from h_sphere_in_air() (Nu = 2 + 0.6 Re^½ Pr^0.3333) and h_cylinder_in_air() (Nu = 0.281 Re^0.6 Pr^0.44).
const PR_SPHERE = Math.pow(PR, 0.3333);
const PR_CYLINDER = Math.pow(PR, 1 - 0.56);
// Twb: (Pr/Sc)^a with a = 0.56 (Bedingfield and Drew).
const A_WICK = 0.56;
const WICK_SHAPE = (0.25 * D_WICK) / L_WICK;

// Stability class table (EPA-454/5-99-005, 2000, §6.2.5; stab_srdt in wbgt.c), rows by wind class.
const LSRDT: readonly (readonly number[])[] = [
  [1, 1, 2, 4, 0, 5, 6, 0],
  [1, 2, 3, 4, 0, 5, 6, 0],
  [2, 2, 3, 4, 0, 4, 4, 0],
  [3, 3, 4, 4, 0, 0, 0, 0],
  [3, 4, 4, 4, 0, 0, 0, 0],
  [0, 0, 0, 0, 0, 0, 0, 0],
];
const URBAN_EXP = [0.15, 0.15, 0.2, 0.25, 0.3, 0.3];
const RURAL_EXP = [0.07, 0.07, 0.1, 0.15, 0.35, 0.55];

/** Outdoor WBGT, natural wet bulb, globe and psychrometric wet bulb in °C, Liljegren et al. (2008) / Argonne wbgt.c; null on bad input or no convergence. */
export function wbgtLiljegren(input: WbgtLiljegrenInput): WbgtLiljegrenResult | null {
  const { tempC, relativeHumidityPct, pressureHpa, windSpeedMs } = input;
  const windHeightM = input.windHeightM ?? REF_HEIGHT;
  if (
    !Number.isFinite(tempC) ||
    !(relativeHumidityPct > 0 && relativeHumidityPct <= 100) ||
    !(pressureHpa > 0) ||
    !(windSpeedMs >= 0) ||
    !(windHeightM > 0) ||
    !Number.isFinite(input.solarWm2)
  ) {
    return null;
  }

  // calc_solar_parameters: cos zenith, then cap the irradiance at NORMSOLAR_MAX of the top-of-atmosphere value.
  let cza: number;
  let soldist = 1;
  if (input.date !== undefined && input.latitudeDeg !== undefined && input.longitudeDeg !== undefined) {
    const sun = referenceSolarPosition(input.date, input.latitudeDeg, input.longitudeDeg);
    soldist = sun.distanceAu;
    cza = input.cosZenith ?? Math.cos((90 - sun.elevationDeg) * DEG_RAD);
  } else if (input.cosZenith !== undefined) {
    cza = input.cosZenith;
  } else {
    return null;
  }
  if (!Number.isFinite(cza)) return null;
  let toasolar = (SOLAR_CONST * Math.max(0, cza)) / (soldist * soldist);
  if (cza < CZA_MIN) toasolar = 0;
  let solar = 0;
  let fdir = 0;
  const measured = Math.max(0, input.solarWm2);
  if (toasolar > 0) {
    const normsolar = Math.min(measured / toasolar, NORMSOLAR_MAX);
    solar = normsolar * toasolar;
    if (normsolar > 0) {
      fdir = Math.exp(3 - 1.34 * normsolar - 1.65 / normsolar);
      fdir = Math.max(Math.min(fdir, 0.9), 0);
    }
  }
  if (input.directBeamFraction !== undefined) {
    fdir = toasolar > 0 ? Math.max(0, Math.min(1, input.directBeamFraction)) : 0;
  }

  // est_wind_speed: bring the wind to 2 m with the stability-class power law.
  let speed: number;
  if (windHeightM !== REF_HEIGHT) {
    const daytime = cza > 0;
    const stabilityClass = stabSrdt(daytime, windSpeedMs, solar, input.verticalTempDiffC ?? 0);
    const exponent = (input.urban ? URBAN_EXP : RURAL_EXP)[stabilityClass - 1]!;
    speed = Math.max(windSpeedMs * Math.pow(REF_HEIGHT / windHeightM, exponent), MIN_SPEED);
  } else {
    // The reference floors the speed at MIN_SPEED inside h_sphere_in_air/h_cylinder_in_air.
    speed = Math.max(windSpeedMs, MIN_SPEED);
  }

  const tk = tempC + KELVIN;
  const rh = 0.01 * relativeHumidityPct;
  const tg = tGlobe(tk, rh, pressureHpa, speed, solar, fdir, cza);
  const tnwb = tWetBulb(tk, rh, pressureHpa, speed, solar, fdir, cza, true);
  const tpsy = tWetBulb(tk, rh, pressureHpa, speed, solar, fdir, cza, false);
  if (tg === null || tnwb === null || tpsy === null) return null;
  return {
    wbgtC: 0.1 * tempC + 0.2 * tg + 0.7 * tnwb,
    naturalWetBulbC: tnwb,
    globeC: tg,
    psychrometricWetBulbC: tpsy,
    windSpeed2mMs: speed,
    solarWm2: solar,
    cosZenith: cza,
    directBeamFraction: fdir,
  };
}

/** Tglobe (wbgt.c): globe temperature, °C, or null when it does not converge. */
function tGlobe(
  tair: number,
  rh: number,
  pair: number,
  speed: number,
  solar: number,
  fdir: number,
  cza: number,
): number | null {
  const tsfc = tair;
  // Loop invariants of the reference expression, hoisted (same values, computed once).
  const longwave = 0.5 * (emisAtm(tair, rh) * tair ** 4 + EMIS_SFC * tsfc ** 4);
  const directTerm = fdir > 0 ? fdir * (1 / (2 * cza) - 1) : 0;
  const shortwave = (solar / (2 * STEFANB * EMIS_GLOBE)) * (1 - ALB_GLOBE) * (directTerm + 1 + ALB_SFC);
  const hScale = 1 / (STEFANB * EMIS_GLOBE);
  const densityScale = (pair * 100) / R_AIR;
  let prev = tair; // first guess is the air temperature
  for (let iter = 0; iter < MAX_ITER; iter++) {
    const tref = 0.5 * (prev + tair); // evaluate properties at the average temperature
    // h_sphere_in_air(D_GLOBE, tref, pair, speed), inlined so viscosity is computed once per step.
    const visc = viscosity(tref);
    const re = (speed * (densityScale / tref) * D_GLOBE) / visc;
    const h = ((2.0 + 0.6 * Math.sqrt(re) * PR_SPHERE) * COND_FACTOR * visc) / D_GLOBE;
    // x^0.25 as two square roots: the same value to the last bit or one ulp, several times faster than pow.
    const next = Math.sqrt(Math.sqrt(longwave - h * hScale * (prev - tair) + shortwave));
    if (Math.abs(next - prev) < CONVERGENCE) return next - KELVIN;
    prev = 0.9 * prev + 0.1 * next;
  }
  return null;
}

/** Twb (wbgt.c): natural (radiative) or psychrometric wet-bulb temperature, °C, or null when it does not converge. */
function tWetBulb(
  tair: number,
  rh: number,
  pair: number,
  speed: number,
  solar: number,
  fdir: number,
  cza: number,
  radiative: boolean,
): number | null {
  const tsfc = tair;
  const eair = rh * esat(tair);
  let prev = dewPoint(eair); // first guess is the dew point temperature
  const longwave = 0.5 * (emisAtm(tair, rh) * tair ** 4 + EMIS_SFC * tsfc ** 4);
  // tan(sza)/π with sza = acos(cza); only reached when the direct fraction is positive (cza ≥ CZA_MIN).
  const directTerm = fdir > 0 ? fdir * (Math.tan(Math.acos(cza)) / Math.PI + WICK_SHAPE) : 0;
  const shortwave = (1 - ALB_WICK) * solar * ((1 - fdir) * (1 + WICK_SHAPE) + directTerm + ALB_SFC);
  // Powers inside the loop are evaluated in the log domain, exp(k·log x): equal to Math.pow to a few ulps
  // and several times faster in V8. With ln T and ln μ known, Re^0.6 and (Pr/Sc)^0.56 need one exp each:
  //   Re = speed · ρ · D / μ, ρ = P·100/(R_air T)
  //   Pr/Sc = Pr · ρ · Dv / μ, Dv = (DIFF_CONST · 1013.25 / P) · (T / Tcrit12)^b   (diffusivity(), BSL p. 505)
  const densityScale = (pair * 100) / R_AIR;
  const lnReynoldsScale = Math.log(speed * densityScale * D_WICK);
  const lnPrandtlOverSchmidtScale =
    Math.log((PR * densityScale * DIFF_CONST * 1013.25) / pair) - DIFF_B * Math.log(DIFF_TCRIT12);
  for (let iter = 0; iter < MAX_ITER; iter++) {
    const tref = 0.5 * (prev + tair);
    // Viscosity is shared by h_cylinder_in_air and the Schmidt number: computed once per step.
    const visc = viscosity(tref);
    const lnT = Math.log(tref);
    const lnVisc = Math.log(visc);
    let heat = 0;
    if (radiative) {
      const prev2 = prev * prev;
      const fatm = STEFANB * EMIS_WICK * (longwave - prev2 * prev2) + shortwave;
      // h_cylinder_in_air(D_WICK, L_WICK, tref, pair, speed), inlined: Nu = 0.281 Re^0.6 Pr^0.44, h = Nu k / D.
      const reynolds06 = Math.exp((1 - 0.4) * (lnReynoldsScale - lnT - lnVisc));
      const h = (0.281 * reynolds06 * PR_CYLINDER * COND_FACTOR * visc) / D_WICK;
      heat = fatm / h;
    }
    const ewick = esat(prev);
    const prandtlOverSchmidt056 = Math.exp(
      A_WICK * (lnPrandtlOverSchmidtScale + (DIFF_B - 1) * lnT - lnVisc),
    );
    const next =
      tair - (evap(tref) / RATIO) * ((ewick - eair) / (pair - ewick)) * prandtlOverSchmidt056 + heat;
    if (Math.abs(next - prev) < CONVERGENCE) return next - KELVIN;
    prev = 0.9 * prev + 0.1 * next;
  }
  return null;
}

/** esat: saturation vapour pressure over water, hPa, Buck (1981) eq. 3 with the 1.004 moist-air factor. */
function esat(tk: number): number {
  const y = (tk - 273.15) / (tk - 32.18);
  return 1.004 * 6.1121 * Math.exp(17.502 * y);
}

/** dew_point: dew point, K, from vapour pressure in hPa (inverse of esat). */
function dewPoint(e: number): number {
  const z = Math.log(e / (6.1121 * 1.004));
  return 273.15 + (240.97 * z) / (17.502 - z);
}

/** viscosity: of air, kg/(m s) (BSL p. 23). */
function viscosity(tair: number): number {
  const omega = ((tair / VISC_EPS_KAPPA - 2.9) / 0.4) * -0.034 + 1.048;
  return (2.6693e-6 * SQRT_M_AIR * Math.sqrt(tair)) / (VISC_SIGMA2 * omega);
}

/** evap: heat of evaporation, J/kg, 283–313 K (Van Wylen and Sonntag, Table A.1.1). */
function evap(tair: number): number {
  return ((313.15 - tair) / 30) * -71100 + 2.4073e6;
}

/** emis_atm: atmospheric emissivity (Oke, 2nd ed., p. 373). */
function emisAtm(tair: number, rh: number): number {
  const e = rh * esat(tair);
  return 0.575 * Math.pow(e, 0.143);
}

/** stab_srdt: Pasquill stability class 1–6 from day/night, wind, solar and ΔT (EPA-454/5-99-005 §6.2.5). */
function stabSrdt(daytime: boolean, speed: number, solar: number, dT: number): number {
  let i: number;
  let j: number;
  if (daytime) {
    j = solar >= 925 ? 0 : solar >= 675 ? 1 : solar >= 175 ? 2 : 3;
    i = speed >= 6 ? 4 : speed >= 5 ? 3 : speed >= 3 ? 2 : speed >= 2 ? 1 : 0;
  } else {
    j = dT >= 0 ? 6 : 5;
    i = speed >= 2.5 ? 2 : speed >= 2 ? 1 : 0;
  }
  return LSRDT[i]![j]!;
}

const MS_PER_DAY = 86_400_000;
const J2000_MS = Date.UTC(2000, 0, 1, 12, 0, 0);

/**
 * solarposition (Nels Larson, PNNL, v3.0 1992, as used by wbgt.c): the Astronomical Almanac (1990)
 * low-precision sun, with the refraction correction added to the altitude as Liljegren does to match
 * Michalsky's sunae. Returns the refracted elevation (degrees) and earth–sun distance (AU).
 */
export function referenceSolarPosition(
  date: Date,
  latitudeDeg: number,
  longitudeDeg: number,
): { elevationDeg: number; distanceAu: number } {
  const daysJ2000 = (date.getTime() - J2000_MS) / MS_PER_DAY;
  const utHours = ((((date.getTime() % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY) / MS_PER_DAY) * 24;
  const centJ2000 = (daysJ2000 - utHours / 24) / 36525; // Julian centuries at 0h UT of the date

  const meanAnomaly = (357.528 + 0.9856003 * daysJ2000) * DEG_RAD;
  const meanLongitude = (280.46 + 0.9856474 * daysJ2000) * DEG_RAD;
  const meanObliquity = (23.439 - 4.0e-7 * daysJ2000) * DEG_RAD;
  const eclipticLong =
    (1.915 * Math.sin(meanAnomaly) + 0.02 * Math.sin(2 * meanAnomaly)) * DEG_RAD + meanLongitude;
  const distanceAu = 1.00014 - 0.01671 * Math.cos(meanAnomaly) - 0.00014 * Math.cos(2 * meanAnomaly);

  let ra = Math.atan2(Math.cos(meanObliquity) * Math.sin(eclipticLong), Math.cos(eclipticLong));
  if (ra < 0) ra += 2 * Math.PI;
  const raHours = (ra / (2 * Math.PI)) * 24;
  const dec = Math.asin(Math.sin(meanObliquity) * Math.sin(eclipticLong));

  let gmst0h = 24110.54841 + centJ2000 * (8640184.812866 + centJ2000 * (0.093104 - centJ2000 * 6.2e-6));
  gmst0h = positiveMod(gmst0h / 3600, 24);
  const lmst = positiveMod(gmst0h + utHours * 1.00273790934 + longitudeDeg / 15, 24);
  let localHa = lmst - raHours;
  if (localHa < -12) localHa += 24;
  else if (localHa > 12) localHa -= 24;

  const lat = latitudeDeg * DEG_RAD;
  const haRad = (localHa / 24) * 2 * Math.PI;
  const altitude = Math.asin(Math.sin(dec) * Math.sin(lat) + Math.cos(dec) * Math.cos(haRad) * Math.cos(lat));
  const altitudeDeg = altitude / DEG_RAD;

  // Refraction for standard sea-level pressure (1013.25 mb) and temperature (15 °C), A. A. 1990 B61–B62.
  const pressure = 1013.25;
  const temp = 15;
  let refraction = 0;
  if (altitudeDeg >= -1 && Math.abs(altitude) < 1.57079615) {
    if (altitudeDeg < 19.225) {
      refraction =
        ((0.1594 + altitudeDeg * (0.0196 + 0.00002 * altitudeDeg)) * pressure) /
        ((1 + altitudeDeg * (0.505 + 0.0845 * altitudeDeg)) * (273 + temp));
    } else {
      refraction = (0.00452 * (pressure / (273 + temp))) / Math.tan(altitude);
    }
  }
  return { elevationDeg: altitudeDeg + refraction, distanceAu };
}

function positiveMod(x: number, m: number): number {
  const r = x % m;
  return r < 0 ? r + m : r;
}
