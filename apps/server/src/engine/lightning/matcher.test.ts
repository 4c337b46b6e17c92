// The matcher (the spatial index's packed exact test) agrees with the domain's rule, measured as the domain
// measures it: greatCircleMiles, zones by zoneMaskContainingStrike (d ≤ r, r > 0), ground-only locations skipping
// cloud strikes; for circles in the packed grid and in the overlay of changes since it was packed.
import {
  destinationPoint,
  greatCircleMiles,
  StrikeType,
  timeZoneAt,
  zoneMaskContainingStrike,
  zonesContainingStrike,
} from '@allclear/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchLocations, matchSirens, type LocationEntry, type SirenEntry } from './matcher.ts';
import { CircleIndex } from './spatial-index.ts';

const radius = fc.oneof(fc.constant(0), fc.double({ min: 0, max: 30, noNaN: true }), fc.constant(-1));
const dallas = { latitude: 32.7767, longitude: -96.797 };

function location(
  key: number,
  at: { latitude: number; longitude: number },
  radii: [number, number, number, number],
  groundOnly = false,
): LocationEntry {
  return {
    key,
    ...at,
    radiusMiles: Math.max(0, ...radii),
    customerId: 1,
    label: `L${key}`,
    radii,
    allClearMinutes: 30,
    countCloudToGroundOnly: groundOnly,
    timeZone: timeZoneAt(at.latitude, at.longitude),
  };
}

/** The rule by brute force over every location: key, exact distance and zone list. */
function bruteForce(
  all: readonly LocationEntry[],
  strike: { latitude: number; longitude: number; type: number },
) {
  const ground = strike.type === StrikeType.GroundGeneral || strike.type === StrikeType.CloudToGround;
  return all
    .filter((e) => ground || !e.countCloudToGroundOnly)
    .map((e) => {
      const distanceMiles = greatCircleMiles(e, strike);
      return { key: e.key, distanceMiles, zones: zonesContainingStrike(distanceMiles, e.radii) };
    })
    .filter((m) => m.zones.length > 0)
    .sort((a, b) => a.key - b.key);
}

const found = (
  index: CircleIndex<LocationEntry>,
  strike: { latitude: number; longitude: number; type: number },
) =>
  matchLocations(index, strike)
    .map((m) => ({ key: m.entry.key, distanceMiles: m.distanceMiles, zones: [...m.zones] }))
    .sort((a, b) => a.key - b.key);

describe('matchLocations', () => {
  it('finds what the rule finds, at the same distance, for random zones, strike kinds and points on the edges', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            radii: fc.tuple(radius, radius, radius, radius),
            bearing: fc.double({ min: 0, max: 360, noNaN: true }),
            miles: fc.double({ min: 0, max: 30, noNaN: true }),
            groundOnly: fc.boolean(),
            overlay: fc.boolean(),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        fc.constantFrom(StrikeType.GroundGeneral, StrikeType.CloudToGround, 2, 4),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 0, max: 35, noNaN: true }),
        (specs, type, strikeBearing, strikeMiles) => {
          const all = specs.map((s, i) =>
            location(i + 1, destinationPoint(dallas, s.bearing, s.miles), s.radii, s.groundOnly),
          );
          const index = new CircleIndex<LocationEntry>();
          index.reset(all.filter((_, i) => !specs[i]!.overlay));
          for (const [i, e] of all.entries()) if (specs[i]!.overlay) index.upsert(e);
          // the strike somewhere around, and exactly on each zone's edge
          const points = [destinationPoint(dallas, strikeBearing, strikeMiles)];
          for (const e of all)
            for (const r of e.radii) if (r > 0) points.push(destinationPoint(e, strikeBearing, r));
          for (const p of points) {
            const strike = { ...p, type };
            expect(found(index, strike)).toEqual(bruteForce(all, strike));
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it("counts a strike exactly on a zone's edge (d = r as greatCircleMiles measures it), packed or not", () => {
    for (const bearing of [0, 37, 90, 200, 333]) {
      for (const miles of [0.5, 7, 29.9]) {
        const p = destinationPoint(dallas, bearing, miles);
        const d = greatCircleMiles(dallas, p);
        const outer = location(1, dallas, [d, d + 1, 0, 0]);
        const inner = location(2, dallas, [d / 2, d, 0, 0]);
        const grid = new CircleIndex<LocationEntry>();
        grid.reset([outer, inner]);
        const overlay = new CircleIndex<LocationEntry>();
        overlay.reset([]);
        overlay.upsert(outer);
        overlay.upsert(inner);
        for (const index of [grid, overlay])
          expect(found(index, { ...p, type: 4 })).toEqual([
            { key: 1, distanceMiles: d, zones: [0, 1] },
            { key: 2, distanceMiles: d, zones: [1] },
          ]);
      }
    }
  });

  it('hands out the same read-only zone list for the same zones', () => {
    const index = new CircleIndex<LocationEntry>();
    index.reset([location(1, dallas, [3, 5, 8, 10]), location(2, dallas, [3, 5, 8, 10])]);
    const [a, b] = matchLocations(index, { ...destinationPoint(dallas, 0, 2), type: 1 });
    expect(a!.zones).toEqual([0, 1, 2, 3]);
    expect(b!.zones).toBe(a!.zones);
    expect(Object.isFrozen(a!.zones)).toBe(true);
    expect(matchLocations(index, { ...destinationPoint(dallas, 0, 9), type: 1 })[0]!.zones).toEqual([3]);
    expect(matchLocations(index, { ...destinationPoint(dallas, 0, 11), type: 1 })).toEqual([]);
  });

  it('counts only ground strikes for a cloud-to-ground-only location', () => {
    const index = new CircleIndex<LocationEntry>();
    index.reset([location(1, dallas, [10, 0, 0, 0], true)]);
    const near = destinationPoint(dallas, 90, 5);
    expect(matchLocations(index, { ...near, type: StrikeType.CloudToGround })).toHaveLength(1);
    expect(matchLocations(index, { ...near, type: StrikeType.GroundGeneral })).toHaveLength(1);
    expect(matchLocations(index, { ...near, type: 2 })).toEqual([]);
    expect(matchLocations(index, { ...near, type: 4 })).toEqual([]);
  });
});

describe('matchSirens', () => {
  it('finds sirens within their radius (d ≤ r) for every kind of strike, as the rule does', () => {
    const siren = (key: number, radiusMiles: number): SirenEntry => ({
      key,
      ...dallas,
      radiusMiles,
      customerId: 1,
      name: `S${key}`,
      enabled: true,
      timeZoneId: 'America/Chicago',
      allClearMinutes: 15,
      duration: 10,
      frequency: 1,
      allClearDuration: 10,
      allClearFrequency: 1,
    });
    const index = new CircleIndex<SirenEntry>();
    index.reset([siren(1, 5), siren(2, 10), siren(3, 0)]);
    for (const miles of [0, 4.9, 5, 7, 10, 12]) {
      const p = { ...destinationPoint(dallas, 135, miles), type: 4 };
      const expected = [1, 2, 3].filter(
        (key) => zoneMaskContainingStrike(greatCircleMiles(dallas, p), [index.get(key)!.radiusMiles]) !== 0,
      );
      const got = matchSirens(index, p);
      expect(got.map((m) => m.entry.key).sort()).toEqual(expected);
      for (const m of got) expect(m.distanceMiles).toBe(greatCircleMiles(m.entry, p));
    }
  });
});
