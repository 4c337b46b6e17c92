import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  isBreached,
  mostSeverePolicy,
  standardDeviationForPolicy,
  breachColour,
  temperaturePolicyType,
  selectFeelsLikeF,
  threatLevel,
  breachedSpans,
  seriesThreatLevel,
} from './policy-breach.ts';

const up = { threshold: 90, isDesc: false };
const down = { threshold: 32, isDesc: true };

describe('policy comparison (spec 01 §5)', () => {
  it('breaches an ascending policy at exactly the threshold and not just below it', () => {
    expect(isBreached(90, up)).toBe(true);
    expect(isBreached(89.99, up)).toBe(false);
  });

  it('breaches a descending policy at exactly the threshold and not just above it', () => {
    expect(isBreached(32, down)).toBe(true);
    expect(isBreached(32.01, down)).toBe(false);
  });

  it('takes the lowest threshold as most severe for ascending policies and the highest for descending ones', () => {
    expect(
      mostSeverePolicy([up, { threshold: 85, isDesc: false }, { threshold: 95, isDesc: false }])?.threshold,
    ).toBe(85);
    expect(
      mostSeverePolicy([down, { threshold: 40, isDesc: true }, { threshold: 20, isDesc: true }])?.threshold,
    ).toBe(40);
    expect(mostSeverePolicy([])).toBeUndefined();
  });

  it.each([
    ['PRECIP', 2, 1.5, 1.49],
    ['HEAT', 90, 89, 88.99],
    ['CHILL', 90, 89, 88.99],
    ['WBGT', 90, 89, 88.99],
    ['WIND', 40, 39, 38.99],
    ['GUST', 40, 39, 38.99],
  ])(
    'warns within one deviation of a %s policy of %s (at %s) and not past it (%s)',
    (type, threshold, edge, past) => {
      const sd = standardDeviationForPolicy(type);
      expect(breachColour(edge, { threshold, isDesc: false }, sd)).toBe('warning');
      expect(breachColour(past, { threshold, isDesc: false }, sd)).toBe('success');
    },
  );

  it('has no warning band for a type without a deviation (AQI)', () => {
    expect(breachColour(99.99, { threshold: 100, isDesc: false }, standardDeviationForPolicy('AQI'))).toBe(
      'success',
    );
  });

  it('colours a breach red, one deviation below it warning, and past that limit green', () => {
    expect(breachColour(90, up, 1)).toBe('error');
    expect(breachColour(89, up, 1)).toBe('warning');
    expect(breachColour(88.99, up, 1)).toBe('success');
  });

  it('colours a breached descending policy primary and one deviation above it warning', () => {
    expect(breachColour(32, down, 1)).toBe('primary');
    expect(breachColour(33, down, 1)).toBe('warning');
    expect(breachColour(33.01, down, 1)).toBe('success');
  });

  it("colours a value green only past the policy's limit when it has one", () => {
    const limited = { threshold: 90, isDesc: false, limit: 85 };
    expect(breachColour(85, limited, 1)).toBe('default');
    expect(breachColour(84.9, limited, 1)).toBe('success');
    const limitedDown = { threshold: 32, isDesc: true, limit: 40 };
    expect(breachColour(40, limitedDown, 1)).toBe('default');
    expect(breachColour(40.1, limitedDown, 1)).toBe('success');
  });

  it('uses the heat-index policy from 65 °F and wind chill below it', () => {
    expect(temperaturePolicyType(65)).toBe('HEAT');
    expect(temperaturePolicyType(64.9)).toBe('CHILL');
  });

  it('selects heat index from 80 °F, wind chill at 50 °F or below with wind from 5 mph, else temperature', () => {
    const base = { heatIndexF: 99, windChillF: () => 40 };
    expect(selectFeelsLikeF({ ...base, temperatureF: 80, windMph: 0 })).toBe(99);
    expect(selectFeelsLikeF({ ...base, temperatureF: 79.9, windMph: 20 })).toBe(79.9);
    expect(selectFeelsLikeF({ ...base, temperatureF: 50, windMph: 5 })).toBe(40);
    expect(selectFeelsLikeF({ ...base, temperatureF: 50, windMph: 4.9 })).toBe(50);
    expect(selectFeelsLikeF({ ...base, temperatureF: 50.1, windMph: 10 })).toBe(50.1);
  });

  it('gives threat level 2 at breach, 1 within one deviation and 0 beyond', () => {
    expect(threatLevel(90, up, 1)).toBe(2);
    expect(threatLevel(89, up, 1)).toBe(1);
    expect(threatLevel(88.9, up, 1)).toBe(0);
    expect(seriesThreatLevel([null, 80, 89.5, undefined], up, 1)).toBe(1);
    expect(seriesThreatLevel([], up, 1)).toBe(0);
  });

  it('reports each run of breached hours as one span, ended by a clear or missing hour', () => {
    const series = [
      { time: 'h0', value: 91 },
      { time: 'h1', value: 90 },
      { time: 'h2', value: 89 },
      { time: 'h3', value: 95 },
      { time: 'h4', value: null },
      { time: 'h5', value: 92 },
    ];
    expect(breachedSpans(series, up)).toEqual([
      { startTime: 'h0', endTime: 'h1' },
      { startTime: 'h3', endTime: 'h3' },
      { startTime: 'h5', endTime: 'h5' },
    ]);
  });

  it('keeps breach monotone in the value: a value further past the threshold stays breached', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.boolean(),
        (value, delta, threshold, isDesc) => {
          const rule = { threshold, isDesc };
          const further = isDesc ? value - delta : value + delta;
          if (isBreached(value, rule)) expect(isBreached(further, rule)).toBe(true);
        },
      ),
    );
  });
});
