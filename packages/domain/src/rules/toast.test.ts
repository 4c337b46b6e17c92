import { describe, it, expect } from 'vitest';
import { toastDurationMs } from './toast.ts';

describe('toast duration (spec 01 §4)', () => {
  it('lasts 3000 ms up to 37 header characters and 80 ms per character beyond', () => {
    expect(toastDurationMs('')).toBe(3000);
    expect(toastDurationMs('x'.repeat(37))).toBe(3000);
    expect(toastDurationMs('x'.repeat(38))).toBe(3040);
  });
});
