// METAR / SPECI text (WMO FM 15 / FM 16, with the US and Canadian variants of FMH-1 and MANOBS) to
// ParsedMetar. Real-world reports vary: a group that is not understood is kept in `unparsed` and the
// parse goes on, so one odd group never costs the temperature or the wind. Never throws.
import type {
  MetarCloud,
  MetarConditions,
  MetarRunwayVisualRange,
  MetarTrend,
  MetarVisibility,
  MetarWeather,
  ParsedMetar,
} from '../types.ts';

const STATION = /^[A-Z][A-Z0-9]{3}$/;
const TIME = /^(\d{2})(\d{2})(\d{2})Z$/;
// `(E)`: an estimated wind (Central American reports). A group without a unit (`26026G40`) is taken as knots,
// the unit of nearly every report, as the parser this one replaced did.
const WIND = /^(\d{3}|VRB)(\d{2,3})(?:G(\d{2,3}))?(KT|MPS|KMH)?(?:\(E\))?$/;
const WIND_MISSING = /^\/{3}(?:\d{2,3}|\/\/)(?:G\d{2,3})?(?:KT|MPS|KMH)$/;
const WIND_VARIATION = /^(\d{3})V(\d{3})$/;
const VIS_METRES = /^(\d{4})(NDV)?$/;
// Case-blind, so a lower-case direction (`1100w`) still reads as a minimum visibility.
const VIS_DIRECTIONAL = /^(\d{4})(N|NE|E|SE|S|SW|W|NW)$/i;
const VIS_KM = /^(\d{1,2})KM$/;
const VIS_SM = /^([PM])?(\d{1,2})SM$/;
const VIS_SM_FRACTION = /^([PM])?(\d)\/(\d{1,2})SM$/;
const VIS_WHOLE = /^([PM])?(\d)$/;
const RVR = /^R(\d{2}[LCR]?)\/([PM])?(\d{4})(?:V([PM])?(\d{4}))?(FT)?\/?([UDN])?$/;
const RUNWAY_STATE = /^(?:R\d{2}[LCR]?\/(?:CLRD\/\/|CLRD\d{2}|[\d/]{6})|R\/SNOCLO|\d{8})$/;
const DESCRIPTORS = ['MI', 'PR', 'BC', 'DR', 'BL', 'SH', 'TS', 'FZ'];
const PHENOMENA = [
  'DZ',
  'RA',
  'SN',
  'SG',
  'IC',
  'PL',
  'GR',
  'GS',
  'UP',
  'BR',
  'FG',
  'FU',
  'VA',
  'DU',
  'SA',
  'HZ',
  'PY',
  'PO',
  'SQ',
  'FC',
  'SS',
  'DS',
];
const WEATHER = new RegExp(`^(-|\\+|VC)?(${DESCRIPTORS.join('|')})?((?:${PHENOMENA.join('|')})*)$`);
const RECENT_WEATHER = new RegExp(`^RE(${DESCRIPTORS.join('|')})?((?:${PHENOMENA.join('|')})*)$`);
const CLOUD = /^(FEW|SCT|BKN|OVC|\/{3})(\d{3}|\/{3})(CB|TCU|\/{3})?$/;
const VERTICAL_VISIBILITY = /^VV(\d{3}|\/{3})$/;
const SKY_CONDITION = /^(SKC|CLR|NSC|NCD)$/;
const TEMPERATURE = /^(M?\d{2})\/(M?\d{2}|\/\/)?$/;
const ALTIMETER = /^([QA])(\d{4})$/;
const TREND_TIME = /^(FM|TL|AT)(\d{4})$/;
const TREND_KINDS = new Set(['NOSIG', 'TEMPO', 'BECMG']);
/** Slash-only groups by their length, in body order: the group that was not observed. */
const SLASHES_NOT_REPORTED: Record<number, string> = {
  2: 'weather',
  4: 'visibility',
  5: 'temperature',
  6: 'clouds',
  9: 'clouds',
};

/**
 * Parses raw METAR or SPECI text into ParsedMetar (units as reported: wind in KT, MPS or KMH,
 * visibility in SM, m or km, altimeter in inHg or hPa). Returns null when the text has no station
 * identifier; every group it does not understand lands in `unparsed`. Never throws.
 */
export function parseMetar(raw: string): ParsedMetar | null {
  const tokens = String(raw)
    .replace(/=+\s*$/, '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  let i = 0;
  let reportType: ParsedMetar['reportType'] = null;
  let correction = false;
  if (tokens[i] === 'METAR' || tokens[i] === 'SPECI') reportType = tokens[i++] as 'METAR' | 'SPECI';
  if (tokens[i] === 'COR') {
    correction = true;
    i++;
  }
  const station = tokens[i];
  if (station === undefined || !STATION.test(station)) return null;
  i++;

  const result: ParsedMetar = {
    reportType,
    station,
    day: null,
    hour: null,
    minute: null,
    auto: false,
    correction,
    nil: false,
    ...emptyConditions(),
    windVariableFromDeg: null,
    windVariableToDeg: null,
    directionalVisibility: [],
    runwayVisualRange: [],
    recentWeather: [],
    temperatureC: null,
    dewPointC: null,
    altimeter: null,
    otherAltimeters: [],
    windShear: [],
    runwayState: [],
    notReported: [],
    trends: [],
    remarks: null,
    unparsed: [],
  };

  const time = TIME.exec(tokens[i] ?? '');
  if (time) {
    const [day, hour, minute] = [Number(time[1]), Number(time[2]), Number(time[3])];
    if (day >= 1 && day <= 31 && hour <= 23 && minute <= 59) {
      result.day = day;
      result.hour = hour;
      result.minute = minute;
      i++;
    }
  }

  let trend: MetarTrend | null = null;
  for (; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token === 'RMK') {
      result.remarks = tokens.slice(i + 1).join(' ');
      break;
    }
    if (TREND_KINDS.has(token)) {
      trend = newTrend(token as MetarTrend['kind']);
      result.trends.push(trend);
      continue;
    }
    if (trend) {
      i += readTrendGroup(trend, tokens, i);
      continue;
    }
    i += readBodyGroup(result, tokens, i);
  }
  return result;
}

function emptyConditions(): MetarConditions {
  return {
    windDirectionDeg: null,
    windSpeed: null,
    windGust: null,
    windUnit: null,
    visibility: null,
    cavok: false,
    weather: [],
    clouds: [],
    skyCondition: null,
    verticalVisibilityFt: null,
  };
}

function newTrend(kind: MetarTrend['kind']): MetarTrend {
  return {
    kind,
    from: null,
    until: null,
    at: null,
    noSignificantWeather: false,
    unparsed: [],
    ...emptyConditions(),
  };
}

/** Reads the body group at tokens[i] into m; returns how many extra tokens it consumed. */
function readBodyGroup(m: ParsedMetar, tokens: string[], i: number): number {
  const token = tokens[i]!;
  const next = tokens[i + 1];
  if (token === 'AUTO') {
    m.auto = true;
    return 0;
  }
  if (token === 'COR' || token === 'CCA' || token === 'CCB') {
    m.correction = true;
    return 0;
  }
  if (token === 'NIL') {
    m.nil = true;
    return 0;
  }
  if (m.windSpeed !== null && m.windVariableFromDeg === null) {
    const variation = WIND_VARIATION.exec(token);
    if (variation && Number(variation[1]) <= 360 && Number(variation[2]) <= 360) {
      m.windVariableFromDeg = Number(variation[1]);
      m.windVariableToDeg = Number(variation[2]);
      return 0;
    }
  }
  const directional = VIS_DIRECTIONAL.exec(token);
  if (directional) {
    m.directionalVisibility.push({
      value: Number(directional[1]),
      unit: 'm',
      direction: directional[2]!.toUpperCase(),
    });
    return 0;
  }
  const rvr = readRunwayVisualRange(token);
  if (rvr) {
    m.runwayVisualRange.push(rvr);
    return 0;
  }
  if (RUNWAY_STATE.test(token)) {
    m.runwayState.push(token);
    return 0;
  }
  const recent = RECENT_WEATHER.exec(token);
  if (recent && (recent[1] || recent[2])) {
    m.recentWeather.push(weatherOf(null, recent[1] ?? null, recent[2] ?? '', token.slice(2)));
    return 0;
  }
  if (token === 'WS') {
    if (next === 'ALL' && tokens[i + 2] === 'RWY') {
      m.windShear.push('ALL');
      return 2;
    }
    const runway = /^(?:R|RWY)(\d{2}[LCR]?)$/.exec(next ?? '');
    if (runway) {
      m.windShear.push(runway[1]!);
      return 1;
    }
    const phase = /^RWY(\d{2}[LCR]?)$/.exec(tokens[i + 2] ?? '');
    if ((next === 'TKOF' || next === 'LDG') && phase) {
      m.windShear.push(phase[1]!);
      return 2;
    }
    m.unparsed.push(token);
    return 0;
  }
  const temperature = TEMPERATURE.exec(token);
  if (temperature && m.temperatureC === null) {
    m.temperatureC = metarTemperature(temperature[1]!);
    m.dewPointC = temperature[2] && temperature[2] !== '//' ? metarTemperature(temperature[2]) : null;
    return 0;
  }
  const altimeter = ALTIMETER.exec(token);
  if (altimeter) {
    const reading =
      altimeter[1] === 'Q'
        ? { value: Number(altimeter[2]), unit: 'hPa' }
        : { value: Number(altimeter[2]) / 100, unit: 'inHg' };
    if (m.altimeter === null) m.altimeter = reading;
    else m.otherAltimeters.push(reading);
    return 0;
  }
  if (token === 'Q////' || token === 'A////') {
    m.notReported.push('altimeter');
    return 0;
  }
  if (WIND_MISSING.test(token) && m.windUnit === null) {
    m.notReported.push('wind');
    return 0;
  }
  if (/^\/+$/.test(token) && SLASHES_NOT_REPORTED[token.length]) {
    m.notReported.push(SLASHES_NOT_REPORTED[token.length]!);
    return 0;
  }
  const used = readConditionGroup(m, tokens, i);
  if (used !== null) return used;
  m.unparsed.push(token);
  return 0;
}

/** Reads the trend group at tokens[i] into trend; returns how many extra tokens it consumed. */
function readTrendGroup(trend: MetarTrend, tokens: string[], i: number): number {
  const token = tokens[i]!;
  const time = TREND_TIME.exec(token);
  if (time && trend.kind !== 'NOSIG') {
    const key = time[1] === 'FM' ? 'from' : time[1] === 'TL' ? 'until' : 'at';
    if (trend[key] === null && Number(time[2]!.slice(0, 2)) <= 24 && Number(time[2]!.slice(2)) <= 59) {
      trend[key] = time[2]!;
      return 0;
    }
  }
  if (token === 'NSW' && trend.kind !== 'NOSIG') {
    trend.noSignificantWeather = true;
    return 0;
  }
  const used = trend.kind === 'NOSIG' ? null : readConditionGroup(trend, tokens, i);
  if (used !== null) return used;
  trend.unparsed.push(token);
  return 0;
}

/**
 * Reads the groups a report and its trends share (wind, visibility, weather, clouds, sky) at
 * tokens[i]; returns how many extra tokens it consumed, or null when the token is none of them.
 */
function readConditionGroup(c: MetarConditions, tokens: string[], i: number): number | null {
  const token = tokens[i]!;
  const wind = WIND.exec(token);
  if (wind && c.windUnit === null) {
    const direction = wind[1] === 'VRB' ? null : Number(wind[1]);
    if (direction === null || direction <= 360) {
      c.windDirectionDeg = direction;
      c.windSpeed = Number(wind[2]);
      c.windGust = wind[3] ? Number(wind[3]) : null;
      c.windUnit = wind[4] ?? 'KT';
      return 0;
    }
  }
  if (token === 'CAVOK' && !c.cavok) {
    c.cavok = true;
    // CAVOK includes a visibility of 10 km or more, which a 9999 group also means.
    c.visibility ??= { value: 9999, unit: 'm', bound: 'moreThan' };
    return 0;
  }
  if (c.visibility === null) {
    const visibility = readVisibility(tokens, i);
    if (visibility) {
      c.visibility = visibility.value;
      return visibility.extra;
    }
  }
  const sky = SKY_CONDITION.exec(token);
  if (sky && c.skyCondition === null) {
    c.skyCondition = sky[1]!;
    return 0;
  }
  const vv = VERTICAL_VISIBILITY.exec(token);
  if (vv && c.verticalVisibilityFt === null) {
    c.verticalVisibilityFt = vv[1] === '///' ? null : Number(vv[1]) * 100;
    return 0;
  }
  const cloud = CLOUD.exec(token);
  if (cloud) {
    c.clouds.push(cloudOf(cloud[1]!, cloud[2]!, cloud[3]));
    return 0;
  }
  const weather = WEATHER.exec(token);
  if (weather && (weather[3] || standsAlone(weather[1], weather[2]))) {
    c.weather.push(weatherOf(weather[1] ?? null, weather[2] ?? null, weather[3] ?? '', token));
    return 0;
  }
  return null;
}

/** A visibility group at tokens[i] (one token, or two for `1 1/2SM`), or null. */
function readVisibility(tokens: string[], i: number): { value: MetarVisibility; extra: number } | null {
  const token = tokens[i]!;
  const metres = VIS_METRES.exec(token);
  if (metres) {
    // 9999 is how FM 15 reports "10 km or more", not 9 999 m.
    const value: MetarVisibility = {
      value: Number(metres[1]),
      unit: 'm',
      bound: metres[1] === '9999' ? 'moreThan' : null,
    };
    if (metres[2]) value.noDirectionalVariation = true;
    return { value, extra: 0 };
  }
  const km = VIS_KM.exec(token);
  if (km) return { value: { value: Number(km[1]), unit: 'km', bound: null }, extra: 0 };
  const miles = VIS_SM.exec(token);
  if (miles) return { value: { value: Number(miles[2]), unit: 'SM', bound: bound(miles[1]) }, extra: 0 };
  const fraction = VIS_SM_FRACTION.exec(token);
  if (fraction && Number(fraction[3]) > 0) {
    const value = Number(fraction[2]) / Number(fraction[3]);
    return { value: { value, unit: 'SM', bound: bound(fraction[1]) }, extra: 0 };
  }
  const next = tokens[i + 1] ?? '';
  const nextFraction = VIS_SM_FRACTION.exec(next);
  const whole = VIS_WHOLE.exec(token);
  if (whole && nextFraction && !nextFraction[1] && Number(nextFraction[3]) > 0) {
    // `P1 1/2SM`: the bound, if any, stands before the whole number.
    const value = Number(whole[2]) + Number(nextFraction[2]) / Number(nextFraction[3]);
    return { value: { value, unit: 'SM', bound: bound(whole[1]) }, extra: 1 };
  }
  return null;
}

function readRunwayVisualRange(token: string): MetarRunwayVisualRange | null {
  const m = RVR.exec(token);
  if (!m) return null;
  return {
    runway: m[1]!,
    minValue: Number(m[3]),
    minBound: bound(m[2]),
    maxValue: m[5] ? Number(m[5]) : null,
    maxBound: m[5] ? bound(m[4]) : null,
    unit: m[6] ? 'ft' : 'm',
    trend: (m[7] as MetarRunwayVisualRange['trend'] | undefined) ?? null,
  };
}

function bound(prefix: string | undefined): 'moreThan' | 'lessThan' | null {
  return prefix === 'P' ? 'moreThan' : prefix === 'M' ? 'lessThan' : null;
}

function cloudOf(cover: string, base: string, type: string | undefined): MetarCloud {
  return {
    cover: cover === '///' ? null : (cover as MetarCloud['cover']),
    baseFt: base === '///' ? null : Number(base) * 100,
    type: type === 'CB' || type === 'TCU' ? type : null,
  };
}

/**
 * Whether a weather group with a descriptor but no phenomenon is valid (WMO code table 4678): TS (thunder
 * heard, no precipitation) and VCSH (showers in the vicinity) are; MI, BC, PR, DR, BL, FZ and SH otherwise
 * qualify a phenomenon, so `VCMI` is not weather.
 */
function standsAlone(intensity: string | undefined, descriptor: string | undefined): boolean {
  return descriptor === 'TS' || (descriptor === 'SH' && intensity === 'VC');
}

function weatherOf(
  intensity: string | null,
  descriptor: string | null,
  phenomena: string,
  code: string,
): MetarWeather {
  return {
    code,
    intensity: intensity as MetarWeather['intensity'],
    descriptor,
    phenomena: phenomena.match(/.{2}/g) ?? [],
  };
}

/** `M05` → -5, `12` → 12 (°C). */
function metarTemperature(text: string): number {
  const value = Number(text.replace('M', ''));
  // M00 (just below zero) reads as 0, not -0.
  return text.startsWith('M') && value !== 0 ? -value : value;
}
