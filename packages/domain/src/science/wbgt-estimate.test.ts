import { describe, expect, it } from 'vitest';
import { wbgtEstimate } from './wbgt-estimate.ts';

describe('wbgtEstimate (Australian BoM shade approximation)', () => {
  it('applies WBGT = 0.567 Ta + 0.393 e + 3.94 with e from the BoM vapour pressure formula', () => {
    // 30 °C, 50%: e = 0.5 × 6.105 × exp(17.27 × 30 / 267.7) = 21.14 hPa → 17.01 + 8.31 + 3.94 = 29.26 °C
    expect(wbgtEstimate(30, 50)).toBeCloseTo(29.26, 2);
  });

  it('reduces to 0.567 Ta + 3.94 in perfectly dry air', () => {
    expect(wbgtEstimate(20, 0)).toBeCloseTo(0.567 * 20 + 3.94, 10);
  });

  it('is null for humidity outside 0–100%', () => {
    expect(wbgtEstimate(20, -0.1)).toBeNull();
    expect(wbgtEstimate(20, 100.1)).toBeNull();
    expect(wbgtEstimate(20, 100)).not.toBeNull();
  });
});
