import { describe, expect, it } from 'vitest';
import { parseMetar } from './metar.ts';

describe('parseMetar', () => {
  it('reads a US METAR with gusts, statute miles and inches of mercury', () => {
    expect(parseMetar('METAR KDFW 221853Z 18012G22KT 10SM FEW250 22/09 A3012 RMK AO2')).toEqual({
      station: 'KDFW',
      day: 22,
      hour: 18,
      minute: 53,
      windDirectionDeg: 180,
      windSpeed: 12,
      windGust: 22,
      windUnit: 'KT',
      visibility: { value: 10, unit: 'SM' },
      temperatureC: 22,
      dewPointC: 9,
      altimeter: { value: 30.12, unit: 'inHg' },
    });
  });

  it('gives a null direction for variable wind and reads minus temperatures, metres and hPa', () => {
    const m = parseMetar('LFPG 151030Z VRB02KT 0800 FG M02/M03 Q1028');
    expect(m.windDirectionDeg).toBeNull();
    expect(m.windSpeed).toBe(2);
    expect(m.windGust).toBeNull();
    expect(m.visibility).toEqual({ value: 800, unit: 'm' });
    expect(m.temperatureC).toBe(-2);
    expect(m.dewPointC).toBe(-3);
    expect(m.altimeter).toEqual({ value: 1028, unit: 'hPa' });
  });

  it('reads a fractional visibility in thunderstorm rain', () => {
    const m = parseMetar('SPECI KDAL 221912Z 27035G48KT 3/4SM +TSRA BKN030CB 18/16 A2990');
    expect(m.visibility).toEqual({ value: 0.75, unit: 'SM' });
    expect(m.windDirectionDeg).toBe(270);
    expect(m.windGust).toBe(48);
  });
});
