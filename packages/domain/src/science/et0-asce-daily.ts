// ASCE-EWRI (2005) standardized reference evapotranspiration, daily step, short (ETos, grass) and tall
// (ETrs, alfalfa) reference. Source: ASCE-EWRI (2005). The ASCE Standardized Reference Evapotranspiration
// Equation. Report of the Task Committee on Standardization of Reference Evapotranspiration, Allen, R. G.
// et al. (eds.), ASCE, Reston VA. Equation numbers below are the report's (main text and Appendix D).
//
// Two conventions are offered (`method`):
// - 'asce'  — the equations as printed in the report (the default).
// - 'refet' — the conventions of the University of Idaho Ref-ET program (v4.1), whose published output is
//   the de facto reference for station networks (AgriMet, etc.). The differences, as documented by the open
//   source RefET package (github.com/WSWUP/RefET, refet/calcs.py, method='refet'):
//     · air pressure exponent g/(a·R) = 9.8 / (0.0065 × 286.9) ≈ 5.2553 instead of the rounded 5.26 (eq. 3);
//     · slope of the vapour pressure curve with 4098 × 0.6108 instead of the rounded 2503 (eq. 5);
//     · solar declination from Duffie & Beckman, 23.45° sin(2π (J + 284) / 365), instead of eq. 24;
//     · solar constant 1367 W/m² × 0.0036 = 4.9212 MJ/(m² h) instead of 4.92 (eq. 21);
//     · clear-sky radiation from the full Appendix D model instead of the simple eq. 19.
// Everything else (vapour pressure, σ = 4.901e-9, fcd limits, Cn/Cd, G = 0) is shared.
import { saturationVapourPressureKpa } from './et0-fao-daily.ts';

export type AsceEtMethod = 'asce' | 'refet';
/** 'full': Appendix D (eqs. D.1–D.5), from pressure, precipitable water, sun angle and turbidity; 'simple': eq. 19. */
export type ClearSkyModel = 'full' | 'simple';

export interface Et0AsceDailyInput {
  tminC: number;
  tmaxC: number;
  /** Mean daily actual vapour pressure, kPa (preferred; ASCE Table 3, order 1). */
  eaKpa?: number;
  /** Mean daily dew point, °C (eq. 8). */
  tdewC?: number;
  /** Daily maximum and minimum relative humidity, % (eq. 11). */
  rhMaxPct?: number;
  rhMinPct?: number;
  /** Measured solar radiation Rs, MJ/m²/day. */
  solarMjM2Day: number;
  windSpeedMs: number;
  /** Height of the wind measurement, m (default 2). */
  windHeightM?: number;
  elevationM: number;
  latitudeDeg: number;
  /** Day of the year J, 1–366. */
  dayOfYear: number;
  /** Default 'asce'. */
  method?: AsceEtMethod;
  /** Default 'simple' for method 'asce', 'full' for 'refet' (as Ref-ET and RefET do). */
  clearSky?: ClearSkyModel;
  /** Turbidity coefficient Kt of eq. D.2, 0 < Kt ≤ 1 (1 for clean air, 0.5 for extremely turbid air). Default 1. */
  turbidityKt?: number;
}

export interface Et0AsceDailyResult {
  /** Standardized short (grass) reference ET, ETos, mm/day (eq. 1, Cn 900, Cd 0.34). */
  et0MmDay: number;
  /** Standardized tall (alfalfa) reference ET, ETrs, mm/day (eq. 1, Cn 1600, Cd 0.38). */
  etrMmDay: number;
  tmeanC: number;
  /** Atmospheric pressure P, kPa (eq. 3). */
  pressureKpa: number;
  /** Psychrometric constant γ, kPa/°C (eq. 4). */
  gammaKpaC: number;
  /** Slope of the saturation vapour pressure curve Δ at Tmean, kPa/°C (eq. 5). */
  deltaKpaC: number;
  /** Saturation vapour pressure es, kPa (eq. 6). */
  esKpa: number;
  /** Actual vapour pressure ea, kPa. */
  eaKpa: number;
  /** Vapour pressure deficit es − ea, kPa, not below 0. */
  vpdKpa: number;
  /** Inverse relative Earth–Sun distance dr (eq. 23). */
  dr: number;
  /** Solar declination δ, rad (eq. 24, or Duffie & Beckman for 'refet'). */
  declinationRad: number;
  /** Sunset hour angle ωs, rad (eq. 27). */
  sunsetHourAngleRad: number;
  /** Extraterrestrial radiation Ra, MJ/m²/day (eq. 21). */
  raMjM2Day: number;
  /** Clear-sky radiation Rso, MJ/m²/day (eq. 19 or D.1). */
  rsoMjM2Day: number;
  clearSky: ClearSkyModel;
  /** Precipitable water W, mm (eq. D.3); reported for both models. */
  precipitableWaterMm: number;
  /** Cloudiness function fcd (eq. 18). */
  fcd: number;
  /** Net short-wave radiation Rns, MJ/m²/day (eq. 16). */
  rnsMjM2Day: number;
  /** Net long-wave radiation Rnl, MJ/m²/day (eq. 17). */
  rnlMjM2Day: number;
  /** Net radiation Rn, MJ/m²/day (eq. 15). */
  rnMjM2Day: number;
  /** Soil heat flux G, MJ/m²/day: 0 for daily steps (eq. 30). */
  gMjM2Day: number;
  /** Wind speed at 2 m, m/s (eq. 33). */
  u2Ms: number;
}

/** Solar constant, MJ/(m² h): ASCE eq. 21 (4.92) and Ref-ET (1367 W/m² × 0.0036). */
const GSC_ASCE = 4.92;
const GSC_REFET = 1367 * 0.0036;
/** Stefan–Boltzmann constant, MJ/(K⁴ m² day), eq. 17. */
const SIGMA_DAY = 4.901e-9;
/** Albedo of the reference surfaces, eq. 16. */
const ALBEDO = 0.23;
/** Numerator and denominator constants of eq. 1, daily (Table 1). */
const SHORT = { cn: 900, cd: 0.34 } as const;
const TALL = { cn: 1600, cd: 0.38 } as const;
/** Lower limit on sin(φ24) in eq. D.2, keeping Kb finite at polar latitudes (as RefET does). */
const MIN_SIN_SUN_ANGLE_24 = 0.1;

/** ASCE-EWRI (2005) standardized daily reference ET, short and tall, with its intermediate terms; null on bad input. */
export function et0AsceDaily(input: Et0AsceDailyInput): Et0AsceDailyResult | null {
  const { tminC, tmaxC, elevationM, latitudeDeg, dayOfYear } = input;
  const method = input.method ?? 'asce';
  const kt = input.turbidityKt ?? 1;
  if (
    !Number.isFinite(tminC) ||
    !Number.isFinite(tmaxC) ||
    tminC > tmaxC ||
    !(input.solarMjM2Day >= 0) ||
    !(input.windSpeedMs >= 0) ||
    !(Math.abs(latitudeDeg) <= 90) ||
    !Number.isFinite(elevationM) ||
    !(Number.isInteger(dayOfYear) && dayOfYear >= 1 && dayOfYear <= 366) ||
    !(kt > 0 && kt <= 1) ||
    (method !== 'asce' && method !== 'refet')
  ) {
    return null;
  }
  const windHeight = input.windHeightM ?? 2;
  if (!(windHeight > 0.1)) return null; // eq. 33 needs 67.8 z − 5.42 > 1

  const tmean = (tmaxC + tminC) / 2; // eq. 2
  const pressure = airPressureKpa(elevationM, method); // eq. 3
  const gamma = 0.000665 * pressure; // eq. 4
  const delta = vapourPressureSlopeKpaC(tmean, method); // eq. 5
  const es = (saturationVapourPressureKpa(tmaxC) + saturationVapourPressureKpa(tminC)) / 2; // eq. 6
  const ea = actualVapourPressureKpa(input);
  if (ea === null) return null;
  const vpd = Math.max(es - ea, 0);

  // Extraterrestrial radiation (eqs. 21–27).
  const phi = (latitudeDeg * Math.PI) / 180;
  const yearAngle = (2 * Math.PI * dayOfYear) / 365;
  const dr = 1 + 0.033 * Math.cos(yearAngle); // eq. 23
  const declination =
    method === 'asce'
      ? 0.409 * Math.sin(yearAngle - 1.39) // eq. 24
      : ((23.45 * Math.PI) / 180) * Math.sin((2 * Math.PI * (dayOfYear + 284)) / 365); // Duffie & Beckman
  const ws = Math.acos(clamp(-Math.tan(phi) * Math.tan(declination), -1, 1)); // eq. 27, clamped for polar day/night
  const gsc = method === 'asce' ? GSC_ASCE : GSC_REFET;
  const ra =
    (24 / Math.PI) *
    gsc *
    dr *
    (ws * Math.sin(phi) * Math.sin(declination) + Math.cos(phi) * Math.cos(declination) * Math.sin(ws));

  // Clear-sky radiation: eq. 19, or Appendix D.
  const clearSky = input.clearSky ?? (method === 'asce' ? 'simple' : 'full');
  const w = 0.14 * ea * pressure + 2.1; // eq. D.3
  let rso: number;
  if (clearSky === 'simple') {
    rso = (0.75 + 2e-5 * elevationM) * ra; // eq. 19
  } else {
    const sinPhi24 = Math.max(
      Math.sin(0.85 + 0.3 * phi * Math.sin(yearAngle - 1.39) - 0.42 * phi * phi), // eq. D.5
      MIN_SIN_SUN_ANGLE_24,
    );
    const kb = 0.98 * Math.exp((-0.00146 * pressure) / (kt * sinPhi24) - 0.075 * Math.pow(w / sinPhi24, 0.4)); // eq. D.2
    const kd = kb >= 0.15 ? 0.35 - 0.36 * kb : 0.18 + 0.82 * kb; // eq. D.4
    rso = (kb + kd) * ra; // eq. D.1
  }

  const rs = input.solarMjM2Day;
  // eq. 18, with 0.3 ≤ Rs/Rso ≤ 1.0; Rs/Rso is taken as 1 where the sun never rises (Rso = 0).
  const relativeShortwave = rso > 0 ? clamp(rs / rso, 0.3, 1) : 1;
  const fcd = 1.35 * relativeShortwave - 0.35;
  const rns = (1 - ALBEDO) * rs; // eq. 16
  const rnl =
    SIGMA_DAY * fcd * (0.34 - 0.14 * Math.sqrt(ea)) * (((tmaxC + 273.16) ** 4 + (tminC + 273.16) ** 4) / 2); // eq. 17
  const rn = rns - rnl; // eq. 15
  const g = 0; // eq. 30
  const u2 = (input.windSpeedMs * 4.87) / Math.log(67.8 * windHeight - 5.42); // eq. 33

  const etsz = ({ cn, cd }: { cn: number; cd: number }) =>
    (0.408 * delta * (rn - g) + ((gamma * cn) / (tmean + 273)) * u2 * vpd) / (delta + gamma * (1 + cd * u2)); // eq. 1
  return {
    et0MmDay: etsz(SHORT),
    etrMmDay: etsz(TALL),
    tmeanC: tmean,
    pressureKpa: pressure,
    gammaKpaC: gamma,
    deltaKpaC: delta,
    esKpa: es,
    eaKpa: ea,
    vpdKpa: vpd,
    dr,
    declinationRad: declination,
    sunsetHourAngleRad: ws,
    raMjM2Day: ra,
    rsoMjM2Day: rso,
    clearSky,
    precipitableWaterMm: w,
    fcd,
    rnsMjM2Day: rns,
    rnlMjM2Day: rnl,
    rnMjM2Day: rn,
    gMjM2Day: g,
    u2Ms: u2,
  };
}

/** Mean air pressure (kPa) at an elevation (m): eq. 3 ('asce', exponent 5.26) or Ref-ET's g/(a R) exponent. */
export function airPressureKpa(elevationM: number, method: AsceEtMethod = 'asce'): number {
  const exponent = method === 'asce' ? 5.26 : 9.8 / (0.0065 * 286.9);
  return 101.3 * Math.pow((293 - 0.0065 * elevationM) / 293, exponent);
}

/** Slope of the saturation vapour pressure curve (kPa/°C) at tempC: eq. 5 (2503) or Ref-ET (4098 × 0.6108). */
export function vapourPressureSlopeKpaC(tempC: number, method: AsceEtMethod = 'asce'): number {
  const coefficient = method === 'asce' ? 2503 : 4098 * 0.6108;
  return (coefficient * Math.exp((17.27 * tempC) / (tempC + 237.3))) / (tempC + 237.3) ** 2;
}

/** ea by ASCE Table 3's order of preference: measured ea; dew point (eq. 8); RHmax and RHmin (eq. 11); else null. */
function actualVapourPressureKpa(input: Et0AsceDailyInput): number | null {
  if (input.eaKpa !== undefined) return input.eaKpa >= 0 ? input.eaKpa : null;
  if (input.tdewC !== undefined)
    return Number.isFinite(input.tdewC) ? saturationVapourPressureKpa(input.tdewC) : null;
  const { rhMaxPct, rhMinPct } = input;
  if (rhMaxPct === undefined || rhMinPct === undefined) return null;
  if (!(rhMaxPct >= 0 && rhMaxPct <= 100 && rhMinPct >= 0 && rhMinPct <= rhMaxPct)) return null;
  return (
    (saturationVapourPressureKpa(input.tminC) * rhMaxPct +
      saturationVapourPressureKpa(input.tmaxC) * rhMinPct) /
    200
  );
}

function clamp(x: number, lo: number, hi: number): number {
  return x < lo ? lo : x > hi ? hi : x;
}
