import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseMetar } from './metar.ts';

describe('parseMetar', () => {
  it('reads a US METAR with gusts, statute miles and inches of mercury', () => {
    expect(parseMetar('METAR KDFW 221853Z 18012G22KT 10SM FEW250 22/09 A3012 RMK AO2')).toEqual({
      reportType: 'METAR',
      station: 'KDFW',
      day: 22,
      hour: 18,
      minute: 53,
      auto: false,
      correction: false,
      nil: false,
      windDirectionDeg: 180,
      windSpeed: 12,
      windGust: 22,
      windUnit: 'KT',
      windVariableFromDeg: null,
      windVariableToDeg: null,
      visibility: { value: 10, unit: 'SM', bound: null },
      cavok: false,
      directionalVisibility: [],
      runwayVisualRange: [],
      weather: [],
      recentWeather: [],
      clouds: [{ cover: 'FEW', baseFt: 25000, type: null }],
      skyCondition: null,
      verticalVisibilityFt: null,
      temperatureC: 22,
      dewPointC: 9,
      altimeter: { value: 30.12, unit: 'inHg' },
      otherAltimeters: [],
      windShear: [],
      runwayState: [],
      notReported: [],
      trends: [],
      remarks: 'AO2',
      unparsed: [],
    });
  });

  it('gives a null direction for variable wind and reads minus temperatures, metres and hPa', () => {
    const m = parseMetar('LFPG 151030Z VRB02KT 0800 FG M02/M03 Q1028')!;
    expect(m.windDirectionDeg).toBeNull();
    expect(m.windSpeed).toBe(2);
    expect(m.windGust).toBeNull();
    expect(m.visibility).toEqual({ value: 800, unit: 'm', bound: null });
    expect(m.weather).toEqual([{ code: 'FG', intensity: null, descriptor: null, phenomena: ['FG'] }]);
    expect(m.temperatureC).toBe(-2);
    expect(m.dewPointC).toBe(-3);
    expect(m.altimeter).toEqual({ value: 1028, unit: 'hPa' });
  });

  it('reads a fractional visibility in thunderstorm rain', () => {
    const m = parseMetar('SPECI KDAL 221912Z 27035G48KT 3/4SM +TSRA BKN030CB 18/16 A2990')!;
    expect(m.reportType).toBe('SPECI');
    expect(m.visibility).toEqual({ value: 0.75, unit: 'SM', bound: null });
    expect(m.windDirectionDeg).toBe(270);
    expect(m.windGust).toBe(48);
    expect(m.weather).toEqual([{ code: '+TSRA', intensity: '+', descriptor: 'TS', phenomena: ['RA'] }]);
    expect(m.clouds).toEqual([{ cover: 'BKN', baseFt: 3000, type: 'CB' }]);
  });

  it('reads directional visibility (1000W) next to the prevailing one instead of throwing', () => {
    const m = parseMetar('EGLL 121250Z 09010KT 1000W 3000 BR BKN004 08/07 Q1013')!;
    expect(m.windDirectionDeg).toBe(90);
    expect(m.windSpeed).toBe(10);
    expect(m.directionalVisibility).toEqual([{ value: 1000, unit: 'm', direction: 'W' }]);
    expect(m.visibility).toEqual({ value: 3000, unit: 'm', bound: null });
    expect(m.temperatureC).toBe(8);
    expect(m.unparsed).toEqual([]);
  });

  it('reads runway visual ranges: varying in feet, steady with a trend, above a bound', () => {
    const m = parseMetar(
      'METAR KSFO 121256Z 28010KT 1/2SM R28L/1200V1800FT R09/0800N R34L/P1500N R05/4500VP6000FT/N FG VV002 12/12 A2990',
    )!;
    expect(m.runwayVisualRange).toEqual([
      {
        runway: '28L',
        minValue: 1200,
        minBound: null,
        maxValue: 1800,
        maxBound: null,
        unit: 'ft',
        trend: null,
      },
      { runway: '09', minValue: 800, minBound: null, maxValue: null, maxBound: null, unit: 'm', trend: 'N' },
      {
        runway: '34L',
        minValue: 1500,
        minBound: 'moreThan',
        maxValue: null,
        maxBound: null,
        unit: 'm',
        trend: 'N',
      },
      {
        runway: '05',
        minValue: 4500,
        minBound: null,
        maxValue: 6000,
        maxBound: 'moreThan',
        unit: 'ft',
        trend: 'N',
      },
    ]);
    expect(m.verticalVisibilityFt).toBe(200);
    expect(m.unparsed).toEqual([]);
  });

  it('reads wind variation, CAVOK, recent weather, wind shear and a NOSIG trend', () => {
    const m = parseMetar(
      'METAR COR LEMD 121300Z 18010KT 150V210 CAVOK 21/M01 Q1019 RETS RERA WS R27 WS ALL RWY NOSIG',
    )!;
    expect(m.correction).toBe(true);
    expect([m.windVariableFromDeg, m.windVariableToDeg]).toEqual([150, 210]);
    expect(m.cavok).toBe(true);
    expect(m.visibility).toEqual({ value: 9999, unit: 'm', bound: 'moreThan' }); // 10 km or more
    expect(m.recentWeather.map((w) => w.code)).toEqual(['TS', 'RA']);
    expect(m.windShear).toEqual(['27', 'ALL']);
    expect(m.trends).toEqual([expect.objectContaining({ kind: 'NOSIG', unparsed: [] })]);
    expect(m.unparsed).toEqual([]);
  });

  it('reads TEMPO and BECMG trends with their own groups', () => {
    const m = parseMetar(
      'METAR SOCA 201500Z AUTO 30010KT 9999 BKN023 27/23 Q1012 TEMPO FM1600 TL1800 1200 TSRA BKN010CB BECMG 03010KT NSW',
    )!;
    expect(m.auto).toBe(true);
    expect(m.trends).toHaveLength(2);
    expect(m.trends[0]).toMatchObject({
      kind: 'TEMPO',
      from: '1600',
      until: '1800',
      visibility: { value: 1200, unit: 'm', bound: null },
      weather: [{ code: 'TSRA' }],
      clouds: [{ cover: 'BKN', baseFt: 1000, type: 'CB' }],
      unparsed: [],
    });
    expect(m.trends[1]).toMatchObject({
      kind: 'BECMG',
      windDirectionDeg: 30,
      windSpeed: 10,
      noSignificantWeather: true,
    });
    // The trend's groups are not the report's own.
    expect(m.weather).toEqual([]);
    expect(m.clouds).toHaveLength(1);
  });

  it('reads whole-and-fraction and bounded statute miles, NSC/NCD/CLR skies and 9999NDV', () => {
    expect(parseMetar('CZSJ 201517Z AUTO 10004KT 1 1/2SM -SN OVC036 M08/M10 A2990')!.visibility).toEqual({
      value: 1.5,
      unit: 'SM',
      bound: null,
    });
    expect(parseMetar('K3N8 201515Z AUTO 36003KT M1/4SM FG OVC003 01/01 A2995')!.visibility).toEqual({
      value: 0.25,
      unit: 'SM',
      bound: 'lessThan',
    });
    expect(parseMetar('KXYZ 201515Z 36003KT P6SM CLR 01/01 A2995')!.skyCondition).toBe('CLR');
    const ndv = parseMetar('BGSF 201450Z AUTO VRB03KT 9999NDV NCD M18/M24 Q1009')!;
    expect(ndv.visibility).toEqual({
      value: 9999,
      unit: 'm',
      bound: 'moreThan',
      noDirectionalVariation: true,
    });
    expect(ndv.skyCondition).toBe('NCD');
  });

  it('reads metres-per-second wind and the runway state groups of Russian reports', () => {
    const m = parseMetar(
      'METAR UUOL 201500Z 09002MPS 3300 -SN BR OVC003 00/00 Q1016 R33/////// R21/19//65 NOSIG',
    )!;
    expect(m.windUnit).toBe('MPS');
    expect(m.weather.map((w) => w.code)).toEqual(['-SN', 'BR']);
    expect(m.runwayState).toEqual(['R33///////', 'R21/19//65']);
    expect(m.temperatureC).toBe(0);
    expect(Object.is(m.dewPointC, 0)).toBe(true);
  });

  it('marks groups sent as slashes as not reported, and keeps odd groups as unparsed text', () => {
    const m = parseMetar('METAR MPBO 201500Z 27010KT(E) 9000 VCSH FEW008 ///// Q//// RERA CB/S/SW')!;
    expect(m.unparsed).toEqual(['CB/S/SW']);
    // (E): an estimated wind.
    expect([m.windDirectionDeg, m.windSpeed]).toEqual([270, 10]);
    expect(m.notReported).toEqual(['temperature', 'altimeter']);
    expect(m.visibility).toEqual({ value: 9000, unit: 'm', bound: null });
    expect(m.temperatureC).toBeNull();
  });

  it('keeps a second pressure group and the remarks', () => {
    const m = parseMetar('METAR MZBZ 201500Z 35007KT CAVOK 23/17 A3009 Q1019 NOSIG RMK CB TO S')!;
    expect(m.altimeter).toEqual({ value: 30.09, unit: 'inHg' });
    expect(m.otherAltimeters).toEqual([{ value: 1019, unit: 'hPa' }]);
    expect(m.remarks).toBe('CB TO S');
  });

  it('returns null for text that is not a METAR', () => {
    expect(parseMetar('')).toBeNull();
    expect(parseMetar('hello world')).toBeNull();
    expect(parseMetar('METAR')).toBeNull();
  });
});

// ───────── never throws ─────────

const PLAUSIBLE_TOKENS = [
  'METAR',
  'SPECI',
  'COR',
  'AUTO',
  'NIL',
  'KDFW',
  'EGLL',
  '221853Z',
  '18012G22KT',
  '26026G40',
  'VRB03KT',
  '00000KT',
  '/////KT',
  '09007MPS',
  '150V210',
  '9999',
  '0800',
  '1000W',
  '9999NDV',
  '10SM',
  '1',
  '1/2SM',
  'P1',
  '1100w',
  'VCMI',
  'M1/4SM',
  'P6SM',
  '10KM',
  'CAVOK',
  'R28L/1200V1800FT',
  'R09/0800N',
  'R34L/P1500N',
  'R05/4500VP6000FT/N',
  'R24/290050',
  'R09/CLRD70',
  '-TSRA',
  '+SHRASN',
  'VCSH',
  'BR',
  'RERA',
  'RETS',
  'FEW025',
  'BKN030CB',
  'OVC///',
  '///078///',
  'VV002',
  'NSC',
  'NCD',
  'CLR',
  'SKC',
  '22/09',
  'M02/M03',
  '28///',
  '/////',
  'Q1013',
  'A2992',
  'Q////',
  'WS',
  'R27',
  'ALL',
  'RWY',
  'NOSIG',
  'TEMPO',
  'BECMG',
  'FM1600',
  'TL1800',
  'NSW',
  'RMK',
  'AO2',
  'SLP132',
  '//',
  '////',
  '//////',
  '=',
  'R',
  'V',
  'G',
  'Z',
];
const METAR_CHARS = [...'0123456789/ABCDEFGKLMNOPQRSTUVWXYZ-+ '];

function tokensOutsideRemarks(raw: string): string[] {
  const tokens = raw
    .replace(/=+\s*$/, '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const rmk = tokens.indexOf('RMK');
  return rmk === -1 ? tokens : tokens.slice(0, rmk);
}

function neverThrows(raw: string): void {
  const result = parseMetar(raw);
  if (result === null) return;
  expect(result.station).toMatch(/^[A-Z][A-Z0-9]{3}$/);
  // Whatever is unparsed is text of the input, never invented.
  const tokens = tokensOutsideRemarks(raw);
  for (const u of [...result.unparsed, ...result.trends.flatMap((t) => t.unparsed)])
    expect(tokens).toContain(u);
}

describe('parseMetar never throws', () => {
  it('on any string', () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), neverThrows), { numRuns: 2000 });
  });

  it('on any full-Unicode string', () => {
    // fast-check 4 spells fc.fullUnicodeString() as fc.string({ unit: 'binary' }).
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), neverThrows), { numRuns: 1000 });
  });

  it('on strings built from plausible METAR tokens and fragments of them', () => {
    const token = fc.oneof(
      fc.constantFrom(...PLAUSIBLE_TOKENS),
      fc.string({ unit: fc.constantFrom(...METAR_CHARS), minLength: 1, maxLength: 12 }),
      fc
        .tuple(fc.constantFrom(...PLAUSIBLE_TOKENS), fc.nat(12), fc.nat(12))
        .map(([t, a, b]) => t.slice(Math.min(a, b), Math.max(a, b) + 1)),
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 30 }), fc.constantFrom(' ', '  ', '\n', '\t'), (tokens, sep) =>
        neverThrows(tokens.join(sep)),
      ),
      { numRuns: 5000 },
    );
  });
});
