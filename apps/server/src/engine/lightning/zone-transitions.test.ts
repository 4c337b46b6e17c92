// Edge table of a location's zone transitions (ARCHITECTURE.md 'Lightning delay': d ≤ r restarts zone i,
// r = 0 is off, the zone clears A minutes after its last strike; spec 01 §4 'Policy lock'). Strikes are
// matched as the engine matches them (matcher.ts on a one-location index); expected times are written out.
import {
  advanceZone,
  applyStrike,
  destinationPoint,
  initialBearingDeg,
  type LightningPolicy,
} from '@allclear/domain';
import fc from 'fast-check';
import type { Strike, StrikeType } from '@allclear/weather';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlertEvent } from '../contracts.ts';
import type { LocationRow, ZoneStateRow } from './lightning.repository.ts';
import { matchLocations, toLocationEntry, type LocationEntry } from './matcher.ts';
import { CircleIndex } from './spatial-index.ts';
import {
  applyLocationHits,
  blankZones,
  changesNothing,
  delayState,
  episodeId,
  HELD_NOTE_MS,
  settleLocation,
  warmLocationTexts,
  type LocationHit,
} from './zone-transitions.ts';

const T0 = '2026-07-01T17:00:00.000Z';
const MINUTE = 60_000;
const at = (offsetMs: number) => new Date(new Date(T0).getTime() + offsetMs);

function place(row: Partial<LocationRow> = {}, policies: LightningPolicy[] = []): LocationEntry {
  return toLocationEntry(
    {
      id: 7,
      customerId: 3,
      label: 'North Field',
      latitude: 32,
      longitude: -97,
      radius1: 10,
      radius2: 0,
      radius3: 0,
      radius4: 0,
      allClearMinutes: 30,
      countCloudToGroundOnly: false,
      ...row,
    },
    policies,
  );
}

let seq = 0;
/** A strike `miles` due north of the location (great-circle distance equal to `miles` to within 1e-12). */
function strike(entry: LocationEntry, miles: number, time: Date, type: StrikeType = 1): Strike {
  const p = destinationPoint(entry, 0, miles);
  seq += 1;
  return {
    id: `s-${seq}`,
    time,
    latitude: p.latitude,
    longitude: p.longitude,
    type,
    amperageKa: -20,
    cloud: false,
    source: 'test',
    observedAt: time,
  };
}

function hitsOf(entry: LocationEntry, strikes: Strike[]): LocationHit[] {
  const index = new CircleIndex<LocationEntry>();
  index.reset([entry]);
  return strikes.flatMap((s) =>
    matchLocations(index, s).map((m) => ({ strike: s, distanceMiles: m.distanceMiles, zones: m.zones })),
  );
}

/** One engine step for one location at `now`: settle the zones, then apply the strikes (as processLocations does). */
function step(entry: LocationEntry, zones: ZoneStateRow[], strikes: Strike[], now: Date) {
  const changed = new Set<number>();
  const events: AlertEvent[] = [];
  const allClear = settleLocation(entry, zones, now, changed);
  if (allClear) events.push(allClear);
  events.push(...applyLocationHits(entry, zones, hitsOf(entry, strikes), now, changed));
  return { events, changed: [...changed].sort() };
}

const inDelay = (zones: ZoneStateRow[]) => zones.filter((z) => z.inDelay).map((z) => z.zone);

describe('zone transitions: which strikes start a delay', () => {
  it('a strike at exactly r1 = 10 miles starts zone 1, clearing 30 minutes after the strike', () => {
    const entry = place();
    const zones = blankZones(7);
    const s = strike(entry, 10, at(0));
    const { events, changed } = step(entry, zones, [s], at(0));
    expect(changed).toEqual([1]);
    expect(inDelay(zones)).toEqual([1]);
    expect(zones[0]).toMatchObject({
      lastStrikeId: s.id,
      delayStartedAt: new Date(T0),
      allClearAt: new Date('2026-07-01T17:30:00.000Z'),
      correlationId: episodeId(7, s.id),
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'lightning-delay',
      locationId: 7,
      customerId: 3,
      correlationId: episodeId(7, s.id),
      details: {
        strikeId: s.id,
        zone: 1,
        zones: [1],
        radiusMiles: 10,
        allClearAt: '2026-07-01T17:30:00.000Z',
      },
    });
  });

  it('a strike at 10.01 miles of a 10-mile zone changes nothing', () => {
    const entry = place();
    const zones = blankZones(7);
    const { events, changed } = step(entry, zones, [strike(entry, 10.01, at(0))], at(0));
    expect(events).toEqual([]);
    expect(changed).toEqual([]);
    expect(zones).toEqual(blankZones(7));
  });

  it('a 50-mile zone 4 takes a strike at exactly 50 miles and refuses one at 50.01', () => {
    const entry = place({ radius1: 10, radius2: 20, radius3: 30, radius4: 50 });
    const refused = blankZones(7);
    expect(step(entry, refused, [strike(entry, 50.01, at(0))], at(0)).events).toEqual([]);
    const zones = blankZones(7);
    const { events } = step(entry, zones, [strike(entry, 50, at(0))], at(0));
    expect(inDelay(zones)).toEqual([4]);
    expect(events[0]!.details).toMatchObject({ zone: 4, zones: [4], radiusMiles: 50 });
  });

  it('a strike at 15 miles of zones 10/20/30 starts zones 2 and 3 and names the inner one', () => {
    const entry = place({ radius1: 10, radius2: 20, radius3: 30 });
    const zones = blankZones(7);
    const { events } = step(entry, zones, [strike(entry, 15, at(0))], at(0));
    expect(inDelay(zones)).toEqual([2, 3]);
    expect(events).toHaveLength(1);
    expect(events[0]!.details).toMatchObject({ zone: 2, zones: [2, 3], radiusMiles: 20 });
  });

  it('a zone of radius 0 is off: a strike on the location itself starts only the zones above 0', () => {
    const entry = place({ radius1: 10, radius2: 0, radius3: 0, radius4: 0 });
    const zones = blankZones(7);
    step(entry, zones, [strike(entry, 0, at(0))], at(0));
    expect(inDelay(zones)).toEqual([1]);
    expect(zones.slice(1).every((z) => z.lastStrikeAt === null)).toBe(true);
  });

  it('a strike that arrives exactly 30 minutes after it struck starts no delay (its zone is already clear)', () => {
    const entry = place();
    const zones = blankZones(7);
    const s = strike(entry, 5, at(0));
    const { events } = step(entry, zones, [s], at(30 * MINUTE));
    expect(events).toEqual([]);
    expect(inDelay(zones)).toEqual([]);
    expect(zones[0]!.lastStrikeId).toBe(s.id);
  });

  it('a cloud-to-ground-only location ignores types 2 and 4 and counts the ground strikes, types 1 and 3', () => {
    const entry = place({ countCloudToGroundOnly: true });
    const zones = blankZones(7);
    const cloud = [strike(entry, 5, at(0), 2), strike(entry, 5, at(0), 4)];
    expect(step(entry, zones, cloud, at(0)).events).toEqual([]);
    expect(step(entry, zones, [strike(entry, 5, at(0), 3)], at(0)).events).toHaveLength(1);
  });

  it("takes the LR1 policy's 8 miles and 20 minutes over the location's 10 miles and 30 minutes (policy lock)", () => {
    const entry = place({ radius1: 10, allClearMinutes: 30 }, [
      { policyTypeShortName: 'LR1', threshold: 8, allClearMinutes: 20 },
    ]);
    const refused = blankZones(7);
    expect(step(entry, refused, [strike(entry, 8.01, at(0))], at(0)).events).toEqual([]);
    const zones = blankZones(7);
    const { events } = step(entry, zones, [strike(entry, 8, at(0))], at(0));
    expect(events[0]!.details).toMatchObject({
      radiusMiles: 8,
      allClearMinutes: 20,
      allClearAt: '2026-07-01T17:20:00.000Z',
    });
  });
});

describe('zone transitions: restarts and all-clears', () => {
  it('clears exactly 30 minutes after the strike, not at 29:59, in the episode of its delay', () => {
    const entry = place();
    const zones = blankZones(7);
    const delay = step(entry, zones, [strike(entry, 5, at(0))], at(0)).events[0]!;
    expect(step(entry, zones, [], at(30 * MINUTE - 1000))).toEqual({ events: [], changed: [] });
    const { events, changed } = step(entry, zones, [], at(30 * MINUTE));
    expect(changed).toEqual([1]);
    expect(inDelay(zones)).toEqual([]);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'lightning-all-clear',
      correlationId: delay.correlationId,
      occurredAt: new Date('2026-07-01T17:30:00.000Z'),
      details: { zones: [1], allClearAt: '2026-07-01T17:30:00.000Z', locationAllClear: true },
    });
    // the episode is over: the next delay is a new one
    expect(zones[0]!.correlationId).toBeNull();
  });

  it('a strike at minute 29 restarts the zone: no new alert, all clear at minute 59', () => {
    const entry = place();
    const zones = blankZones(7);
    const first = strike(entry, 5, at(0));
    step(entry, zones, [first], at(0));
    const { events, changed } = step(entry, zones, [strike(entry, 5, at(29 * MINUTE))], at(29 * MINUTE));
    expect(events).toEqual([]);
    expect(changed).toEqual([1]);
    expect(zones[0]).toMatchObject({
      allClearAt: new Date('2026-07-01T17:59:00.000Z'),
      delayStartedAt: new Date(T0),
      correlationId: episodeId(7, first.id),
    });
    expect(step(entry, zones, [], at(30 * MINUTE)).events).toEqual([]);
    expect(step(entry, zones, [], at(59 * MINUTE)).events[0]!.kind).toBe('lightning-all-clear');
  });

  it('a strike older than the zone last strike, and out of its delay reach, changes nothing', () => {
    const entry = place();
    const zones = blankZones(7);
    const newer = strike(entry, 5, at(40 * MINUTE));
    step(entry, zones, [newer], at(40 * MINUTE));
    const before = structuredClone(zones);
    // 5 + 30 minutes ends before the delay started at minute 40
    const { events, changed } = step(entry, zones, [strike(entry, 2, at(5 * MINUTE))], at(40 * MINUTE));
    expect(events).toEqual([]);
    expect(changed).toEqual([]);
    expect(zones).toEqual(before);
  });

  it('a strike in zone 1 while only zone 2 is in delay escalates at once, in the same episode', () => {
    const entry = place({ radius1: 10, radius2: 20 });
    const zones = blankZones(7);
    const outer = step(entry, zones, [strike(entry, 15, at(0))], at(0)).events[0]!;
    const { events } = step(entry, zones, [strike(entry, 5, at(MINUTE))], at(MINUTE));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'lightning-delay',
      correlationId: outer.correlationId,
      details: { zone: 1, zones: [1] },
    });
  });

  it('zones clearing at different times: the first all-clear says the location is still in delay', () => {
    const entry = place({ radius1: 10, radius2: 20 });
    const zones = blankZones(7);
    step(entry, zones, [strike(entry, 5, at(0))], at(0)); // zones 1 and 2
    step(entry, zones, [strike(entry, 15, at(10 * MINUTE))], at(10 * MINUTE)); // zone 2 again
    const first = step(entry, zones, [], at(30 * MINUTE)).events;
    expect(first).toHaveLength(1);
    expect(first[0]!.details).toMatchObject({ zones: [1], radiusMiles: 10, locationAllClear: false });
    expect(inDelay(zones)).toEqual([2]);
    const last = step(entry, zones, [], at(40 * MINUTE)).events;
    expect(last[0]!.details).toMatchObject({
      zones: [2],
      allClearAt: '2026-07-01T17:40:00.000Z',
      locationAllClear: true,
    });
    expect(last[0]!.correlationId).toBe(first[0]!.correlationId);
  });

  it('zones whose timers run out together give one all-clear naming both, with the outer zone radius and last strike', () => {
    const entry = place({ radius1: 10, radius2: 20 });
    const zones = blankZones(7);
    const outerStrike = strike(entry, 15, at(0));
    step(entry, zones, [strike(entry, 5, at(0)), outerStrike], at(0));
    const { events } = step(entry, zones, [], at(30 * MINUTE));
    expect(events).toHaveLength(1);
    expect(events[0]!.details).toMatchObject({
      zones: [1, 2],
      radiusMiles: 20,
      strikeId: outerStrike.id,
      locationAllClear: true,
    });
    expect(events[0]!.details.distanceMiles).toBeCloseTo(15, 9);
  });

  it('an all-clear due and a new strike in one step: the old episode clears, a new one starts', () => {
    const entry = place();
    const zones = blankZones(7);
    const first = strike(entry, 5, at(0));
    step(entry, zones, [first], at(0));
    const second = strike(entry, 5, at(31 * MINUTE));
    const { events } = step(entry, zones, [second], at(31 * MINUTE));
    expect(events.map((e) => e.kind)).toEqual(['lightning-all-clear', 'lightning-delay']);
    expect(events[0]!.correlationId).toBe(episodeId(7, first.id));
    expect(events[1]!.correlationId).toBe(episodeId(7, second.id));
  });

  it('a shorter all-clear timer (policy or edit) moves the due time of a zone in delay', () => {
    const entry = place();
    const zones = blankZones(7);
    step(entry, zones, [strike(entry, 5, at(0))], at(0));
    const shorter = place({ allClearMinutes: 20 });
    const { events, changed } = step(shorter, zones, [], at(10 * MINUTE));
    expect(events).toEqual([]);
    expect(changed).toEqual([1]);
    expect(zones[0]!.allClearAt).toEqual(new Date('2026-07-01T17:20:00.000Z'));
    expect(step(shorter, zones, [], at(20 * MINUTE)).events[0]!.kind).toBe('lightning-all-clear');
  });
});

describe('zone transitions: replay of stored strikes after a restart', () => {
  it('starts the delay when the strike struck, under the episode id the alert had, and raises nothing', () => {
    const entry = place();
    const zones = blankZones(7);
    const s = strike(entry, 5, at(0));
    const changed = new Set<number>();
    const events = applyLocationHits(entry, zones, hitsOf(entry, [s]), at(12 * MINUTE), changed, {
      replay: true,
    });
    expect(events).toEqual([]);
    expect([...changed]).toEqual([1]);
    expect(zones[0]).toMatchObject({
      inDelay: true,
      delayStartedAt: new Date(T0),
      allClearAt: new Date('2026-07-01T17:30:00.000Z'),
      correlationId: episodeId(7, s.id),
    });
  });

  it('the episode id is a UUID-shaped digest of the location and the strike', () => {
    expect(episodeId(7, 's-1')).toBe(episodeId(7, 's-1'));
    expect(episodeId(7, 's-1')).not.toBe(episodeId(8, 's-1'));
    expect(episodeId(7, 's-1')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    // the same id as every earlier version made: a replay after an upgrade finds the episode the rows name
    expect(episodeId(42, 'strike-1')).toBe('41ba5816-9373-54ee-bd8b-441d6abb403e');
  });
});

describe('zone transitions: strikes held through a database outage (issue 21)', () => {
  const held = (s: Strike, receivedAt: Date) => ({ ...s, receivedAt });

  it('a strike applied 2 minutes after it struck starts the delay at its time: countdown and all-clear as without the outage', () => {
    const entry = place();
    const zones = blankZones(7);
    const s = held(strike(entry, 5, at(2 * MINUTE)), at(2 * MINUTE));
    const { events } = step(entry, zones, [s], at(4 * MINUTE));
    expect(zones[0]).toMatchObject({
      inDelay: true,
      lastStrikeAt: at(2 * MINUTE),
      delayStartedAt: at(2 * MINUTE),
      allClearAt: new Date('2026-07-01T17:32:00.000Z'),
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'lightning-delay',
      occurredAt: at(4 * MINUTE),
      details: {
        strikeTime: '2026-07-01T17:02:00.000Z',
        allClearAt: '2026-07-01T17:32:00.000Z',
        heldSeconds: 120,
        receivedAt: '2026-07-01T17:02:00.000Z',
      },
    });
    expect(events[0]!.body).toContain('All clear at 12:32:00 PM CDT');
    expect(events[0]!.body).toContain(
      'Sent 120 s late: the strike at 12:02:00 PM CDT was held while the database was unavailable.',
    );
  });

  it(`notes the delay only from ${HELD_NOTE_MS / 1000} s held on (9.999 s: no note)`, () => {
    const entry = place();
    const early = step(entry, blankZones(7), [held(strike(entry, 5, at(0)), at(0))], at(HELD_NOTE_MS - 1));
    expect(early.events[0]!.details).not.toHaveProperty('heldSeconds');
    expect(early.events[0]!.body).not.toContain('late');
    const late = step(entry, blankZones(7), [held(strike(entry, 5, at(0)), at(0))], at(HELD_NOTE_MS));
    expect(late.events[0]!.details).toMatchObject({ heldSeconds: 10 });
  });

  it('a strike held until its all-clear time has passed starts nothing (exactly 30 minutes)', () => {
    const entry = place();
    const zones = blankZones(7);
    const { events } = step(entry, zones, [held(strike(entry, 5, at(0)), at(0))], at(30 * MINUTE));
    expect(events).toEqual([]);
    expect(zones[0]).toMatchObject({ inDelay: false, lastStrikeAt: at(0) });
  });

  it('a held strike inside the delay reach before its start (applied after a newer one) moves the start back, raising nothing', () => {
    const entry = place();
    const zones = blankZones(7);
    const newer = strike(entry, 5, at(10 * MINUTE));
    const alert = step(entry, zones, [newer], at(10 * MINUTE)).events[0]!;
    const { events, changed } = step(entry, zones, [strike(entry, 2, at(5 * MINUTE))], at(10 * MINUTE));
    expect(events).toEqual([]);
    expect(changed).toEqual([1]);
    expect(zones[0]).toMatchObject({
      delayStartedAt: at(5 * MINUTE),
      lastStrikeId: newer.id,
      allClearAt: at(40 * MINUTE),
      correlationId: alert.correlationId,
    });
  });

  it('an older strike exactly 30 minutes before the delay start does not move it', () => {
    const entry = place();
    const zones = blankZones(7);
    step(entry, zones, [strike(entry, 5, at(30 * MINUTE))], at(30 * MINUTE));
    const { changed } = step(entry, zones, [strike(entry, 2, at(0))], at(30 * MINUTE));
    expect(changed).toEqual([]);
    expect(zones[0]!.delayStartedAt).toEqual(at(30 * MINUTE));
  });

  it('nothing clears past clearBy (a held strike may restart the zone); cleared once it reaches the due time, saying how late', () => {
    const entry = place();
    const zones = blankZones(7);
    step(entry, zones, [strike(entry, 5, at(0))], at(0));
    const changed = new Set<number>();
    expect(settleLocation(entry, zones, at(31 * MINUTE), changed, at(30 * MINUTE - 1))).toBeNull();
    expect(zones[0]!.inDelay).toBe(true);
    const event = settleLocation(entry, zones, at(31 * MINUTE), changed, at(30 * MINUTE));
    expect(event).toMatchObject({
      kind: 'lightning-all-clear',
      occurredAt: at(31 * MINUTE),
      details: { allClearAt: '2026-07-01T17:30:00.000Z', heldSeconds: 60 },
    });
  });
});

describe('zone transitions: a batch of strikes against the domain rule, strike by strike', () => {
  // applyLocationHits takes a delay's extensions by a shortcut and sets bearings and due times once per batch: the
  // zones must end as the domain's applyStrike leaves them, applied to each zone one strike at a time.
  it('ends with the last strike, bearing, due time and delay flag of each zone as applyStrike gives them', () => {
    const entry = place({ radius1: 5, radius2: 10, radius3: 20, radius4: 30 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -40, max: 5 }), fc.double({ min: 0, max: 29.9, noNaN: true })), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.array(fc.option(fc.integer({ min: -45, max: 0 }), { nil: null }), { minLength: 4, maxLength: 4 }),
        (shots, lastMinutes) => {
          const now = at(0);
          const zones = blankZones(entry.key);
          zones.forEach((z, i) => {
            const last = lastMinutes[i];
            if (last === null || last === undefined) return;
            z.lastStrikeAt = at(last * MINUTE);
            z.inDelay = last > -30;
            z.allClearAt = at((last + 30) * MINUTE);
          });
          const expected = zones.map((z) => ({ ...z }));
          const strikes = shots
            .map(([minute, miles]) => strike(entry, miles, at(minute * MINUTE)))
            .sort((a, b) => a.time.getTime() - b.time.getTime());
          const hits = hitsOf(entry, strikes);
          for (const hit of hits)
            for (const i of hit.zones) {
              const z = expected[i]!;
              const before = delayState(z);
              const { state } = applyStrike(before, hit.strike.time.getTime(), 30, now.getTime());
              if (state === before) continue;
              z.lastStrikeAt = hit.strike.time;
              z.lastStrikeId = hit.strike.id;
              z.lastStrikeDistanceMiles = hit.distanceMiles;
              z.lastStrikeBearingDeg = initialBearingDeg(entry, hit.strike);
              if (state.inDelay) z.allClearAt = new Date(hit.strike.time.getTime() + 30 * MINUTE);
              z.inDelay = state.inDelay;
            }
          applyLocationHits(entry, zones, hits, now, new Set());
          const shown = (z: ZoneStateRow) => [
            z.lastStrikeAt?.getTime() ?? null,
            z.lastStrikeId,
            z.lastStrikeDistanceMiles,
            z.lastStrikeBearingDeg,
            z.allClearAt?.getTime() ?? null,
            z.inDelay,
          ];
          expect(zones.map(shown)).toEqual(expected.map(shown));
        },
      ),
    );
  });
});

describe('zone transitions: settling against the domain rule', () => {
  // settleLocation passes over a zone still in delay with its due time right without the domain's advanceZone: the
  // zones must end as advanceZone leaves them, zone by zone.
  it('clears and re-times each zone as advanceZone says, at and around each due time', () => {
    const entry = place({ radius1: 5, radius2: 10, radius3: 20, radius4: 30 });
    const zoneArb = fc.record({
      inDelay: fc.boolean(),
      lastMinute: fc.option(fc.integer({ min: -60, max: 0 }), { nil: null }),
      dueRight: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(zoneArb, { minLength: 4, maxLength: 4 }),
        fc.integer({ min: -90_000, max: 90_000 }),
        (given, clearOffsetMs) => {
          const zones = blankZones(entry.key);
          given.forEach((g, i) => {
            const z = zones[i]!;
            // a zone in delay has a last strike (the engine never makes one without)
            z.inDelay = g.inDelay && g.lastMinute !== null;
            z.lastStrikeAt = g.lastMinute === null ? null : at(g.lastMinute * MINUTE);
            z.allClearAt =
              g.lastMinute === null ? null : at((g.lastMinute + (g.dueRight ? 30 : 20)) * MINUTE);
            z.correlationId = z.inDelay ? 'c0c0c0c0-0000-5000-8000-000000000000' : null;
          });
          const clearBy = at(clearOffsetMs - 30 * MINUTE + (given[0]!.lastMinute ?? 0) * MINUTE);
          const expected = zones.map((z) => {
            if (!z.inDelay) return { inDelay: z.inDelay, allClearAt: z.allClearAt?.getTime() ?? null };
            const { event } = advanceZone(delayState(z), 30, clearBy.getTime());
            const due = z.lastStrikeAt ? z.lastStrikeAt.getTime() + 30 * MINUTE : null;
            if (event === 'all-clear') return { inDelay: false, allClearAt: due };
            return { inDelay: true, allClearAt: due ?? z.allClearAt?.getTime() ?? null };
          });
          const shared = zones.slice();
          const before = shared.map((z) => ({ ...z }));
          const working = zones.slice();
          settleLocation(entry, working, at(0), new Set(), clearBy, shared);
          expect(
            working.map((z) => ({ inDelay: z.inDelay, allClearAt: z.allClearAt?.getTime() ?? null })),
          ).toEqual(expected);
          // the cache's rows themselves never change: what changed was copied first
          expect(shared).toEqual(before);
        },
      ),
    );
  });
});

describe('zone transitions: hits that change nothing (issue 21: a backlog after the live strikes)', () => {
  const entry = place({ radius1: 5, radius2: 10, radius3: 20, radius4: 30 });

  it('a strike older than the last strike of every zone it hits, after the delay started, changes nothing', () => {
    const zones = blankZones(entry.key);
    step(entry, zones, [strike(entry, 4, at(5 * MINUTE))], at(5 * MINUTE));
    const [older] = hitsOf(entry, [strike(entry, 4, at(6 * MINUTE))]);
    expect(changesNothing(zones, older!.zones, at(4 * MINUTE).getTime(), 30)).toBe(false); // starts earlier
    expect(changesNothing(zones, older!.zones, at(5 * MINUTE).getTime(), 30)).toBe(false); // the same instant
    expect(changesNothing(zones, older!.zones, at(5 * MINUTE).getTime() - 1, 30)).toBe(false);
    step(entry, zones, [strike(entry, 25, at(8 * MINUTE))], at(8 * MINUTE));
    // zone 1 hit: its last strike is 5 minutes, the delay started then too
    expect(changesNothing(zones, [0], at(6 * MINUTE).getTime(), 30)).toBe(false);
    expect(changesNothing(zones, [3], at(6 * MINUTE).getTime(), 30)).toBe(true);
    expect(changesNothing(zones, [2, 3], at(6 * MINUTE).getTime(), 30)).toBe(false); // zone 3 took 5 minutes' strike
    expect(changesNothing(zones, [2, 3], at(5 * MINUTE).getTime() - 1, 30)).toBe(false); // zone 3 would start earlier
    expect(changesNothing(undefined, [3], at(0).getTime(), 30)).toBe(false); // a location with no rows yet
    expect(changesNothing(blankZones(entry.key), [3], at(0).getTime(), 30)).toBe(false); // zones never struck
  });

  // The engine leaves such hits out of a batch applied oldest first: the zones and the alerts must come out as with
  // every hit applied, whatever the zones were before and however the batch mixes old and new strikes.
  it('leaving them out of a batch applied oldest first changes neither the zones nor the events', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            inDelay: fc.boolean(),
            lastMinute: fc.option(fc.integer({ min: -50, max: 0 }), { nil: null }),
            startedBefore: fc.integer({ min: 0, max: 40 }),
          }),
          { minLength: 4, maxLength: 4 },
        ),
        fc.array(fc.tuple(fc.integer({ min: -60, max: 5 }), fc.double({ min: 0, max: 29.9, noNaN: true })), {
          minLength: 1,
          maxLength: 12,
        }),
        (given, shots) => {
          const now = at(5 * MINUTE);
          const before = blankZones(entry.key);
          given.forEach((g, i) => {
            if (g.lastMinute === null) return;
            const z = before[i]!;
            z.lastStrikeAt = at(g.lastMinute * MINUTE);
            z.lastStrikeId = `last-${i}`;
            z.inDelay = g.inDelay && g.lastMinute > -30;
            z.allClearAt = at((g.lastMinute + 30) * MINUTE);
            z.delayStartedAt = z.inDelay ? at((g.lastMinute - g.startedBefore) * MINUTE) : null;
            z.correlationId = z.inDelay ? 'c0c0c0c0-0000-5000-8000-000000000000' : null;
          });
          const strikes = shots
            .map(([minute, miles]) => strike(entry, miles, at(minute * MINUTE)))
            .sort((a, b) => a.time.getTime() - b.time.getTime());
          const hits = hitsOf(entry, strikes);
          const kept = hits.filter((h) => !changesNothing(before, h.zones, h.strike.time.getTime(), 30));
          const run = (list: LocationHit[]) => {
            const zones = before.map((z) => ({ ...z }));
            const changed = new Set<number>();
            const events = applyLocationHits(entry, zones, list, now, changed).map(({ id: _id, ...e }) => e);
            return { zones, events, changed: [...changed].sort() };
          };
          const all = run(hits);
          const some = run(kept);
          expect(some.zones).toEqual(all.zones);
          expect(some.events).toEqual(all.events);
          expect(some.changed).toEqual(all.changed);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('zone transitions: the texts of a storm onset', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("warmLocationTexts makes each zone's formatter before any strike: a delay's text then makes none", () => {
    // zones no other test here reads its texts in (Nepal, the Chatham Islands), so the formatters are not made yet
    const entries = [
      place({ id: 41, latitude: 27.7, longitude: 85.3 }),
      place({ id: 42, latitude: -43.95, longitude: -176.55 }),
    ];
    const Real = Intl.DateTimeFormat;
    const made = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
      ...args: ConstructorParameters<typeof Intl.DateTimeFormat>
    ) {
      return new Real(...args);
    } as unknown as typeof Intl.DateTimeFormat);
    warmLocationTexts(entries, at(0));
    expect(made).toHaveBeenCalled();
    expect(entries.map((e) => e.timeZone)).toEqual(['Asia/Kathmandu', 'Pacific/Chatham']);
    made.mockClear();
    for (const entry of entries) {
      const { events } = step(entry, blankZones(entry.key), [strike(entry, 3, at(MINUTE))], at(MINUTE));
      expect(events.map((e) => e.kind)).toEqual(['lightning-delay']);
      expect(events[0]!.body).toMatch(/All clear at \d{1,2}:\d{2}:\d{2} [AP]M /);
    }
    expect(made).not.toHaveBeenCalled();
  });
});
