// Real METARs of many countries (fixtures/metar/reports.txt, sources in its README) against
// parseMetar: every group of a kind the parser knows must land in its parsed field with the value
// the text says, and every other token before RMK must be in `unparsed` (nothing dropped silently).
// The token kinds are told apart here by a classifier of their own, written from the WMO / FMH-1
// group formats, not by the parser's code.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ParsedMetar } from '../types.ts';
import { parseMetar } from './metar.ts';

const REPORTS = readFileSync(new URL('../../fixtures/metar/reports.txt', import.meta.url), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '');

type Kind =
  | 'wind'
  | 'windMissing'
  | 'variation'
  | 'visibility'
  | 'cavok'
  | 'directional'
  | 'rvr'
  | 'runwayState'
  | 'weather'
  | 'recent'
  | 'cloud'
  | 'vv'
  | 'sky'
  | 'temperature'
  | 'altimeter'
  | 'notReported'
  | 'windShear'
  | 'flag'
  | 'trendTime'
  | 'nsw'
  | 'unknown';

interface Classified {
  kind: Kind;
  text: string;
}

const WX_CODES = new Set('DZ RA SN SG IC PL GR GS UP BR FG FU VA DU SA HZ PY PO SQ FC SS DS'.split(' '));
const WX_DESCRIPTORS = new Set('MI PR BC DR BL SH TS FZ'.split(' '));

/** -SHRA, VCSH, TS, +TSRAGR: intensity, at most one descriptor, then two-letter phenomena. */
function isWeather(token: string, allowIntensity = true): boolean {
  let rest = token;
  if (allowIntensity) rest = rest.replace(/^(-|\+|VC)/, '');
  if (rest === '' || rest.length % 2 !== 0) return false;
  const pairs = rest.match(/../g)!;
  const start = WX_DESCRIPTORS.has(pairs[0]!) ? 1 : 0;
  return pairs.slice(start).every((p) => WX_CODES.has(p));
}

function classifyGroup(token: string, next: string | undefined): Kind | 'wholeMiles' {
  if (/^(\d{3}|VRB)\d{2,3}(G\d{2,3})?(KT|MPS|KMH)(\(E\))?$/.test(token)) return 'wind';
  if (/^\/\/\/\/\/(KT|MPS)$/.test(token)) return 'windMissing';
  if (/^\d{3}V\d{3}$/.test(token)) return 'variation';
  if (token === 'CAVOK') return 'cavok';
  if (/^\d{4}(NDV)?$/.test(token) || /^\d{1,2}KM$/.test(token)) return 'visibility';
  if (/^[PM]?\d{1,2}SM$/.test(token) || /^[PM]?\d\/\d{1,2}SM$/.test(token)) return 'visibility';
  if (/^\d$/.test(token) && next !== undefined && /^\d\/\d{1,2}SM$/.test(next)) return 'wholeMiles';
  if (/^\d{4}(N|NE|E|SE|S|SW|W|NW)$/.test(token)) return 'directional';
  if (/^R\d\d[LCR]?\/[PM]?\d{4}(V[PM]?\d{4})?(FT)?\/?[UDN]?$/.test(token)) return 'rvr';
  if (/^R\d\d[LCR]?\/(CLRD\d\d|[0-9/]{6})$/.test(token)) return 'runwayState';
  if (/^RE[A-Z]+$/.test(token) && isWeather(token.slice(2), false)) return 'recent';
  if (isWeather(token)) return 'weather';
  if (/^(FEW|SCT|BKN|OVC|\/\/\/)(\d{3}|\/\/\/)(CB|TCU|\/\/\/)?$/.test(token) && !/^\/+$/.test(token))
    return 'cloud';
  if (/^VV\d{3}$/.test(token)) return 'vv';
  if (['SKC', 'CLR', 'NSC', 'NCD'].includes(token)) return 'sky';
  if (/^M?\d\d\/(M?\d\d|\/\/)?$/.test(token)) return 'temperature';
  if (/^[QA]\d{4}$/.test(token)) return 'altimeter';
  if (['//', '////', '/////', '//////', '/////////', 'Q////', 'A////'].includes(token)) return 'notReported';
  if (['AUTO', 'COR', 'NIL'].includes(token)) return 'flag';
  return 'unknown';
}

interface Section {
  /** Null for the report body, else the trend kind. */
  kind: string | null;
  groups: Classified[];
}

/** Splits a report into header, body and trends, and classifies every token before RMK. */
function classify(raw: string): { header: string[]; body: Section; trends: Section[] } {
  const all = raw.split(/\s+/);
  const rmk = all.indexOf('RMK');
  const tokens = rmk === -1 ? all : all.slice(0, rmk);
  let i = 0;
  const header: string[] = [];
  if (tokens[i] === 'METAR' || tokens[i] === 'SPECI') header.push(tokens[i++]!);
  if (tokens[i] === 'COR') header.push(tokens[i++]!);
  header.push(tokens[i++]!); // station
  if (/^\d{6}Z$/.test(tokens[i] ?? '')) header.push(tokens[i++]!);
  const body: Section = { kind: null, groups: [] };
  const trends: Section[] = [];
  let section = body;
  for (; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (['NOSIG', 'TEMPO', 'BECMG'].includes(token)) {
      section = { kind: token, groups: [] };
      trends.push(section);
      continue;
    }
    if (section === body && token === 'WS') {
      const run =
        tokens[i + 1] === 'ALL' && tokens[i + 2] === 'RWY'
          ? 3
          : /^R(WY)?\d\d[LCR]?$/.test(tokens[i + 1] ?? '')
            ? 2
            : 1;
      section.groups.push({
        kind: run > 1 ? 'windShear' : 'unknown',
        text: tokens.slice(i, i + run).join(' '),
      });
      i += run - 1;
      continue;
    }
    if (section !== body && /^(FM|TL|AT)\d{4}$/.test(token)) {
      section.groups.push({ kind: 'trendTime', text: token });
      continue;
    }
    if (section !== body && token === 'NSW') {
      section.groups.push({ kind: 'nsw', text: token });
      continue;
    }
    const kind = classifyGroup(token, tokens[i + 1]);
    if (kind === 'wholeMiles') {
      section.groups.push({ kind: 'visibility', text: `${token} ${tokens[++i]}` });
      continue;
    }
    const inTrend = section !== body;
    const trendKinds: Kind[] = [
      'wind',
      'visibility',
      'cavok',
      'weather',
      'cloud',
      'vv',
      'sky',
      'notReported',
    ];
    const known = inTrend
      ? (section as { kind: string }).kind !== 'NOSIG' && trendKinds.includes(kind)
      : true;
    section.groups.push({ kind: known ? kind : 'unknown', text: token });
  }
  return { header, body, trends };
}

function texts(section: Section, kind: Kind): string[] {
  return section.groups.filter((g) => g.kind === kind).map((g) => g.text);
}

function temperatureOf(text: string): number {
  const n = Number(text.replace('M', ''));
  return text.startsWith('M') && n !== 0 ? -n : n;
}

/** Checks the conditions groups shared by the body and trends: kinds, counts and values. */
function expectConditions(
  section: Section,
  parsed: Pick<
    ParsedMetar,
    | 'windSpeed'
    | 'windDirectionDeg'
    | 'windGust'
    | 'windUnit'
    | 'visibility'
    | 'cavok'
    | 'weather'
    | 'clouds'
    | 'skyCondition'
    | 'verticalVisibilityFt'
  >,
): void {
  const [wind, secondWind] = texts(section, 'wind');
  expect(secondWind, 'one wind group').toBeUndefined();
  if (wind) {
    const w = /^(\d{3}|VRB)(\d{2,3})(?:G(\d{2,3}))?(KT|MPS|KMH)/.exec(wind)!;
    expect(parsed.windDirectionDeg, wind).toBe(w[1] === 'VRB' ? null : Number(w[1]));
    expect(parsed.windSpeed, wind).toBe(Number(w[2]));
    expect(parsed.windGust, wind).toBe(w[3] ? Number(w[3]) : null);
    expect(parsed.windUnit, wind).toBe(w[4]);
  } else {
    expect(parsed.windSpeed).toBeNull();
  }
  const [visibility, secondVisibility] = texts(section, 'visibility');
  expect(secondVisibility, 'one prevailing visibility').toBeUndefined();
  if (visibility) {
    expect(parsed.visibility, visibility).not.toBeNull();
    const metres = /^(\d{4})(NDV)?$/.exec(visibility);
    if (metres) {
      expect(parsed.visibility).toEqual({
        value: Number(metres[1]),
        unit: 'm',
        bound: metres[1] === '9999' ? 'moreThan' : null, // 9999: 10 km or more
        ...(metres[2] ? { noDirectionalVariation: true } : {}),
      });
    }
    const miles = /^(?:(\d) )?([PM])?(\d+)(?:\/(\d+))?SM$/.exec(visibility);
    if (miles) {
      const value =
        Number(miles[1] ?? 0) + (miles[4] ? Number(miles[3]) / Number(miles[4]) : Number(miles[3]));
      expect(parsed.visibility!.value, visibility).toBeCloseTo(value, 6);
      expect(parsed.visibility!.unit).toBe('SM');
    }
  } else if (texts(section, 'cavok').length > 0) {
    expect(parsed.visibility).toEqual({ value: 9999, unit: 'm', bound: 'moreThan' });
  } else {
    expect(parsed.visibility).toBeNull();
  }
  expect(parsed.cavok).toBe(texts(section, 'cavok').length > 0);
  expect(parsed.weather.map((w) => w.code)).toEqual(texts(section, 'weather'));
  for (const w of parsed.weather) {
    expect(`${w.intensity ?? ''}${w.descriptor ?? ''}${w.phenomena.join('')}`).toBe(w.code);
  }
  const clouds = texts(section, 'cloud');
  expect(parsed.clouds).toHaveLength(clouds.length);
  clouds.forEach((text, k) => {
    const base = text.slice(3, 6);
    expect(parsed.clouds[k]!.baseFt, text).toBe(base === '///' ? null : Number(base) * 100);
    expect(parsed.clouds[k]!.cover ?? '///', text).toBe(text.slice(0, 3));
  });
  expect(parsed.skyCondition).toBe(texts(section, 'sky')[0] ?? null);
  const vv = texts(section, 'vv')[0];
  expect(parsed.verticalVisibilityFt).toBe(vv ? Number(vv.slice(2)) * 100 : null);
}

describe('METAR corpus', () => {
  it('holds at least 500 real reports', () => {
    expect(REPORTS.length).toBeGreaterThanOrEqual(500);
  });

  it.each(REPORTS)('%s', (raw) => {
    const parsed = parseMetar(raw);
    expect(parsed).not.toBeNull();
    const m = parsed!;
    const { header, body, trends } = classify(raw);

    // Header.
    expect(m.station).toBe(header.find((h) => /^[A-Z][A-Z0-9]{3}$/.test(h) && h !== 'COR'));
    const time = header.find((h) => /^\d{6}Z$/.test(h));
    if (time)
      expect([m.day, m.hour, m.minute]).toEqual(
        [time.slice(0, 2), time.slice(2, 4), time.slice(4, 6)].map(Number),
      );

    // Nothing dropped silently: every unknown token is in unparsed, in order, and nothing else is.
    expect(m.unparsed).toEqual(texts(body, 'unknown'));
    expect(m.trends.map((t) => t.kind)).toEqual(trends.map((t) => t.kind));
    trends.forEach((t, k) => expect(m.trends[k]!.unparsed, t.kind!).toEqual(texts(t, 'unknown')));

    // Every known group landed in its field, with the value the text says.
    expectConditions(body, m);
    trends.forEach((t, k) => expectConditions(t, m.trends[k]!));

    expect(m.auto).toBe(texts(body, 'flag').includes('AUTO'));
    const variation = texts(body, 'variation')[0];
    expect([m.windVariableFromDeg, m.windVariableToDeg]).toEqual(
      variation ? [Number(variation.slice(0, 3)), Number(variation.slice(4))] : [null, null],
    );
    expect(m.directionalVisibility.map((d) => `${String(d.value).padStart(4, '0')}${d.direction}`)).toEqual(
      texts(body, 'directional'),
    );
    const rvr = texts(body, 'rvr');
    expect(m.runwayVisualRange.map((r) => r.runway)).toEqual(rvr.map((r) => r.slice(1, r.indexOf('/'))));
    rvr.forEach((text, k) => {
      const values = text
        .slice(text.indexOf('/') + 1)
        .match(/\d{4}/g)!
        .map(Number);
      expect([m.runwayVisualRange[k]!.minValue, m.runwayVisualRange[k]!.maxValue], text).toEqual([
        values[0],
        values[1] ?? null,
      ]);
      expect(m.runwayVisualRange[k]!.unit).toBe(text.includes('FT') ? 'ft' : 'm');
    });
    expect(m.runwayState).toEqual(texts(body, 'runwayState'));
    expect(m.recentWeather.map((w) => `RE${w.code}`)).toEqual(texts(body, 'recent'));
    expect(m.windShear).toHaveLength(texts(body, 'windShear').length);

    const temperature = texts(body, 'temperature');
    expect(temperature.length).toBeLessThanOrEqual(1);
    if (temperature[0]) {
      const [t, d] = temperature[0].split('/');
      expect(m.temperatureC).toBe(temperatureOf(t!));
      expect(m.dewPointC).toBe(d && d !== '//' ? temperatureOf(d) : null);
    } else {
      expect(m.temperatureC).toBeNull();
    }
    const altimeters = texts(body, 'altimeter').map((a) =>
      a.startsWith('Q')
        ? { value: Number(a.slice(1)), unit: 'hPa' }
        : { value: Number(a.slice(1)) / 100, unit: 'inHg' },
    );
    expect([m.altimeter, ...m.otherAltimeters].filter((a) => a !== null)).toEqual(altimeters);
    expect(m.notReported).toHaveLength(texts(body, 'notReported').length + texts(body, 'windMissing').length);
    expect(m.remarks).toBe(raw.includes(' RMK') ? raw.slice(raw.indexOf(' RMK') + 5) : null);
  });
});
