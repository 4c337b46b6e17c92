// The matcher's shared zone lists agree with the domain's rule (d ≤ r, r > 0) for every distance and set of radii.
import { zonesContainingStrike } from '@allclear/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { containingZones } from './matcher.ts';

const radius = fc.oneof(fc.constant(0), fc.double({ min: 0, max: 30, noNaN: true }), fc.constant(-1));

describe('containingZones', () => {
  it('lists the zones zonesContainingStrike lists, at and around each radius', () => {
    fc.assert(
      fc.property(
        fc.tuple(radius, radius, radius, radius),
        fc.double({ min: 0, max: 40, noNaN: true }),
        (radii, d) => {
          for (const distance of [d, ...radii])
            expect(containingZones(distance, radii)).toEqual(zonesContainingStrike(distance, radii));
        },
      ),
    );
  });

  it('hands out the same read-only list for the same zones', () => {
    const a = containingZones(2, [3, 5, 8, 10]);
    expect(a).toEqual([0, 1, 2, 3]);
    expect(containingZones(1, [3, 5, 8, 10])).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(containingZones(9, [3, 5, 8, 10])).toEqual([3]);
    expect(containingZones(11, [3, 5, 8, 10])).toEqual([]);
  });
});
