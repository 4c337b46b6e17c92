import { describe, it, expect } from 'vitest';
import { strikeAgeColour, lightningLegendBucket } from './strike-age.ts';

describe('strike age (spec 01 §9)', () => {
  it('colours strikes red under 300 s, yellow from 300 s, green from 900 s and none from 1800 s', () => {
    expect(strikeAgeColour(-1)).toBe('red');
    expect(strikeAgeColour(299.9)).toBe('red');
    expect(strikeAgeColour(300)).toBe('yellow');
    expect(strikeAgeColour(899)).toBe('yellow');
    expect(strikeAgeColour(900)).toBe('green');
    expect(strikeAgeColour(1799)).toBe('green');
    expect(strikeAgeColour(1800)).toBeNull();
  });

  it('buckets the legend as 0-5, 5-15 and 15-30 minutes', () => {
    expect(lightningLegendBucket(0)).toBe('0-5 min');
    expect(lightningLegendBucket(5)).toBe('5-15 min');
    expect(lightningLegendBucket(14.9)).toBe('5-15 min');
    expect(lightningLegendBucket(15)).toBe('15-30 min');
    expect(lightningLegendBucket(30)).toBeNull();
  });
});
