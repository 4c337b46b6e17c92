import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { CustomerFeature } from '../enums.ts';
import {
  moveZone,
  hasZoneSpacing,
  enableZone,
  disableZone,
  isFourthZoneVisible,
  validateZones,
  zoneBoundsMessage,
  MAX_ZONE_RADIUS_MILES,
  type ZoneRadii,
} from './zones.ts';

describe('location zones (spec 01 §4, §5)', () => {
  /** Zone, minimum and maximum miles of spec 01 §5 'Location zones'. */
  const SPEC_BOUNDS = [
    [1, 2, 47],
    [2, 4, 48],
    [3, 6, 49],
    [4, 8, 50],
  ];
  // the zones below the one judged sit at their own minimums, so only its bounds decide
  const below = [2, 4, 6];
  const radiiWith = (zone: number, miles: number) => {
    const r = [...below.slice(0, zone - 1), miles, 0, 0, 0];
    return { radius1: r[0]!, radius2: r[1]!, radius3: r[2]!, radius4: r[3]! };
  };
  it.each(SPEC_BOUNDS)(
    'accepts zone %i from %s to %s miles and refuses 0.01 mile outside',
    (zone, min, max) => {
      expect(validateZones(radiiWith(zone, min))).toEqual({});
      expect(validateZones(radiiWith(zone, max))).toEqual({});
      for (const miles of [min - 0.01, max + 0.01])
        expect(validateZones(radiiWith(zone, miles)), `${miles}`).toEqual({
          [`Radius${zone}`]: zoneBoundsMessage(zone),
        });
    },
  );

  it.each(SPEC_BOUNDS)('stops a slider move of zone %i at %s and %s miles', (zone, min, max) => {
    const zones = [...below.slice(0, zone - 1), min + 1, 0, 0, 0].slice(0, 4) as unknown as ZoneRadii;
    expect(moveZone(zones, zone - 1, max + 10)[zone - 1]).toBe(max);
    expect(moveZone(zones, zone - 1, 0)[zone - 1]).toBe(min);
  });

  it('clamps a moved zone to its soft bounds', () => {
    expect(moveZone([10, 0, 0, 0], 0, 1)).toEqual([2, 0, 0, 0]);
    expect(moveZone([10, 0, 0, 0], 0, 48)).toEqual([47, 0, 0, 0]);
  });

  it('pushes higher zones up to stay 1 mile apart when a lower zone moves up', () => {
    expect(moveZone([10, 20, 21, 30], 0, 20)).toEqual([20, 21, 22, 30]);
  });

  it('pushes lower zones down to stay 1 mile apart when a higher zone moves down', () => {
    expect(moveZone([5, 10, 15, 20], 3, 8)).toEqual([5, 6, 7, 8]);
  });

  it('leaves zones exactly 1 mile apart untouched', () => {
    expect(moveZone([10, 11, 12, 0], 1, 11)).toEqual([10, 11, 12, 0]);
  });

  it('ignores a slider move on a disabled zone', () => {
    const zones: ZoneRadii = [10, 0, 0, 0];
    expect(moveZone(zones, 2, 30)).toBe(zones);
  });

  it('rejects a zone index outside 0..3', () => {
    expect(() => moveZone([10, 0, 0, 0], 4, 10)).toThrow(RangeError);
  });

  it('keeps zone 1 always on and enables zone N one mile above the prior zone', () => {
    expect(enableZone([10, 0, 0, 0], 0)).toEqual([10, 0, 0, 0]);
    expect(enableZone([10, 0, 0, 0], 1)).toEqual([10, 11, 0, 0]);
    expect(enableZone([2, 0, 0, 0], 1)).toEqual([2, 4, 0, 0]);
    expect(enableZone([10, 0, 0, 0], 2)).toEqual([10, 0, 0, 0]);
    expect(enableZone([10, 12, 0, 0], 1)).toEqual([10, 12, 0, 0]);
  });

  it('zeros zone N and every higher zone on disable, never zone 1', () => {
    expect(disableZone([10, 20, 30, 40], 2)).toEqual([10, 20, 0, 0]);
    expect(disableZone([10, 20, 30, 40], 0)).toEqual([10, 20, 30, 40]);
  });

  it('shows zone 4 with the entitlement or an existing radius4 above 0', () => {
    expect(isFourthZoneVisible([CustomerFeature.FOURTH_LIGHTNING_ZONE_SUPPORT], 0)).toBe(true);
    expect(isFourthZoneVisible([], 0.1)).toBe(true);
    expect(isFourthZoneVisible([], 0)).toBe(false);
    expect(isFourthZoneVisible([CustomerFeature.WIDGET_ACCESS], null)).toBe(false);
  });

  it('validates zone 1 always on within 2..47, zones 2..4 off or within their bounds, 1-mile spacing and zeros after a disabled zone, keyed by field', () => {
    expect(validateZones({ radius1: 10, radius2: 11, radius3: 49, radius4: 0 })).toEqual({});
    expect(validateZones({ radius1: 2, radius2: 0, radius3: 0 })).toEqual({});
    expect(validateZones({ radius1: 47, radius2: 48, radius3: 49, radius4: 50 })).toEqual({});
    expect(validateZones({ radius1: 10, radius2: 10.5, radius3: 0, radius4: 5 })).toEqual({
      Radius2: 'Zone 2 must be at least 1 mile above zone 1.',
      Radius4: 'Zone 4 must be 0 while zone 3 is disabled.',
    });
    expect(validateZones({ radius1: -1, radius2: 51, radius3: 0 })).toEqual({
      Radius1: 'Zone 1 is always on: its radius must be between 2 and 47 miles.',
      Radius2: 'Zone 2 radius must be 0 (off) or between 4 and 48 miles.',
    });
    // all zones 0: zone 1 cannot be off (spec 01 §4 'Zone enablement')
    expect(validateZones({ radius1: 0, radius2: 0, radius3: 0, radius4: 0 })).toEqual({
      Radius1: 'Zone 1 is always on: its radius must be between 2 and 47 miles.',
    });
    expect(Object.keys(validateZones({ radius1: 1.99, radius2: 0, radius3: 0 }))).toEqual(['Radius1']);
    expect(Object.keys(validateZones({ radius1: 47.01, radius2: 0, radius3: 0 }))).toEqual(['Radius1']);
    expect(Object.keys(validateZones({ radius1: 2, radius2: 3.5, radius3: 0 }))).toEqual(['Radius2']);
    expect(Object.keys(validateZones({ radius1: 10, radius2: 20, radius3: 49.5 }))).toEqual(['Radius3']);
  });

  it('accepts exactly the zones a slider move can produce from valid zones', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 4 }),
        (index, value, count) => {
          const start: ZoneRadii = [10, 20, 30, 40].map((r, i) =>
            i < count ? r : 0,
          ) as unknown as ZoneRadii;
          const moved = moveZone(start, index, value);
          const [radius1, radius2, radius3, radius4] = moved;
          expect(validateZones({ radius1, radius2, radius3, radius4 })).toEqual({});
        },
      ),
    );
  });

  it('keeps 1-mile spacing after any slider move on any enabled zone', () => {
    const zonesArb = fc
      .tuple(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.double({ min: 0.5, max: 50, noNaN: true }), { minLength: 4, maxLength: 4 }),
      )
      .map(([enabled, values]) => values.map((v, i) => (i < enabled ? v : 0)) as unknown as ZoneRadii);
    fc.assert(
      fc.property(
        zonesArb,
        fc.nat(3),
        fc.double({ min: -10, max: 70, noNaN: true }),
        (zones, anyIndex, value) => {
          const enabledCount = zones.filter((r) => r > 0).length;
          const moved = moveZone(zones, anyIndex % enabledCount, value);
          expect(hasZoneSpacing(moved)).toBe(true);
          moved.forEach((r) => expect(r).toBeLessThanOrEqual(MAX_ZONE_RADIUS_MILES));
        },
      ),
    );
  });

  it('keeps a spaced set of zones spaced after any slider move, on enabled and disabled zones alike', () => {
    const spacedArb = fc
      .tuple(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 2, max: 47 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 3, maxLength: 3 }),
      )
      .map(([enabled, first, gaps]) => {
        const zones = [first, 0, 0, 0];
        for (let i = 1; i < enabled; i++) zones[i] = Math.min(zones[i - 1]! + gaps[i - 1]!, 47 + i);
        return zones as unknown as ZoneRadii;
      })
      .filter(hasZoneSpacing);
    fc.assert(
      fc.property(spacedArb, fc.nat(3), fc.integer({ min: 0, max: 60 }), (zones, index, value) =>
        hasZoneSpacing(moveZone(zones, index, value)),
      ),
    );
  });
});
