import { describe, it, expect } from 'vitest';
import { isSilenced, enableAlertsFlags } from './location-flags.ts';

describe('location flags (spec 01 §5, spec 02 §2.2)', () => {
  it('silences a location when any of bits 2, 4, 8 and 16 (mask 30) is set and not for bits outside it', () => {
    expect(isSilenced(0)).toBe(false);
    const bits = [1, 2, 4, 8, 16, 32, 64, 128];
    expect(bits.filter(isSilenced)).toEqual([2, 4, 8, 16]);
    expect(isSilenced(1 | 32 | 64 | 128)).toBe(false);
    expect(isSilenced(1 | 8)).toBe(true);
  });

  it('writes 0 when alerts are switched on and 30 when switched off', () => {
    expect(enableAlertsFlags(true)).toBe(0);
    expect(enableAlertsFlags(false)).toBe(30);
    expect(isSilenced(enableAlertsFlags(false))).toBe(true);
  });
});
