// METAR text through metar-taf-parser (a maintained port of python-metar-taf-parser), reduced to
// the fields AllClear uses.
import { parseMetar as parseMetarText } from 'metar-taf-parser';
import type { ParsedMetar } from '../types.ts';

/**
 * Parses raw METAR text into { station, day, hour, minute, windDirectionDeg (null when variable),
 * windSpeed, windGust, windUnit, visibility, temperatureC, dewPointC, altimeter }; units as reported
 * (wind in KT or MPS, visibility in SM or m, altimeter in inHg or hPa). Throws on text that is not a METAR.
 */
export function parseMetar(raw: string): ParsedMetar {
  const m = parseMetarText(raw.trim());
  return {
    station: m.station,
    day: m.day ?? null,
    hour: m.hour ?? null,
    minute: m.minute ?? null,
    windDirectionDeg: m.wind?.degrees ?? null,
    windSpeed: m.wind?.speed ?? null,
    windGust: m.wind?.gust ?? null,
    windUnit: m.wind?.unit ?? null,
    visibility: m.visibility ? { value: m.visibility.value, unit: m.visibility.unit } : null,
    temperatureC: m.temperature ?? null,
    dewPointC: m.dewPoint ?? null,
    altimeter: m.altimeter ? { value: m.altimeter.value, unit: m.altimeter.unit } : null,
  };
}
