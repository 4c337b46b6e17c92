// Presents stored conditions (SI) in the spec's shapes and units: °F, mph, inches, inHg (spec 01 §3
// 'Observation for a location', 'Observation history point').
import type { UrlSigner } from '../../../platform/url-signer.ts';
import type { TMeasure, TObservationData, TObservationSource, TStation } from '@allclear/contracts';
import { cToF, compass16, hpaToInHg, mmToIn, msToMph } from '@allclear/domain';
import { weatherCodeText } from '@allclear/weather';

/** Conditions as stored (a location_conditions or station_observations row). */
export interface StoredConditions {
  observedAt: Date;
  temperatureC: number | null;
  relativeHumidityPct: number | null;
  dewPointC: number | null;
  windSpeedMs: number | null;
  windGustMs: number | null;
  windDirectionDeg: number | null;
  pressureHpa: number | null;
  solarWm2: number | null;
  rainMm: number | null;
  weatherCode: string | null;
  feelsLikeC: number | null;
  wbgtC: number | null;
  wbgtIsEstimate: boolean;
}

const roundTo = (v: number, decimals: number) => {
  const s = 10 ** decimals;
  return Math.round(v * s) / s;
};

/** A measure in a unit: the converted value rounded to `decimals`, or null. */
export function measure(
  value: number | null | undefined,
  unit: string,
  convert: (v: number) => number = (v) => v,
  decimals = 1,
): TMeasure {
  return {
    value:
      value === null || value === undefined || !Number.isFinite(value)
        ? null
        : roundTo(convert(value), decimals),
    unit,
  };
}

/** Weather code of spec 01 §9 and its text. */
export function weatherCode(code: string | null) {
  return { value: code, text: code ? weatherCodeText(code) : null };
}

/** Compass text of 16 points for a direction in degrees, or null. */
export const compassOf = (deg: number | null | undefined) =>
  deg === null || deg === undefined || !Number.isFinite(deg) ? null : compass16(deg);

/** Stored conditions as the spec's observation data (°F, mph, in, inHg). */
export function presentObservationData(c: StoredConditions, source: TObservationSource): TObservationData {
  return {
    ambientTemperature: measure(c.temperatureC, '°F', cToF),
    feelLike: measure(c.feelsLikeC, '°F', cToF),
    precipitation: measure(c.rainMm, 'in', mmToIn, 2),
    wgbt: measure(c.wbgtC, '°F', cToF),
    windSpeed: measure(c.windSpeedMs, 'mph', msToMph),
    windGust: measure(c.windGustMs, 'mph', msToMph),
    windDirection: compassOf(c.windDirectionDeg),
    weather_code: weatherCode(c.weatherCode),
    observationTime: c.observedAt.toISOString(),
    relativeHumidity: measure(c.relativeHumidityPct, '%', (v) => v, 0),
    dewPoint: measure(c.dewPointC, '°F', cToF),
    pressure: measure(c.pressureHpa, 'inHg', hpaToInHg, 2),
    solarRadiation: measure(c.solarWm2, 'W/m²', (v) => v, 0),
    wbgtIsEstimate: c.wbgtIsEstimate,
    source,
  };
}

/** Station type codes: a type above 0 has a conditions timeline (spec 02 §2.2). */
const STATION_TYPE_CODES: Record<string, number> = { WXS: 1, OWX: 2 };

/** The path of a station's sky image on this API (served to holders of a signed URL). */
export const stationImagePath = (stationId: number) => `/api/Hardware/WeatherStation/Image/${stationId}`;

/** A weather station row as the spec's Station; `imageUrl` is the signed image URL (an <img> sends no bearer). */
export function presentStation(
  s: { id: number; name: string; type: string },
  signer: UrlSigner,
  nowMs: number,
): TStation {
  return {
    id: s.id,
    name: s.name,
    type: STATION_TYPE_CODES[s.type] ?? 1,
    imageUrl: signer.sign(stationImagePath(s.id), nowMs),
  };
}
