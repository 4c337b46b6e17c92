import { describe, it, expect } from 'vitest';
import { abbreviateCount, formatTemperature, formatValue } from './number-format.ts';

describe('number formats (spec 01 §8, §9; spec 02 §9)', () => {
  it('abbreviates counts from 1000 with K, M and B', () => {
    expect(abbreviateCount(999)).toBe('999');
    expect(abbreviateCount(1000)).toBe('1K');
    expect(abbreviateCount(1550)).toBe('1.5K');
    expect(abbreviateCount(999_999)).toBe('999.9K');
    expect(abbreviateCount(2_000_000)).toBe('2M');
    expect(abbreviateCount(1_250_000_000)).toBe('1.2B');
    expect(abbreviateCount(-1500)).toBe('-1.5K');
  });

  it('shows one temperature decimal, dropped when whole, and -- when missing', () => {
    expect(formatTemperature(72)).toBe('72');
    expect(formatTemperature(72.04)).toBe('72');
    expect(formatTemperature(72.05)).toBe('72.1');
    expect(formatTemperature(-3.5)).toBe('-3.5');
    expect(formatTemperature(null)).toBe('--');
    expect(formatTemperature(Number.NaN)).toBe('--');
  });

  it('shows -- for a missing value and fixed decimals otherwise', () => {
    expect(formatValue(undefined, 2)).toBe('--');
    expect(formatValue(0.125, 2)).toBe('0.13');
  });
});
