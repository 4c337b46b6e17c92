// Every METAR case that aeharding/metar-taf-parser (the parser ours replaced) asserts in its
// tests/parser/parser.test.ts, as table tests of ours: the values are that file's, mapped onto ParsedMetar.
// Where we decide differently on purpose, the case says why and asserts what we do.
import { describe, expect, it } from 'vitest';
import type { MetarCloud, MetarWeather, ParsedMetar } from '../types.ts';
import { parseMetar } from './metar.ts';

/** The fields both parsers decode: station, time, wind, visibility, weather, clouds, temperatures, pressure, remarks. */
const FIELDS = [
  'station',
  'day',
  'hour',
  'minute',
  'windDirectionDeg',
  'windSpeed',
  'windGust',
  'windUnit',
  'windVariableFromDeg',
  'windVariableToDeg',
  'visibility',
  'cavok',
  'directionalVisibility',
  'weather',
  'clouds',
  'skyCondition',
  'verticalVisibilityFt',
  'temperatureC',
  'dewPointC',
  'altimeter',
  'remarks',
] as const;
type Decoded = Pick<ParsedMetar, (typeof FIELDS)[number]>;

function decoded(raw: string): Decoded {
  const m = parseMetar(raw);
  expect(m, raw).not.toBeNull();
  return Object.fromEntries(FIELDS.map((f) => [f, m![f]])) as Decoded;
}

/** A report with nothing but station and time; each case adds what its text has. */
function report(station: string, ddhhmm: string, has: Partial<Decoded> = {}): Decoded {
  return {
    station,
    day: Number(ddhhmm.slice(0, 2)),
    hour: Number(ddhhmm.slice(2, 4)),
    minute: Number(ddhhmm.slice(4, 6)),
    windDirectionDeg: null,
    windSpeed: null,
    windGust: null,
    windUnit: null,
    windVariableFromDeg: null,
    windVariableToDeg: null,
    visibility: null,
    cavok: false,
    directionalVisibility: [],
    weather: [],
    clouds: [],
    skyCondition: null,
    verticalVisibilityFt: null,
    temperatureC: null,
    dewPointC: null,
    altimeter: null,
    remarks: null,
    ...has,
  };
}

const wind = (deg: number | null, speed: number, gust: number | null = null, unit = 'KT') => ({
  windDirectionDeg: deg,
  windSpeed: speed,
  windGust: gust,
  windUnit: unit,
});
const metres = (value: number) => ({ value, unit: 'm', bound: null });
/** 9999 and CAVOK: 10 km or more. The reference reads them as "more than 9999 m" too. */
const tenKmOrMore = { value: 9999, unit: 'm', bound: 'moreThan' } as const;
const hPa = (value: number) => ({ value, unit: 'hPa' });
const wx = (
  code: string,
  intensity: MetarWeather['intensity'],
  descriptor: string | null,
  phenomena: string[],
): MetarWeather => ({ code, intensity, descriptor, phenomena });
const cloud = (cover: MetarCloud['cover'], baseFt: number, type: MetarCloud['type'] = null): MetarCloud => ({
  cover,
  baseFt,
  type,
});

describe('parseMetar on the reference parser’s weather conditions and tokens', () => {
  it('reads "-DZ" as light drizzle and "SHRAGR" as showers of rain and hail', () => {
    expect(decoded('KXXX 051853Z -DZ SHRAGR').weather).toEqual([
      wx('-DZ', '-', null, ['DZ']),
      wx('SHRAGR', null, 'SH', ['RA', 'GR']),
    ]);
  });

  it('takes "1 1/2SM" as one visibility, drops the closing "=" and keeps the remarks as sent', () => {
    const raw =
      'METAR KTTN 051853Z 04011KT 1 1/2SM VCTS SN FZFG BKN003 OVC010 M02/M02 A3006 RMK AO2 TSB40 SLP176 P0002 T10171017=';
    const m = parseMetar(raw)!;
    expect(m.reportType).toBe('METAR');
    expect(m.unparsed).toEqual([]);
    expect(decoded(raw)).toEqual(
      report('KTTN', '051853', {
        ...wind(40, 11),
        visibility: { value: 1.5, unit: 'SM', bound: null },
        weather: [wx('VCTS', 'VC', 'TS', []), wx('SN', null, null, ['SN']), wx('FZFG', null, 'FZ', ['FG'])],
        clouds: [cloud('BKN', 300), cloud('OVC', 1000)],
        temperatureC: -2,
        dewPointC: -2,
        altimeter: { value: 30.06, unit: 'inHg' },
        remarks: 'AO2 TSB40 SLP176 P0002 T10171017',
      }),
    );
  });

  // The reference's tokenizer marks each of these a known group or not; ours is known when nothing is left over.
  it.each([
    ['05009KT', true],
    ['030V113', true],
    ['9999', true],
    ['6 1/2SM', true],
    ['1100w', true],
    ['VV002', true],
    ['CAVOK', true],
    ['SCT026CB', true],
    ['ZZZ026CV', false],
    ['+SHGSRA', true],
    ['+VFDR', false],
  ])('%s is a known group: %s', (group, known) => {
    // The wind variation only follows a wind, so every group comes after one.
    const m = parseMetar(`KXXX 051853Z ${group === '05009KT' ? '' : '05009KT '}${group}`)!;
    expect(m.unparsed.length === 0).toBe(known);
  });
});

const LFPG_RVR =
  'LFPG 170830Z 00000KT 0350 R27L/0375N R09R/0175N R26R/0500D R08L/0400N R26L/0275D R08R/0250N R27R/0300N R09L/0200N FG SCT000 M01/M01 Q1026 NOSIG';
const LFBG_TEMPO =
  'LFBG 081130Z AUTO 23012KT 9999 SCT022 BKN072 BKN090 22/16 Q1011 TEMPO 26015G25KT 3000 TSRA SCT025CB BKN050';
const LFRM = 'LFRM 081630Z AUTO 30007KT 260V360 9999 24/15 Q1008';
const UNAA = 'UNAA 240830Z 34002MPS CAVOK M14/M18 Q1019 R02/190054 NOSIG RMK QFE741';
const SUMU = 'SUMU 070520Z 34025KT 8000 2000SW VCSH SCT013CB BKN026 00/M05 Q1012 TEMPO 2000 SHSN=';
const LFRM_DECODED = {
  ...wind(300, 7),
  windVariableFromDeg: 260,
  windVariableToDeg: 360,
  visibility: tenKmOrMore,
  temperatureC: 24,
  dewPointC: 15,
  altimeter: hPa(1008),
};

/** Each whole METAR the reference asserts, with what ours decodes from it (a comment where we differ). */
const WHOLE: [string, Decoded][] = [
  // The reference names the calm direction "N"; ours keeps degrees, 0.
  [
    LFPG_RVR,
    report('LFPG', '170830', {
      ...wind(0, 0),
      visibility: metres(350),
      weather: [wx('FG', null, null, ['FG'])],
      clouds: [cloud('SCT', 0)],
      temperatureC: -1,
      dewPointC: -1,
      altimeter: hPa(1026),
    }),
  ],
  [
    LFBG_TEMPO,
    report('LFBG', '081130', {
      ...wind(230, 12),
      visibility: tenKmOrMore,
      clouds: [cloud('SCT', 2200), cloud('BKN', 7200), cloud('BKN', 9000)],
      temperatureC: 22,
      dewPointC: 16,
      altimeter: hPa(1011),
    }),
  ],
  [`${LFRM} TEMPO SHRA BECMG SKC`, report('LFRM', '081630', LFRM_DECODED)],
  [`${LFRM} TEMPO FM1830 SHRA`, report('LFRM', '081630', LFRM_DECODED)],
  [`${LFRM} TEMPO FM1700 TL1830 SHRA`, report('LFRM', '081630', LFRM_DECODED)],
  // A minimum visibility to the west written "1100w": the reference keeps the direction as written ("w"); ours
  // upper-cases it, as every other direction is.
  [
    'LFPG 161430Z 24015G25KT 5000 1100w',
    report('LFPG', '161430', {
      ...wind(240, 15, 25),
      visibility: metres(5000),
      directionalVisibility: [{ value: 1100, unit: 'm', direction: 'W' }],
    }),
  ],
  [
    'LFPG 161430Z 24015G25KT 180V300',
    report('LFPG', '161430', { ...wind(240, 15, 25), windVariableFromDeg: 180, windVariableToDeg: 300 }),
  ],
  [
    'LFLL 160730Z 28002KT 0350 FG VV002',
    report('LFLL', '160730', {
      ...wind(280, 2),
      visibility: metres(350),
      weather: [wx('FG', null, null, ['FG'])],
      verticalVisibilityFt: 200,
    }),
  ],
  // 9999NDV across a line break, and an empty RMK.
  [
    'LSZL 300320Z AUTO 00000KT 9999NDV BKN060 OVC074 00/M04 Q1001\n RMK=',
    report('LSZL', '300320', {
      ...wind(0, 0),
      visibility: { ...tenKmOrMore, noDirectionalVariation: true },
      clouds: [cloud('BKN', 6000), cloud('OVC', 7400)],
      temperatureC: 0,
      dewPointC: -4,
      altimeter: hPa(1001),
      remarks: '',
    }),
  ],
  [
    'LFPG 212030Z 03003KT CAVOK 09/06 Q1031 NOSIG',
    report('LFPG', '212030', {
      ...wind(30, 3),
      visibility: tenKmOrMore,
      cavok: true,
      temperatureC: 9,
      dewPointC: 6,
      altimeter: hPa(1031),
    }),
  ],
  // The reference converts A3006 to 1017 hPa; ours keeps the units as reported (callers convert, e.g. the
  // server's metarPressureHpa: 30.06 inHg is 1017.9 hPa).
  [
    'KTTN 051853Z 04011KT 9999 VCTS SN FZFG BKN003 OVC010 M02/M02 A3006',
    report('KTTN', '051853', {
      ...wind(40, 11),
      visibility: tenKmOrMore,
      weather: [wx('VCTS', 'VC', 'TS', []), wx('SN', null, null, ['SN']), wx('FZFG', null, 'FZ', ['FG'])],
      clouds: [cloud('BKN', 300), cloud('OVC', 1000)],
      temperatureC: -2,
      dewPointC: -2,
      altimeter: { value: 30.06, unit: 'inHg' },
    }),
  ],
  // A wind group without a unit ("26026G40") is in knots.
  [
    'ENLK 081350Z 26026G40 240V300 9999 VCSH FEW025 BKN030 02/M01 Q0996',
    report('ENLK', '081350', {
      ...wind(260, 26, 40, 'KT'),
      windVariableFromDeg: 240,
      windVariableToDeg: 300,
      visibility: tenKmOrMore,
      weather: [wx('VCSH', 'VC', 'SH', [])],
      clouds: [cloud('FEW', 2500), cloud('BKN', 3000)],
      temperatureC: 2,
      dewPointC: -1,
      altimeter: hPa(996),
    }),
  ],
  // "TS" alone: a thunderstorm without precipitation.
  [
    'AGGH 140340Z 05010KT 9999 TS FEW020 SCT021CB BKN300 32/26 Q1010',
    report('AGGH', '140340', {
      ...wind(50, 10),
      visibility: tenKmOrMore,
      weather: [wx('TS', null, 'TS', [])],
      clouds: [cloud('FEW', 2000), cloud('SCT', 2100, 'CB'), cloud('BKN', 30000)],
      temperatureC: 32,
      dewPointC: 26,
      altimeter: hPa(1010),
    }),
  ],
  // "VCMI" is not weather: shallow (MI) needs fog after it (WMO code table 4678).
  [
    'ENLK 081350Z 26026G40 240V300 9999 VCMI',
    report('ENLK', '081350', {
      ...wind(260, 26, 40),
      windVariableFromDeg: 240,
      windVariableToDeg: 300,
      visibility: tenKmOrMore,
    }),
  ],
  [
    UNAA,
    report('UNAA', '240830', {
      ...wind(340, 2, null, 'MPS'),
      visibility: tenKmOrMore,
      cavok: true,
      temperatureC: -14,
      dewPointC: -18,
      altimeter: hPa(1019),
      remarks: 'QFE741',
    }),
  ],
  ['SVMC 211703Z AUTO NIL', report('SVMC', '211703')],
  [
    SUMU,
    report('SUMU', '070520', {
      ...wind(340, 25),
      visibility: metres(8000),
      directionalVisibility: [{ value: 2000, unit: 'm', direction: 'SW' }],
      weather: [wx('VCSH', 'VC', 'SH', [])],
      clouds: [cloud('SCT', 1300, 'CB'), cloud('BKN', 2600)],
      temperatureC: 0,
      dewPointC: -5,
      altimeter: hPa(1012),
    }),
  ],
  [
    'SUMU 070520Z M1/4SM',
    report('SUMU', '070520', { visibility: { value: 0.25, unit: 'SM', bound: 'lessThan' } }),
  ],
  [
    'SUMU 070520Z P6SM',
    report('SUMU', '070520', { visibility: { value: 6, unit: 'SM', bound: 'moreThan' } }),
  ],
  [
    'SUMU 070520Z 3 1/4SM',
    report('SUMU', '070520', { visibility: { value: 3.25, unit: 'SM', bound: null } }),
  ],
  [
    'SUMU 070520Z P1 1/2SM',
    report('SUMU', '070520', { visibility: { value: 1.5, unit: 'SM', bound: 'moreThan' } }),
  ],
  // Layers of unknown type (///); the cloud groups in the remarks are not layers.
  [
    'EKVG 291550Z AUTO 13009KT 9999 BKN037/// BKN048/// 07/06 Q1009 RMK FEW011/// FEW035/// WIND SKEID 13020KT',
    report('EKVG', '291550', {
      ...wind(130, 9),
      visibility: tenKmOrMore,
      clouds: [cloud('BKN', 3700), cloud('BKN', 4800)],
      temperatureC: 7,
      dewPointC: 6,
      altimeter: hPa(1009),
      remarks: 'FEW011/// FEW035/// WIND SKEID 13020KT',
    }),
  ],
];

describe('parseMetar on the reference parser’s whole METARs', () => {
  it.each(WHOLE)('%s', (raw, expected) => {
    expect(decoded(raw)).toEqual(expected);
  });

  it('leaves over only the groups the reference rejects too (VCMI)', () => {
    const leftOver = WHOLE.map(([raw]) => parseMetar(raw)!).flatMap((m) => [
      ...m.unparsed,
      ...m.trends.flatMap((t) => t.unparsed),
    ]);
    expect(leftOver).toEqual(['VCMI']);
  });

  it('LFPG: eight runway visual ranges and NOSIG', () => {
    const m = parseMetar(LFPG_RVR)!;
    expect(m.runwayVisualRange).toHaveLength(8);
    expect(m.runwayVisualRange[0]).toMatchObject({ runway: '27L', minValue: 375, unit: 'm', trend: 'N' });
    expect(m.trends.map((t) => t.kind)).toEqual(['NOSIG']);
  });

  it('LFBG: a TEMPO with its own wind, visibility, weather and clouds, and no times', () => {
    const m = parseMetar(LFBG_TEMPO)!;
    expect(m.auto).toBe(true);
    // The reference also keeps each trend's raw text; ours keeps the groups it did not read in `unparsed`.
    expect(m.trends).toEqual([
      expect.objectContaining({
        kind: 'TEMPO',
        from: null,
        until: null,
        at: null,
        ...wind(260, 15, 25),
        visibility: metres(3000),
        weather: [wx('TSRA', null, 'TS', ['RA'])],
        clouds: [cloud('SCT', 2500, 'CB'), cloud('BKN', 5000)],
      }),
    ]);
  });

  it('LFRM: TEMPO showers, BECMG a clear sky, and the FM/TL times of a trend', () => {
    const shra = wx('SHRA', null, 'SH', ['RA']);
    const two = parseMetar(`${LFRM} TEMPO SHRA BECMG SKC`)!;
    expect(two.trends[0]).toMatchObject({ kind: 'TEMPO', weather: [shra] });
    // The reference counts SKC as a cloud layer; ours reports it as the sky condition, with no layers.
    expect(two.trends[1]).toMatchObject({ kind: 'BECMG', skyCondition: 'SKC', clouds: [] });
    expect(parseMetar(`${LFRM} TEMPO FM1830 SHRA`)!.trends).toEqual([
      expect.objectContaining({ kind: 'TEMPO', from: '1830', until: null, weather: [shra] }),
    ]);
    expect(parseMetar(`${LFRM} TEMPO FM1700 TL1830 SHRA`)!.trends).toEqual([
      expect.objectContaining({ kind: 'TEMPO', from: '1700', until: '1830', weather: [shra] }),
    ]);
  });

  it('UNAA: a runway state and NOSIG; SVMC: AUTO NIL; SUMU: a TEMPO of snow showers', () => {
    const unaa = parseMetar(UNAA)!;
    expect(unaa.runwayState).toEqual(['R02/190054']);
    expect(unaa.trends.map((t) => t.kind)).toEqual(['NOSIG']);
    expect(parseMetar('SVMC 211703Z AUTO NIL')).toMatchObject({ auto: true, nil: true });
    expect(parseMetar(SUMU)!.trends[0]).toMatchObject({
      kind: 'TEMPO',
      visibility: metres(2000),
      weather: [wx('SHSN', null, 'SH', ['SN'])],
    });
  });
});

describe('parseMetar on the reference parser’s remarks', () => {
  // The reference decodes remarks (sea-level pressure, 6 h extremes, precipitation, begin/end times...). Ours
  // keeps them as sent: no caller reads a remark, and the body groups carry what the product uses. What must
  // hold is that no remark is mistaken for a body group (`11021` for a wind, `1 3/4` for a visibility).
  it.each([
    'AO1 SLP134',
    'AO1 SLP982',
    'CF1AC8 CF TR SLP091 DENSITY ALT 200FT',
    '401001015',
    '11021',
    '10142',
    '21001',
    '20012',
    '52032',
    '70125',
    '4/021',
    '98096',
    '933036',
    'l1004',
    'AO1 TSB0159E30',
    'AO1 TS SE MOV NE',
    'AO1 GR 1 3/4',
    'AO1 RAB05E30SNB1520E1655',
    'AO1 CIG 005V010',
  ])('keeps "%s" as sent, outside the body', (remark) => {
    const m = parseMetar(`KXXX 051853Z 00000KT RMK ${remark}`)!;
    expect(m.remarks).toBe(remark);
    expect(decoded(`KXXX 051853Z 00000KT RMK ${remark}`)).toEqual(
      report('KXXX', '051853', { ...wind(0, 0), remarks: remark }),
    );
    expect(m.unparsed).toEqual([]);
  });
});
