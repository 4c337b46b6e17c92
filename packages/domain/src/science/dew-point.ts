// Dew point and relative humidity with the Magnus formula.
// Coefficients from Alduchov & Eskridge (1996), "Improved Magnus form approximation of saturation
// vapor pressure", J. Appl. Meteor. 35, 601–609 (their AERK set, valid −40 °C to 50 °C):
//   es(T) = 6.1094 · exp(17.625 T / (T + 243.04))  [hPa, T in °C]

/** Magnus coefficient a (dimensionless), Alduchov & Eskridge 1996. */
export const MAGNUS_A = 17.625;
/** Magnus coefficient b (°C), Alduchov & Eskridge 1996. */
export const MAGNUS_B_C = 243.04;

/** Dew point in °C from air temperature (°C) and relative humidity (%), Magnus form (Alduchov & Eskridge 1996); null for RH ≤ 0. */
export function dewPointC(tempC: number, relativeHumidityPct: number): number | null {
  if (!(relativeHumidityPct > 0) || !Number.isFinite(tempC)) return null;
  const gamma = Math.log(relativeHumidityPct / 100) + (MAGNUS_A * tempC) / (MAGNUS_B_C + tempC);
  return (MAGNUS_B_C * gamma) / (MAGNUS_A - gamma);
}

/** Relative humidity in % from air temperature and dew point (both °C), Magnus form (Alduchov & Eskridge 1996). */
export function relativeHumidityPct(tempC: number, dewPointCelsius: number): number {
  return (
    100 *
    Math.exp(
      (MAGNUS_A * dewPointCelsius) / (MAGNUS_B_C + dewPointCelsius) -
        (MAGNUS_A * tempC) / (MAGNUS_B_C + tempC),
    )
  );
}
