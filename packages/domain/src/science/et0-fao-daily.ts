// FAO-56 Penman–Monteith grass reference evapotranspiration, daily step.
// Source: Allen, R. G., Pereira, L. S., Raes, D., Smith, M. (1998). Crop evapotranspiration – Guidelines
// for computing crop water requirements. FAO Irrigation and Drainage Paper 56, chapter 3 (equation
// numbers below are FAO-56's).

export interface Et0FaoDailyInput {
  tminC: number;
  tmaxC: number;
  /** Daily maximum relative humidity, % (with rhMinPct: eq. 17; alone: eq. 18). */
  rhMaxPct?: number;
  /** Daily minimum relative humidity, %. */
  rhMinPct?: number;
  /** Mean dew point, °C (eq. 14). */
  tdewC?: number;
  /** Actual vapour pressure, kPa, when measured directly. */
  eaKpa?: number;
  windSpeedMs: number;
  /** Height of the wind measurement, m (default 2). */
  windHeightM?: number;
  /** Measured solar radiation, MJ/m²/day. */
  solarMjM2Day?: number;
  /** Actual sunshine duration n, hours (Angström eq. 35 with a = 0.25, b = 0.50). */
  sunshineHours?: number;
  elevationM: number;
  latitudeDeg: number;
  /** Day of the year J, 1–366. */
  dayOfYear: number;
  /** Soil heat flux G, MJ/m²/day (default 0, FAO-56 eq. 42 for day periods; eq. 43/44 for months). */
  soilHeatFluxMjM2Day?: number;
}

export interface Et0FaoDailyResult {
  et0MmDay: number;
  /** Slope of the saturation vapour pressure curve Δ, kPa/°C (eq. 13). */
  deltaKpaC: number;
  /** Psychrometric constant γ, kPa/°C (eq. 8). */
  gammaKpaC: number;
  /** Mean saturation vapour pressure es, kPa (eq. 12). */
  esKpa: number;
  /** Actual vapour pressure ea, kPa. */
  eaKpa: number;
  /** Extraterrestrial radiation Ra, MJ/m²/day (eq. 21). */
  raMjM2Day: number;
  /** Solar radiation Rs used, MJ/m²/day. */
  rsMjM2Day: number;
  /** Clear-sky solar radiation Rso, MJ/m²/day (eq. 37). */
  rsoMjM2Day: number;
  /** Net long-wave radiation Rnl, MJ/m²/day (eq. 39). */
  rnlMjM2Day: number;
  /** Net radiation Rn, MJ/m²/day (eq. 40). */
  rnMjM2Day: number;
  /** Wind speed at 2 m, m/s (eq. 47). */
  u2Ms: number;
  /** Daylight hours N (eq. 34). */
  daylightHours: number;
}

/** Stefan–Boltzmann constant in MJ/(K⁴ m² day), FAO-56 eq. 39. */
const SIGMA_DAY = 4.903e-9;
/** Solar constant Gsc, MJ/(m² min), FAO-56 eq. 21. */
const GSC = 0.082;
/** Albedo of the hypothetical grass reference crop, FAO-56 eq. 38. */
const ALBEDO = 0.23;
/** Hargreaves radiation adjustment coefficient for interior locations, FAO-56 eq. 50. */
const KRS_INTERIOR = 0.16;

/** Saturation vapour pressure e°(T), kPa, FAO-56 eq. 11. */
export function saturationVapourPressureKpa(tempC: number): number {
  return 0.6108 * Math.exp((17.27 * tempC) / (tempC + 237.3));
}

/** Wind speed at 2 m (m/s) from a speed measured at heightM, logarithmic profile of FAO-56 eq. 47. */
export function windSpeedAt2mMs(speedMs: number, heightM: number): number {
  return heightM === 2 ? speedMs : (speedMs * 4.87) / Math.log(67.8 * heightM - 5.42);
}

/** Mean atmospheric pressure (kPa) at an elevation (m), FAO-56 eq. 7. */
export function atmosphericPressureKpa(elevationM: number): number {
  return 101.3 * Math.pow((293 - 0.0065 * elevationM) / 293, 5.26);
}

/** FAO-56 Penman–Monteith daily grass reference ET0 in mm/day with its intermediate terms (Allen et al. 1998, eq. 6); null on inconsistent input. */
export function et0FaoDaily(input: Et0FaoDailyInput): Et0FaoDailyResult | null {
  const { tminC, tmaxC, elevationM, latitudeDeg, dayOfYear } = input;
  if (
    !Number.isFinite(tminC) ||
    !Number.isFinite(tmaxC) ||
    tminC > tmaxC ||
    !(input.windSpeedMs >= 0) ||
    !(Math.abs(latitudeDeg) <= 90) ||
    !(dayOfYear >= 1 && dayOfYear <= 366)
  ) {
    return null;
  }
  const tmean = (tmaxC + tminC) / 2; // eq. 9
  const pressure = atmosphericPressureKpa(elevationM);
  const gamma = 0.665e-3 * pressure; // eq. 8
  const delta = (4098 * saturationVapourPressureKpa(tmean)) / (tmean + 237.3) ** 2; // eq. 13
  const eTmax = saturationVapourPressureKpa(tmaxC);
  const eTmin = saturationVapourPressureKpa(tminC);
  const es = (eTmax + eTmin) / 2; // eq. 12
  const ea = actualVapourPressureKpa(input, eTmin, eTmax);
  if (ea === null) return null;

  // Extraterrestrial radiation and daylight hours (eqs. 21–25, 34).
  const phi = (latitudeDeg * Math.PI) / 180;
  const dr = 1 + 0.033 * Math.cos((2 * Math.PI * dayOfYear) / 365); // eq. 23
  const solarDeclination = 0.409 * Math.sin((2 * Math.PI * dayOfYear) / 365 - 1.39); // eq. 24
  // eq. 25; the clamp covers polar day (ωs = π) and polar night (ωs = 0), where the tangent product leaves [−1, 1].
  const ws = Math.acos(Math.max(-1, Math.min(1, -Math.tan(phi) * Math.tan(solarDeclination))));
  const ra =
    ((24 * 60) / Math.PI) *
    GSC *
    dr *
    (ws * Math.sin(phi) * Math.sin(solarDeclination) +
      Math.cos(phi) * Math.cos(solarDeclination) * Math.sin(ws));
  const daylightHours = (24 / Math.PI) * ws;

  // Solar radiation: measured; else Angström from sunshine hours (eq. 35); else Hargreaves (eq. 50).
  let rs: number;
  if (input.solarMjM2Day !== undefined) rs = input.solarMjM2Day;
  else if (input.sunshineHours !== undefined)
    rs = daylightHours > 0 ? (0.25 + (0.5 * input.sunshineHours) / daylightHours) * ra : 0;
  else rs = KRS_INTERIOR * Math.sqrt(tmaxC - tminC) * ra;

  const rso = (0.75 + 2e-5 * elevationM) * ra; // eq. 37
  const rns = (1 - ALBEDO) * rs; // eq. 38
  // eq. 39; Rs/Rso is limited to ≤ 1.0, and taken as 1 where the sun never rises (Rso = 0).
  const relativeShortwave = rso > 0 ? Math.min(rs / rso, 1) : 1;
  const rnl =
    SIGMA_DAY *
    (((tmaxC + 273.16) ** 4 + (tminC + 273.16) ** 4) / 2) *
    (0.34 - 0.14 * Math.sqrt(ea)) *
    (1.35 * relativeShortwave - 0.35);
  const rn = rns - rnl; // eq. 40
  const g = input.soilHeatFluxMjM2Day ?? 0;
  const u2 = windSpeedAt2mMs(input.windSpeedMs, input.windHeightM ?? 2);

  const et0 =
    (0.408 * delta * (rn - g) + ((gamma * 900) / (tmean + 273)) * u2 * (es - ea)) /
    (delta + gamma * (1 + 0.34 * u2)); // eq. 6
  return {
    et0MmDay: et0,
    deltaKpaC: delta,
    gammaKpaC: gamma,
    esKpa: es,
    eaKpa: ea,
    raMjM2Day: ra,
    rsMjM2Day: rs,
    rsoMjM2Day: rso,
    rnlMjM2Day: rnl,
    rnMjM2Day: rn,
    u2Ms: u2,
    daylightHours,
  };
}

/**
 * Actual vapour pressure by FAO-56's order of preference: measured ea; dew point (eq. 14);
 * RHmax and RHmin (eq. 17); RHmax alone (eq. 18); otherwise Tdew ≈ Tmin (FAO-56 ch. 3, "missing humidity data").
 */
function actualVapourPressureKpa(input: Et0FaoDailyInput, eTmin: number, eTmax: number): number | null {
  if (input.eaKpa !== undefined) return input.eaKpa >= 0 ? input.eaKpa : null;
  if (input.tdewC !== undefined) return saturationVapourPressureKpa(input.tdewC);
  const { rhMaxPct, rhMinPct } = input;
  if (rhMaxPct !== undefined && rhMinPct !== undefined) return (eTmin * rhMaxPct + eTmax * rhMinPct) / 200;
  if (rhMaxPct !== undefined) return (eTmin * rhMaxPct) / 100;
  return eTmin;
}
