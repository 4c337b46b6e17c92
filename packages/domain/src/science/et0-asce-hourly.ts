// ASCE-EWRI (2005) standardized reference evapotranspiration, hourly step, short (ETos, grass) and tall
// (ETrs, alfalfa) reference.
// Source: ASCE-EWRI (2005). The ASCE Standardized Reference Evapotranspiration Equation. Report of the
// Task Committee on Standardization of Reference Evapotranspiration, Allen, R. G. et al. (eds.), ASCE,
// Reston VA. Equation numbers below are the report's. Formulas shared with FAO-56 come from et0-fao-daily.ts.
import { atmosphericPressureKpa, saturationVapourPressureKpa, windSpeedAt2mMs } from './et0-fao-daily.ts';

export interface Et0AsceHourlyInput {
  /** Mean air temperature over the hour, °C. */
  tempC: number;
  /** Mean actual vapour pressure over the hour, kPa. */
  eaKpa: number;
  windSpeedMs: number;
  /** Height of the wind measurement, m (default 2). */
  windHeightM?: number;
  /** Measured solar radiation over the hour, MJ/m²/h. */
  solarMjM2Hour: number;
  elevationM: number;
  latitudeDeg: number;
  /** Degrees east (negative in the Americas). */
  longitudeDeg: number;
  /** End of the hour, UTC. */
  date: Date;
  /**
   * Cloudiness function of the last hour with the sun more than 0.3 rad above the horizon throughout; used only
   * when the sun stays below the horizon all this hour (Rso = 0), where Rs/Rso says nothing (eq. 45 note).
   * Default 0.8 when the caller has none (a partly cloudy sky; a documented assumption, not from the standard).
   */
  fcdPrevious?: number;
}

export interface Et0AsceHourlyResult {
  /** Standardized short (grass) reference ET, ETos, mm/h (eq. 1, Cn 37, Cd 0.24 day / 0.96 night). */
  et0MmHour: number;
  /** Standardized tall (alfalfa) reference ET, ETrs, mm/h (eq. 1, Cn 66, Cd 0.25 day / 1.7 night). */
  etrMmHour: number;
  /** Extraterrestrial radiation Ra, MJ/m²/h (eq. 48). */
  raMjM2Hour: number;
  /** Clear-sky radiation Rso, MJ/m²/h (eq. 47). */
  rsoMjM2Hour: number;
  /** Net radiation Rn, MJ/m²/h (eq. 42). */
  rnMjM2Hour: number;
  /** Net long-wave radiation Rnl, MJ/m²/h (eq. 44). */
  rnlMjM2Hour: number;
  /** Soil heat flux G under the short reference, MJ/m²/h (eqs. 65–66: 0.1 Rn by day, 0.5 Rn at night). */
  gMjM2Hour: number;
  /** Soil heat flux G under the tall reference, MJ/m²/h (eqs. 65–66: 0.04 Rn by day, 0.2 Rn at night). */
  gTallMjM2Hour: number;
  deltaKpaC: number;
  gammaKpaC: number;
  esKpa: number;
  u2Ms: number;
  /** Cloudiness function fcd used (eq. 45). */
  fcd: number;
  /** Whether fcd was computed from this hour's Rs/Rso (Rso > 0) rather than carried in (fcdPrevious). */
  fcdFromThisHour: boolean;
  /**
   * Whether this hour's fcd is the one to carry into the coming night as fcdPrevious: the sun stayed more than
   * 0.3 rad above the horizon for the whole hour, so Rs/Rso is a reliable measure of cloud (eq. 45 note).
   */
  fcdCarriesForward: boolean;
  /** Sun angle above the horizon at the middle of the hour, radians (eq. 62). */
  sunAngleRad: number;
  /** Daytime per the standard: Rn > 0 (Table 1 note). */
  isDaytime: boolean;
}

/** Solar constant, MJ/(m² h), ASCE-EWRI eq. 48. */
const GSC_HOUR = 4.92;
/** Stefan–Boltzmann constant, MJ/(K⁴ m² h), ASCE-EWRI eq. 44. */
const SIGMA_HOUR = 2.042e-10;
/** Table 1 constants for hourly steps: Cn, Cd by day and night, and G/Rn by day and night (eqs. 65–66). */
const SHORT = { cn: 37, cdDay: 0.24, cdNight: 0.96, gDay: 0.1, gNight: 0.5 } as const;
const TALL = { cn: 66, cdDay: 0.25, cdNight: 1.7, gDay: 0.04, gNight: 0.2 } as const;
/** Sun angle (rad) above which Rs/Rso is reliable enough to carry fcd into the night (eq. 45 note). */
const BETA_MIN = 0.3;
/** fcd assumed when no earlier daytime value is available (documented assumption). */
export const DEFAULT_FCD = 0.8;

const MS_PER_HOUR = 3_600_000;

/**
 * ASCE-EWRI (2005) standardized hourly reference ET in mm/h, short and tall, with its intermediate terms; null on
 * bad input. One hour alone cannot know the cloudiness of the last high-sun hour: for a day or more of hours use
 * et0AsceHourlySeries, which carries fcd as the standard requires.
 */
export function et0AsceHourly(input: Et0AsceHourlyInput): Et0AsceHourlyResult | null {
  const { tempC, eaKpa, elevationM, latitudeDeg, longitudeDeg } = input;
  if (
    !Number.isFinite(tempC) ||
    !(eaKpa >= 0) ||
    !(input.windSpeedMs >= 0) ||
    !(input.solarMjM2Hour >= 0) ||
    !(Math.abs(latitudeDeg) <= 90) ||
    !Number.isFinite(longitudeDeg) ||
    !Number.isFinite(input.date.getTime())
  ) {
    return null;
  }
  const pressure = atmosphericPressureKpa(elevationM); // eq. 34
  const gamma = 0.000665 * pressure; // eq. 35
  const es = saturationVapourPressureKpa(tempC); // eq. 37
  const delta = (2503 * Math.exp((17.27 * tempC) / (tempC + 237.3))) / (tempC + 237.3) ** 2; // eq. 36
  const u2 = windSpeedAt2mMs(input.windSpeedMs, input.windHeightM ?? 2); // eq. 33

  // Sun geometry at the middle of the hour, in UTC: the report's t + 0.06667 (Lz − Lm) with Lz = 0 and
  // Lm = −longitude (degrees west) becomes t_UTC + longitude/15.
  const mid = new Date(input.date.getTime() - MS_PER_HOUR / 2);
  const yearStart = Date.UTC(mid.getUTCFullYear(), 0, 1);
  const dayOfYear = Math.floor((mid.getTime() - yearStart) / 86_400_000) + 1;
  const utcHours = mid.getUTCHours() + mid.getUTCMinutes() / 60 + mid.getUTCSeconds() / 3600;
  const phi = (latitudeDeg * Math.PI) / 180;
  const dr = 1 + 0.033 * Math.cos((2 * Math.PI * dayOfYear) / 365); // eq. 50
  const solarDeclination = 0.409 * Math.sin((2 * Math.PI * dayOfYear) / 365 - 1.39); // eq. 51
  const b = (2 * Math.PI * (dayOfYear - 81)) / 364; // eq. 58
  const seasonalCorrection = 0.1645 * Math.sin(2 * b) - 0.1255 * Math.cos(b) - 0.025 * Math.sin(b); // eq. 57
  const omega = wrapPi((Math.PI / 12) * (utcHours + longitudeDeg / 15 + seasonalCorrection - 12)); // eq. 55
  const omegaSunset = Math.acos(Math.max(-1, Math.min(1, -Math.tan(phi) * Math.tan(solarDeclination)))); // eq. 59
  // eqs. 53–54, limited to sunrise/sunset by eq. 56.
  let omega1 = clamp(omega - Math.PI / 24, -omegaSunset, omegaSunset);
  const omega2 = clamp(omega + Math.PI / 24, -omegaSunset, omegaSunset);
  if (omega1 > omega2) omega1 = omega2;
  const ra =
    (12 / Math.PI) *
    GSC_HOUR *
    dr *
    ((omega2 - omega1) * Math.sin(phi) * Math.sin(solarDeclination) +
      Math.cos(phi) * Math.cos(solarDeclination) * (Math.sin(omega2) - Math.sin(omega1))); // eq. 48
  const rso = (0.75 + 2e-5 * elevationM) * ra; // eq. 47
  const sinSunAngle = (hourAngle: number) =>
    Math.sin(phi) * Math.sin(solarDeclination) +
    Math.cos(phi) * Math.cos(solarDeclination) * Math.cos(hourAngle); // eq. 62
  const sunAngle = Math.asin(clamp(sinSunAngle(omega), -1, 1));

  const rs = input.solarMjM2Hour;
  // eq. 45: fcd = 1.35 Rs/Rso − 0.35 with 0.3 ≤ Rs/Rso ≤ 1.0, from the hour's own Rs/Rso whenever the sun is
  // up for part of it (Rso > 0), low sun included: the standard's worked example (Appendix C, Greeley, 1 July
  // 2000) does so for its 19:00 and 20:00 rows (Rs/Rso 0.51 and 1.0, sun at 0.17 and −0.01 rad mid-hour).
  // With the sun below the horizon all hour, fcd comes from the last hour with the sun above 0.3 rad
  // throughout (eq. 45 note). "Throughout" matters: in that example the night takes the 16:00–17:00 value
  // (0.79), not that of 17:00–18:00, whose midpoint sun is 0.36 rad but which ends at 0.27 rad.
  const fcdFromThisHour = rso > 0;
  const fcd = fcdFromThisHour
    ? 1.35 * clamp(rs / rso, 0.3, 1) - 0.35
    : clamp(input.fcdPrevious ?? DEFAULT_FCD, 0.05, 1);
  // The sun is highest at solar noon and lower the further from it, so its lowest point in the hour is at
  // one of the hour's ends (eqs. 53–54, not limited by eq. 56: that limit is for Ra only).
  const lowestSin = Math.min(sinSunAngle(omega - Math.PI / 24), sinSunAngle(omega + Math.PI / 24));
  const fcdCarriesForward = fcdFromThisHour && lowestSin > Math.sin(BETA_MIN);
  const rnl = SIGMA_HOUR * fcd * (0.34 - 0.14 * Math.sqrt(eaKpa)) * (tempC + 273.16) ** 4; // eq. 44
  const rn = 0.77 * rs - rnl; // eqs. 42–43, albedo 0.23
  const isDaytime = rn > 0;
  const etsz = (c: typeof SHORT | typeof TALL) => {
    const g = (isDaytime ? c.gDay : c.gNight) * rn; // eqs. 65–66
    const cd = isDaytime ? c.cdDay : c.cdNight;
    const et =
      (0.408 * delta * (rn - g) + ((gamma * c.cn) / (tempC + 273)) * u2 * (es - eaKpa)) /
      (delta + gamma * (1 + cd * u2)); // eq. 1
    return { et, g };
  };
  const short = etsz(SHORT);
  const tall = etsz(TALL);
  return {
    et0MmHour: short.et,
    etrMmHour: tall.et,
    raMjM2Hour: ra,
    rsoMjM2Hour: rso,
    rnMjM2Hour: rn,
    rnlMjM2Hour: rnl,
    gMjM2Hour: short.g,
    gTallMjM2Hour: tall.g,
    deltaKpaC: delta,
    gammaKpaC: gamma,
    esKpa: es,
    u2Ms: u2,
    fcd,
    fcdFromThisHour,
    fcdCarriesForward,
    sunAngleRad: sunAngle,
    isDaytime,
  };
}

export interface Et0AsceHourlySeriesOptions {
  /**
   * fcd of the last high-sun hour before the series starts (e.g. the previous day's evening). Without it, the
   * night hours before the series' first high-sun hour take that hour's fcd (the nearest reliable value), and a
   * series with no high-sun hour at all takes DEFAULT_FCD.
   */
  fcdInitial?: number;
}

/**
 * Hourly reference ET (mm/h) for consecutive hours, in time order, applying the standard's rule for the night
 * (eq. 45 note): an hour with the sun below the horizon throughout takes the fcd of the last hour with the sun
 * above 0.3 rad throughout, carried forward. Each hour's own fcdPrevious is ignored. An entry is null where
 * et0AsceHourly rejects that hour's input; such hours do not break the carry.
 */
export function et0AsceHourlySeries(
  hours: readonly Et0AsceHourlyInput[],
  options: Et0AsceHourlySeriesOptions = {},
): (Et0AsceHourlyResult | null)[] {
  let carried = options.fcdInitial;
  if (carried === undefined) {
    // The nearest reliable value for the leading low-sun hours: the series' first high-sun hour.
    for (const hour of hours) {
      const probe = et0AsceHourly({ ...hour, fcdPrevious: undefined });
      if (probe?.fcdCarriesForward) {
        carried = probe.fcd;
        break;
      }
    }
  }
  return hours.map((hour) => {
    const result = et0AsceHourly({ ...hour, fcdPrevious: carried });
    if (result?.fcdCarriesForward) carried = result.fcd;
    return result;
  });
}

function clamp(x: number, lo: number, hi: number): number {
  return x < lo ? lo : x > hi ? hi : x;
}

/** Wrap an angle into [−π, π). */
function wrapPi(x: number): number {
  const twoPi = 2 * Math.PI;
  return ((((x + Math.PI) % twoPi) + twoPi) % twoPi) - Math.PI;
}
