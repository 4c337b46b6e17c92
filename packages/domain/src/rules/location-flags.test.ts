import { describe, it, expect } from 'vitest';
import { isSilenced, enableAlertsFlags, ALERT_CHANNELS_MASK } from './location-flags.ts';

describe('location flags (spec 01 §5, spec 02 §2.2)', () => {
  it('silences a location when any bit of mask 30 is set and not for bits outside it', () => {
    expect(ALERT_CHANNELS_MASK).toBe(30);
    expect(isSilenced(0)).toBe(false);
    expect(isSilenced(1)).toBe(false);
    expect(isSilenced(2)).toBe(true);
    expect(isSilenced(16)).toBe(true);
    expect(isSilenced(32)).toBe(false);
  });

  it('writes 0 when alerts are switched on and 30 when switched off', () => {
    expect(enableAlertsFlags(true)).toBe(0);
    expect(enableAlertsFlags(false)).toBe(30);
    expect(isSilenced(enableAlertsFlags(false))).toBe(true);
  });
});
