import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildCustomer, buildLocation, buildPolicy } from '../../db/factories.ts';
import { lightningZoneStates, locations, strikes } from '../../db/schema/index.ts';
import { createLightningEngine, type EngineWork, type LightningEngine } from './engine.ts';
import { getDelayItems, getLightningThreat } from './queries.ts';
import { createEngineHarness, silentLogger, strikeAt, type EngineHarness } from './test-support.ts';

const MINUTE = 60_000;

let h: EngineHarness;
/** Each test gets its own spot on the map (2° of latitude apart, far beyond any zone). */
let spot = 0;
function nextSpot() {
  spot += 1;
  return { latitude: 30 + spot * 2, longitude: -100 + (spot % 3) };
}

beforeAll(async () => {
  h = await createEngineHarness();
}, 60_000);

afterAll(async () => {
  await h.close();
});

function engineContext() {
  return {
    config: h.config,
    db: h.db,
    clock: h.clock,
    weather: h.weather,
    log: silentLogger,
    enqueueAlert: h.enqueueAlert,
    bus: h.bus,
    autoTick: false,
  };
}

function engine(): LightningEngine {
  return createLightningEngine(engineContext());
}

const zoneRows = (locationId: number) =>
  h.db.db.select().from(lightningZoneStates).where(eq(lightningZoneStates.locationId, locationId));

async function place(overrides: Parameters<typeof buildLocation>[1] = {}) {
  const customer = await buildCustomer(h.db, { name: `Lightning ${spot}` });
  const location = await buildLocation(h.db, { customerId: customer.id, ...nextSpot(), ...overrides });
  return { customer, location };
}

const eventsOf = (locationId: number) => h.events.filter((e) => e.locationId === locationId);

describe('lightning engine: delay and all-clear of one zone', () => {
  it('starts a delay for a strike at 9.9 miles of a 10-mile zone, and not for one at 10.1 miles', async () => {
    const { location } = await place({ radius1: 10, allClearMinutes: 30 });
    const e = engine();
    await e.refreshIndex();
    const now = h.clock.now();

    await e.ingest([strikeAt(location, 10.1, now)]);
    expect(eventsOf(location.id)).toEqual([]);
    expect(await getDelayItems(h.db.db, location.id, now)).toEqual({
      item1: '00:00:00',
      item2: '00:00:00',
      item3: '00:00:00',
      item4: '00:00:00',
    });

    const strike = strikeAt(location, 9.9, now);
    await e.ingest([strike]);
    const events = eventsOf(location.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'lightning-delay',
      notificationType: 2,
      customerId: location.customerId,
      details: { strikeId: strike.id, zone: 1, radiusMiles: 10, allClearMinutes: 30 },
    });
    expect(events[0]!.details.distanceMiles).toBeCloseTo(9.9, 6);
    expect(events[0]!.subject).toContain(location.label);
    expect(events[0]!.body).toContain('9.9 miles');
    expect(events[0]!.body).toContain('zone 1');
    // the location (32° N, 99° W) is in Texas: the strike at 17:00 UTC clears 30 minutes later, read in CDT
    expect(events[0]!.body).toContain('All clear at 12:30:00 PM CDT if no further lightning');
    expect(events[0]!.body).not.toContain('UTC');
    expect((await getDelayItems(h.db.db, location.id, now)).item1).toBe('00:30:00');
  });

  it('clears exactly 30 minutes after the strike (29:59 not yet) and enqueues one all-clear', async () => {
    const { location } = await place({ radius1: 10, allClearMinutes: 30 });
    const e = engine();
    await e.refreshIndex();
    const start = h.clock.now();
    await e.ingest([strikeAt(location, 5, start)]);

    h.clock.set(new Date(start.getTime() + 30 * MINUTE - 1000));
    await e.tick();
    expect(eventsOf(location.id).map((x) => x.kind)).toEqual(['lightning-delay']);
    expect((await getDelayItems(h.db.db, location.id, h.clock.now())).item1).toBe('00:00:01');

    h.clock.set(new Date(start.getTime() + 30 * MINUTE));
    await e.tick();
    const events = eventsOf(location.id);
    expect(events.map((x) => x.kind)).toEqual(['lightning-delay', 'lightning-all-clear']);
    expect(events[1]).toMatchObject({
      correlationId: events[0]!.correlationId,
      details: { zone: 1, zones: [1], locationAllClear: true, allClearMinutes: 30 },
    });
    expect(events[1]!.body).toContain(location.label);
    expect((await getDelayItems(h.db.db, location.id, h.clock.now())).item1).toBe('00:00:00');

    await e.tick();
    expect(eventsOf(location.id)).toHaveLength(2);
  });

  it('moves the all-clear to minute 59 when a second strike falls at minute 29', async () => {
    const { location } = await place({ radius1: 10, allClearMinutes: 30 });
    const e = engine();
    await e.refreshIndex();
    const start = h.clock.now();
    await e.ingest([strikeAt(location, 3, start)]);
    h.clock.set(new Date(start.getTime() + 29 * MINUTE));
    await e.ingest([strikeAt(location, 8, h.clock.now())]);
    expect(eventsOf(location.id)).toHaveLength(1);

    h.clock.set(new Date(start.getTime() + 30 * MINUTE));
    await e.tick();
    expect((await getDelayItems(h.db.db, location.id, h.clock.now())).item1).toBe('00:29:00');
    h.clock.set(new Date(start.getTime() + 59 * MINUTE - 1000));
    await e.tick();
    expect(eventsOf(location.id)).toHaveLength(1);
    h.clock.set(new Date(start.getTime() + 59 * MINUTE));
    await e.tick();
    expect(eventsOf(location.id).map((x) => x.kind)).toEqual(['lightning-delay', 'lightning-all-clear']);
  });

  it('leaves out a late strike inside a delay the zone is already in since earlier (no location worked), and stores it', async () => {
    const { location } = await place({ radius1: 10, allClearMinutes: 30 });
    const works: EngineWork[] = [];
    const e = createLightningEngine({ ...engineContext(), onWork: (w) => works.push(w) });
    await e.refreshIndex();
    const start = h.clock.now();
    await e.ingest([strikeAt(location, 3, start)]);
    h.clock.set(new Date(start.getTime() + 10 * MINUTE));
    await e.ingest([strikeAt(location, 4, h.clock.now())]);
    const before = await zoneRows(location.id);
    const strikeWork = () => works.filter((w) => w.kind === 'strikes');
    expect(strikeWork().map((w) => w.locations)).toEqual([1, 1]);

    // taken late (as after an outage): minute 5, between the delay's start and its last strike
    const late = strikeAt(location, 2, new Date(start.getTime() + 5 * MINUTE));
    await e.ingest([late]);
    expect(strikeWork().at(-1)).toMatchObject({ strikes: 1, locations: 0 });
    expect(await zoneRows(location.id)).toEqual(before);
    expect(await h.db.db.select().from(strikes).where(eq(strikes.id, late.id))).toHaveLength(1);

    // one that would start the delay earlier is applied: minute -1 moves the start back
    await e.ingest([strikeAt(location, 2, new Date(start.getTime() - MINUTE))]);
    expect(strikeWork().at(-1)).toMatchObject({ strikes: 1, locations: 1 });
    expect(eventsOf(location.id)).toHaveLength(1);

    // the timer's settling says how many locations were due: none yet, then this one (its delay ran out)
    await e.tick();
    expect(works.at(-1)).toMatchObject({ kind: 'tick', rows: 0 });
    h.clock.set(new Date(start.getTime() + 41 * MINUTE));
    await e.tick();
    expect(works.at(-1)).toMatchObject({ kind: 'tick', rows: 1 });
    expect(eventsOf(location.id).map((x) => x.kind)).toEqual(['lightning-delay', 'lightning-all-clear']);
  });

  it('ignores duplicate strikes (same id, or same time and place) and out-of-order strikes', async () => {
    const { location } = await place({ radius1: 10, allClearMinutes: 30 });
    const e = engine();
    await e.refreshIndex();
    const start = h.clock.now();
    const first = strikeAt(location, 4, start);
    await e.ingest([first, { ...first }]);
    const before = await h.db.db
      .select()
      .from(lightningZoneStates)
      .where(eq(lightningZoneStates.locationId, location.id));

    h.clock.advance(2 * MINUTE);
    // same id again, same time and place under another id, and an older strike arriving late
    await e.ingest([{ ...first }]);
    await e.ingest([{ ...first, id: `${first.id}-copy` }]);
    // older than the delay's reach (31 minutes before it started): nothing to change
    await e.ingest([strikeAt(location, 2, new Date(start.getTime() - 31 * MINUTE))]);

    const after = await h.db.db
      .select()
      .from(lightningZoneStates)
      .where(eq(lightningZoneStates.locationId, location.id));
    expect(after).toEqual(before);
    expect(eventsOf(location.id)).toHaveLength(1);
    const stored = await h.db.db
      .select()
      .from(strikes)
      .where(eq(strikes.id, `${first.id}-copy`));
    expect(stored).toEqual([]);
    expect((await getDelayItems(h.db.db, location.id, h.clock.now())).item1).toBe('00:28:00');
  });
});

describe('lightning engine: zones, policies and strike types', () => {
  it('restarts only the zones containing the strike, and escalates at once for an inner zone', async () => {
    const { location } = await place({ radius1: 10, radius2: 20, radius3: 0, allClearMinutes: 30 });
    const e = engine();
    await e.refreshIndex();
    const start = h.clock.now();
    await e.ingest([strikeAt(location, 15, start)]);
    expect(await getDelayItems(h.db.db, location.id, start)).toEqual({
      item1: '00:00:00',
      item2: '00:30:00',
      item3: '00:00:00',
      item4: '00:00:00',
    });
    h.clock.advance(5 * MINUTE);
    await e.ingest([strikeAt(location, 9.99, h.clock.now(), { bearingDeg: 90 })]);
    const events = eventsOf(location.id);
    expect(events.map((x) => [x.kind, x.details.zone])).toEqual([
      ['lightning-delay', 2],
      ['lightning-delay', 1],
    ]);
    expect(events[1]!.correlationId).toBe(events[0]!.correlationId);
    const threat = await getLightningThreat(h.db.db, location.id, h.clock.now());
    expect(threat.inDelay).toBe(true);
    expect(threat.zones.map((z) => z.delay)).toEqual(['00:30:00', '00:30:00', '00:00:00', '00:00:00']);
    expect(threat.lastStrike?.distanceMiles).toBeCloseTo(9.99, 6);
    expect(threat.lastStrike?.bearingDeg).toBeCloseTo(90, 0);
  });

  it("uses the LR1 policy radius and all-clear minutes over the location's own (policy lock)", async () => {
    const { customer, location } = await place({ radius1: 10, allClearMinutes: 30 });
    await buildPolicy(h.db, {
      customerId: customer.id,
      shortName: 'LR1',
      threshold: 5,
      allClearMinutes: 10,
      unit: 'mi',
    });
    const e = engine();
    await e.refreshIndex();
    const start = h.clock.now();
    await e.ingest([strikeAt(location, 6, start)]);
    expect(eventsOf(location.id)).toEqual([]);
    await e.ingest([strikeAt(location, 4.9, start, { bearingDeg: 180 })]);
    expect(eventsOf(location.id)[0]).toMatchObject({ details: { radiusMiles: 5, allClearMinutes: 10 } });
    expect((await getDelayItems(h.db.db, location.id, start)).item1).toBe('00:10:00');
    h.clock.set(new Date(start.getTime() + 10 * MINUTE));
    await e.tick();
    expect(eventsOf(location.id).map((x) => x.kind)).toEqual(['lightning-delay', 'lightning-all-clear']);
  });

  it('counts only ground strikes (types 1 and 3) for a cloud-to-ground-only location', async () => {
    const { location } = await place({ radius1: 10, countCloudToGroundOnly: true });
    const all = await buildLocation(h.db, {
      customerId: location.customerId,
      latitude: location.latitude,
      longitude: location.longitude,
      radius1: 10,
      label: 'All lightning',
    });
    const e = engine();
    await e.refreshIndex();
    const now = h.clock.now();
    await e.ingest([
      strikeAt(location, 2, now, { type: 4, cloud: true }),
      strikeAt(location, 2.5, now, { type: 2 }),
    ]);
    expect(eventsOf(location.id)).toEqual([]);
    expect(eventsOf(all.id)).toHaveLength(1);
    await e.ingest([strikeAt(location, 3, now, { type: 3 })]);
    expect(eventsOf(location.id)).toHaveLength(1);
  });
});

describe('lightning engine: index changes and restarts', () => {
  it('re-applies stored strikes after a crash that lost an unwritten extension, so the all-clear is not early', async () => {
    const { location } = await place({ radius1: 10, allClearMinutes: 30 });
    const first = engine();
    await first.refreshIndex();
    const start = h.clock.now();
    await first.ingest([strikeAt(location, 3, start)]);
    const [written] = await h.db.db
      .select()
      .from(lightningZoneStates)
      .where(eq(lightningZoneStates.locationId, location.id));
    h.clock.set(new Date(start.getTime() + 29 * MINUTE));
    await first.ingest([strikeAt(location, 6, h.clock.now())]);
    // the process dies before the extension reaches the zone row: put the row back as it was
    await h.db.db
      .update(lightningZoneStates)
      .set({
        lastStrikeAt: written!.lastStrikeAt,
        allClearAt: written!.allClearAt,
        lastStrikeId: written!.lastStrikeId,
      })
      .where(eq(lightningZoneStates.locationId, location.id));

    const second = engine();
    await second.refreshIndex();
    h.clock.set(new Date(start.getTime() + 30 * MINUTE));
    await second.tick();
    expect(eventsOf(location.id).map((x) => x.kind)).toEqual(['lightning-delay']);
    expect((await getDelayItems(h.db.db, location.id, h.clock.now())).item1).toBe('00:29:00');
    h.clock.set(new Date(start.getTime() + 59 * MINUTE));
    await second.tick();
    expect(eventsOf(location.id).map((x) => x.kind)).toEqual(['lightning-delay', 'lightning-all-clear']);
  });

  it('keeps a delay whose zone rows a crash lost after the strike committed, and its all-clear names the same episode', async () => {
    const { location } = await place({ radius1: 10, radius2: 20, allClearMinutes: 30 });
    const first = engine();
    await first.refreshIndex();
    const start = h.clock.now();
    await first.ingest([strikeAt(location, 15, start)]);
    h.clock.set(new Date(start.getTime() + 2 * MINUTE));
    await first.ingest([strikeAt(location, 4, h.clock.now())]);
    const delays = eventsOf(location.id);
    expect(delays.map((x) => [x.kind, x.details.zone])).toEqual([
      ['lightning-delay', 2],
      ['lightning-delay', 1],
    ]);
    // the strikes and their alerts committed; the process dies before the zone rows are written
    await h.db.db.delete(lightningZoneStates).where(eq(lightningZoneStates.locationId, location.id));

    const second = engine();
    await second.refreshIndex();
    h.clock.set(new Date(start.getTime() + 10 * MINUTE));
    const items = await getDelayItems(h.db.db, location.id, h.clock.now());
    expect([items.item1, items.item2]).toEqual(['00:22:00', '00:22:00']);
    h.clock.set(new Date(start.getTime() + 32 * MINUTE - 1000));
    await second.tick();
    expect(eventsOf(location.id)).toHaveLength(2);
    h.clock.set(new Date(start.getTime() + 32 * MINUTE));
    await second.tick();
    const events = eventsOf(location.id);
    expect(events.map((x) => x.kind)).toEqual(['lightning-delay', 'lightning-delay', 'lightning-all-clear']);
    // one episode: the replay derives the id the alerts carried, so the all-clear answers them
    expect(new Set(events.map((x) => x.correlationId)).size).toBe(1);
  });

  it('indexes a location added after start (bus event) and starts its delay for a strike 1 s later', async () => {
    const e = engine();
    await e.start();
    try {
      const { location } = await place({ radius1: 10 });
      h.bus.publish('location-changed', {
        locationId: location.id,
        customerId: location.customerId,
        deleted: false,
      });
      h.clock.advance(1000);
      await e.ingest([strikeAt(location, 1, h.clock.now())]);
      expect(eventsOf(location.id).map((x) => x.kind)).toEqual(['lightning-delay']);
      expect(e.locationIndex.get(location.id)?.radii).toEqual([10, 0, 0, 0]);

      await h.db.db.delete(locations).where(eq(locations.id, location.id));
      h.bus.publish('location-changed', {
        locationId: location.id,
        customerId: location.customerId,
        deleted: true,
      });
      await e.tick();
      expect(e.locationIndex.get(location.id)).toBeUndefined();
    } finally {
      await e.stop();
    }
  });

  it('loses no strike of a batch that hits a location deleted before the index heard of it', async () => {
    const gone = await place({ radius1: 10 });
    const kept = await place({ radius1: 10 });
    const e = engine();
    await e.refreshIndex();
    // the location is deleted and its bus event has not reached the engine yet
    await h.db.db.delete(locations).where(eq(locations.id, gone.location.id));
    const now = h.clock.now();
    const batch = [strikeAt(gone.location, 2, now), strikeAt(kept.location, 2, now)];
    await e.ingest(batch);
    expect(eventsOf(kept.location.id).map((x) => x.kind)).toEqual(['lightning-delay']);
    expect(eventsOf(gone.location.id)).toEqual([]);
    expect((await getDelayItems(h.db.db, kept.location.id, now)).item1).not.toBe('00:00:00');
    const stored = await h.db.db.select({ id: strikes.id }).from(strikes);
    expect(stored.map((r) => r.id)).toEqual(expect.arrayContaining(batch.map((b) => b.id)));
    expect(e.locationIndex.get(gone.location.id)).toBeUndefined();
  });

  it('keeps a delay across a restart (a new engine on the same database) and clears it on time', async () => {
    const { location } = await place({ radius1: 10, allClearMinutes: 20 });
    const first = engine();
    await first.refreshIndex();
    const start = h.clock.now();
    await first.ingest([strikeAt(location, 7, start)]);
    await first.stop();

    const second = engine();
    await second.refreshIndex();
    h.clock.set(new Date(start.getTime() + 10 * MINUTE));
    expect((await getDelayItems(h.db.db, location.id, h.clock.now())).item1).toBe('00:10:00');
    h.clock.set(new Date(start.getTime() + 20 * MINUTE));
    await second.tick();
    expect(eventsOf(location.id).map((x) => x.kind)).toEqual(['lightning-delay', 'lightning-all-clear']);
  });
});
