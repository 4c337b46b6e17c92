// Derived values of an observation (feels-like, WBGT, dew point) from its raw measures, with the domain's
// formulas: feels-like by spec 03 §9 (heat index / wind chill rules), WBGT by Liljegren when solar and
// wind exist, else the BoM estimate flagged as such.
import {
  cToF,
  dewPointC,
  fToC,
  heatIndexF,
  msToMph,
  selectFeelsLikeF,
  wbgtEstimate,
  wbgtLiljegren,
  windChillF,
} from '@allclear/domain';

/** Raw measures of one observation, SI units; null where the source does not give them. */
export interface RawMeasures {
  temperatureC: number;
  relativeHumidityPct: number;
  windSpeedMs: number;
  windGustMs: number | null;
  windDirectionDeg: number | null;
  pressureHpa: number | null;
  solarWm2: number | null;
  dewPointC: number | null;
}

/** The derived values, °C. */
export interface DerivedMeasures {
  dewPointC: number | null;
  feelsLikeC: number;
  wbgtC: number | null;
  wbgtIsEstimate: boolean;
}

/** Standard sea-level pressure, hPa, when a source gives none (Liljegren needs one). */
const STANDARD_PRESSURE_HPA = 1013.25;

/** Feels-like, WBGT and dew point (°C) of raw SI measures at a place and time (spec 03 §9; Liljegren 2008; BoM). */
export function deriveMeasures(
  raw: RawMeasures,
  at: Date,
  latitude: number,
  longitude: number,
): DerivedMeasures {
  const tempF = cToF(raw.temperatureC);
  const windMph = msToMph(raw.windSpeedMs);
  const feelsLikeF = selectFeelsLikeF({
    temperatureF: tempF,
    windMph,
    heatIndexF: () => heatIndexF(tempF, raw.relativeHumidityPct) ?? tempF,
    windChillF: () => windChillF(tempF, windMph) ?? tempF,
  });
  const dew = raw.dewPointC ?? dewPointC(raw.temperatureC, raw.relativeHumidityPct);
  let wbgtC: number | null = null;
  let wbgtIsEstimate = false;
  if (raw.solarWm2 !== null && Number.isFinite(raw.windSpeedMs)) {
    const result = wbgtLiljegren({
      tempC: raw.temperatureC,
      relativeHumidityPct: raw.relativeHumidityPct,
      pressureHpa: raw.pressureHpa ?? STANDARD_PRESSURE_HPA,
      windSpeedMs: raw.windSpeedMs,
      solarWm2: raw.solarWm2,
      date: at,
      latitudeDeg: latitude,
      longitudeDeg: longitude,
    });
    wbgtC = result?.wbgtC ?? null;
  }
  if (wbgtC === null) {
    wbgtC = wbgtEstimate(raw.temperatureC, raw.relativeHumidityPct);
    wbgtIsEstimate = wbgtC !== null;
  }
  return { dewPointC: dew, feelsLikeC: fToC(feelsLikeF), wbgtC, wbgtIsEstimate };
}
