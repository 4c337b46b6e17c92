// Unit conversions used across AllClear. Factors are exact definitions unless noted.

/** Metres per second to miles per hour factor, from spec 01 §9 ("multiply by 2.236936"). */
export const MS_TO_MPH = 2.236936;
/** Kilometres per mile (international mile, exact). */
const KM_PER_MILE = 1.609344;
/** Hectopascals per inch of mercury (1 inHg = 3386.389 Pa, NIST SP 811). */
const HPA_PER_INHG = 33.86389;
/** Millimetres per inch (exact). */
const MM_PER_INCH = 25.4;

/** °C → °F (exact definition: F = C × 9/5 + 32). */
export function cToF(celsius: number): number {
  return (celsius * 9) / 5 + 32;
}

/** °F → °C (exact definition: C = (F − 32) × 5/9). */
export function fToC(fahrenheit: number): number {
  return ((fahrenheit - 32) * 5) / 9;
}

/** m/s → mph, factor 2.236936 from spec 01 §9. */
export function msToMph(metresPerSecond: number): number {
  return metresPerSecond * MS_TO_MPH;
}

/** mph → m/s, inverse of the spec 01 §9 factor 2.236936. */
export function mphToMs(milesPerHour: number): number {
  return milesPerHour / MS_TO_MPH;
}

/** km/h → mph (1 mile = 1.609344 km, exact). */
export function kmhToMph(kilometresPerHour: number): number {
  return kilometresPerHour / KM_PER_MILE;
}

/** hPa → inHg (1 inHg = 33.86389 hPa, NIST SP 811). */
export function hpaToInHg(hectopascals: number): number {
  return hectopascals / HPA_PER_INHG;
}

/** mm → in (1 in = 25.4 mm, exact). */
export function mmToIn(millimetres: number): number {
  return millimetres / MM_PER_INCH;
}
