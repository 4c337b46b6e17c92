import { describe, expect, it } from 'vitest';
import { getContrastRatio } from '@mui/material/styles';
import { readableTextOn } from './readable-text.ts';

describe('readableTextOn', () => {
  // the seeded heat-risk level colours, and the extremes
  it.each(['#2e7d32', '#f9a825', '#ef6c00', '#c62828', '#ffffff', '#000000', '#fff59d', 'rgb(13, 71, 161)'])(
    'keeps text on %s at 4.5:1 or more',
    (fill) => {
      expect(getContrastRatio(fill, readableTextOn(fill))).toBeGreaterThanOrEqual(4.5);
    },
  );

  // the fills are data (each heat-stress level's colour is an administrator's choice): no fill may defeat the rule
  it('keeps 4.5:1 on every fill, each of the 4096 colours #000 to #fff', () => {
    const worst = Array.from({ length: 4096 }, (_, i) => `#${i.toString(16).padStart(3, '0')}`)
      .map((fill) => ({ fill, ratio: getContrastRatio(fill, readableTextOn(fill)) }))
      .reduce((a, b) => (b.ratio < a.ratio ? b : a));
    expect(worst.ratio, worst.fill).toBeGreaterThanOrEqual(4.5);
  });

  it('puts black on the amber and white on the dark green', () => {
    expect(readableTextOn('#f9a825')).toBe('#000000');
    expect(readableTextOn('#2e7d32')).toBe('#ffffff');
  });

  it('falls back to black for a colour it cannot read', () => {
    expect(readableTextOn('not a colour')).toBe('#000000');
  });
});
