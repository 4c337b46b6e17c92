// The lightning engine (ARCHITECTURE.md 'Lightning delay'): matches each strike to every location
// zone and siren containing it, keeps each zone's delay state in the database, and hands every
// transition to the notifier (ctx.enqueueAlert) or the siren outbox in the same transaction.
//
// Events, chosen and kept stable for the notifier:
// - 'lightning-delay': one per strike that puts zones of a location into delay, naming the innermost
//   zone that entered delay (details.zones lists all of them). A strike in an inner zone while only
//   outer zones are in delay is an escalation and raises a new delay event at once.
// - 'lightning-all-clear': one per location and moment for the zones whose timer ran out together
//   (per zone, batched); details.locationAllClear is true when no zone of the location remains in
//   delay. item1..item4 of the Delay call stay per zone.
// Every event of one delay episode (first delay until every zone is clear) shares a correlationId,
// derived from the location and the strike that started the episode (episodeId), so a restart that
// re-derives the episode from stored strikes names it as the alert did.
//
// What a strike's transaction holds: the strike rows and every alert they raise. Zone rows are a
// write-behind copy of the cache (markDirty/flushDirty): written right after the batch when the queue
// is idle and the backlog small (every quiet moment), under a storm's onset in small chunks between
// batches, transitions first. The stored strikes are the journal: after a crash replayRecent()
// applies the strikes of the last all-clear span again (delay starts, extensions), raising nothing,
// since every alert of a stored strike was committed with it.
// Out-of-order strikes (older than a zone's last strike) and duplicates (same id, or same time and
// place: dropped by the strikes table) change nothing.
import { createHash, randomUUID } from 'node:crypto';
import {
  advanceZone,
  applyStrike,
  initialBearingDeg,
  NotificationType,
  outermostRadius,
  timeZoneAt,
  zonesInForce,
  type LightningPolicy,
  type ZoneDelayState,
} from '@allclear/domain';
import type { Strike } from '@allclear/weather';
import type { Bus } from '../../platform/bus.ts';
import type { AlertEvent, EngineContext, EngineService, Tx } from '../contracts.ts';
import {
  dueLocationIds,
  dueSirenIds,
  insertNewStrikes,
  insertSirenCommands,
  loadLightningPolicies,
  loadLocations,
  loadSirenAlertTimes,
  loadSirenStates,
  loadSirens,
  loadAllZoneStates,
  loadStrikesSince,
  existingLocations,
  saveSirenStates,
  saveZoneStates,
  type LocationRow,
  type NewSirenCommand,
  type SirenRow,
  type SirenStateRow,
  type ZoneStateRow,
} from './lightning.repository.ts';
import { matchLocations, matchSirens, type LocationEntry, type SirenEntry } from './matcher.ts';
import { allClearMessage, delayMessage } from './messages.ts';
import { isSirenWindowOpen } from './siren-window.ts';
import { CircleIndex } from './spatial-index.ts';
import { registerStrikeSink } from './strike-sink.ts';

/** A siren command is expired, never sent late, this long after it was created (issue 5). */
export const SIREN_COMMAND_TTL_MS = 60_000;
/** Real-time period of the timer loop. */
const TICK_INTERVAL_MS = 1_000;
/** Under load, extensions only in memory are written at least this often (real time); transitions are written at once. */
const EXTENSION_FLUSH_INTERVAL_MS = 5_000;
/** An extension is written within this long even when strikes never stop arriving (real time). */
const EXTENSION_MAX_HOLD_MS = 30_000;
/** Most extension rows written in one go under load (a few tens of milliseconds of PGlite). */
const FLUSH_CHUNK_ROWS = 150;
/** With the strike queue idle and no more than this many locations extended, extensions are written at once. */
const IDLE_FLUSH_MAX_LOCATIONS = 200;
/**
 * Most strikes applied in one transaction when a backlog waits (the rest go in the next, oldest first; one feed
 * delivery is never split). At a storm's onset a strike can put dozens of zones into delay: small transactions let
 * the first arrivals commit without waiting for the whole backlog (bench strikes: onset p99 about 66 ms at 20,
 * about 105 ms with no cap).
 */
const MAX_BATCH_STRIKES = 20;
/** Rows per insert statement (PostgreSQL allows 65,535 parameters; a strike has 9). */
const INSERT_CHUNK = 1_000;

/** Locations the index matched that were deleted before their bus event reached the engine. */
class LocationsGone extends Error {
  constructor(readonly ids: number[]) {
    super(`locations gone: ${ids.join(', ')}`);
  }
}

/** The correlation id of a delay episode: a UUID-shaped digest of the location and the strike that started it. */
export function episodeId(locationId: number, strikeId: string): string {
  const h = createHash('sha256').update(`${locationId}:${strikeId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export interface LightningEngineContext extends EngineContext {
  bus: Bus;
  /** Called after a commit that queued siren commands (the device gateway publishes them at once). */
  onSirenCommands?: () => void;
  /** Run the 1 s timer (simulator advance and tick); default true. Tests drive tick() by hand instead. */
  autoTick?: boolean;
}

export interface LightningEngine extends EngineService {
  /** Matches and applies strikes (duplicates and out-of-order strikes change nothing); resolves when committed. */
  ingest(strikes: Strike[]): Promise<void>;
  /** Clears every zone and siren whose all-clear time has passed (ctx.clock). */
  tick(): Promise<void>;
  /** Reloads every location, siren and LR policy into the spatial index. */
  refreshIndex(): Promise<void>;
  /** The location index (read-only use: benchmarks, diagnostics). */
  readonly locationIndex: CircleIndex<LocationEntry>;
  readonly sirenIndex: CircleIndex<SirenEntry>;
}

function toLocationEntry(row: LocationRow, policies: readonly LightningPolicy[]): LocationEntry {
  const zones = zonesInForce(row, policies);
  return {
    key: row.id,
    latitude: row.latitude,
    longitude: row.longitude,
    radiusMiles: outermostRadius(zones.radii),
    customerId: row.customerId,
    label: row.label,
    radii: zones.radii,
    allClearMinutes: zones.allClearMinutes,
    countCloudToGroundOnly: row.countCloudToGroundOnly,
  };
}

function toSirenEntry(row: SirenRow): SirenEntry {
  return {
    key: row.id,
    latitude: row.latitude,
    longitude: row.longitude,
    radiusMiles: row.radius > 0 ? row.radius : 0,
    customerId: row.customerId,
    name: row.name,
    enabled: row.enabled,
    timeZoneId: row.timeZoneId,
    allClearMinutes: row.allClearMinutes,
    duration: row.duration,
    frequency: row.frequency,
    allClearDuration: row.allClearDuration,
    allClearFrequency: row.allClearFrequency,
  };
}

function blankZone(locationId: number, zone: number): ZoneStateRow {
  return {
    locationId,
    zone,
    lastStrikeAt: null,
    lastStrikeId: null,
    lastStrikeDistanceMiles: null,
    lastStrikeBearingDeg: null,
    delayStartedAt: null,
    allClearAt: null,
    correlationId: null,
    inDelay: false,
  };
}

function blankSiren(sirenId: number): SirenStateRow {
  return {
    sirenId,
    lastStrikeAt: null,
    lastStrikeId: null,
    lastStrikeDistanceMiles: null,
    delayStartedAt: null,
    allClearAt: null,
    correlationId: null,
    inDelay: false,
  };
}

const delayState = (s: { lastStrikeAt: Date | null; inDelay: boolean }): ZoneDelayState => ({
  lastStrikeAt: s.lastStrikeAt?.getTime() ?? null,
  inDelay: s.inDelay,
});

const plusMinutes = (t: Date, minutes: number) => new Date(t.getTime() + minutes * 60_000);

/** A strike the tables accept: an id, a valid time, a position on the earth and a type 1..4. */
function isWellFormed(s: Strike): boolean {
  return (
    typeof s.id === 'string' &&
    s.id.length > 0 &&
    s.time instanceof Date &&
    Number.isFinite(s.time.getTime()) &&
    Math.abs(s.latitude) <= 90 &&
    Math.abs(s.longitude) <= 180 &&
    [1, 2, 3, 4].includes(s.type) &&
    Number.isFinite(s.amperageKa ?? 0)
  );
}

interface LocationHit {
  strike: Strike;
  distanceMiles: number;
  zones: number[];
}

interface SirenHit {
  strike: Strike;
  distanceMiles: number;
}

/** Creates the lightning engine; `start()` loads the index, subscribes to the strike stream and the bus, and runs the timer. */
export function createLightningEngine(ctx: LightningEngineContext): LightningEngine {
  const { db, clock, log } = ctx;
  const locationIndex = new CircleIndex<LocationEntry>();
  const sirenIndex = new CircleIndex<SirenEntry>();
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let timerBusy = false;
  const unsubscribers: (() => void)[] = [];
  // Zone states of every location, mirrored from the database: read at load, replaced after each
  // commit (never before, so a rolled-back transaction leaves it as the database is). One engine
  // process owns the lightning state; a second one would need its own partition of locations.
  const zoneCache = new Map<number, ZoneStateRow[]>();
  let loaded = false;
  // Zone rows not written yet. With the strike queue idle and few of them they are written at once;
  // under load in small chunks while the queue is idle: transitions (delay starts) first, then each
  // extended zone after 5 s (once, however many strikes extended it) and within 30 s at most, so the
  // database's countdowns may trail by that much under a storm. Their strikes are stored with their
  // alerts, so after a crash replayRecent() applies them again before anything is cleared: the cache,
  // not the row, decides an all-clear.
  const dirty = new Map<number, { zones: Set<number>; since: number }>();
  /** The locations of `dirty` holding a transition. */
  const dirtyTransitions = new Set<number>();

  /** Runs engine work one piece at a time, in arrival order (index changes before later strikes). */
  function serial<T>(work: () => Promise<T>): Promise<T> {
    const run = chain.then(work, work);
    chain = run.catch(() => undefined);
    return run;
  }

  async function reloadAll(): Promise<void> {
    const [rows, policies, sirenRows] = await Promise.all([
      loadLocations(db.db),
      loadLightningPolicies(db.db),
      loadSirens(db.db),
    ]);
    locationIndex.reset(rows.map((r) => toLocationEntry(r, policies.get(r.customerId) ?? [])));
    sirenIndex.reset(sirenRows.map(toSirenEntry));
    zoneCache.clear();
    for (const row of await loadAllZoneStates(db.db)) {
      const list =
        zoneCache.get(row.locationId) ?? [1, 2, 3, 4].map((zone) => blankZone(row.locationId, zone));
      list[row.zone - 1] = row;
      zoneCache.set(row.locationId, list);
    }
    loaded = true;
    await replayRecent();
  }

  /**
   * Applies the stored strikes of the last all-clear span again (the journal): delay starts and extensions whose
   * zone rows were not written before a stop. Raises nothing: every alert of a stored strike was committed with it.
   */
  async function replayRecent(): Promise<void> {
    let horizonMinutes = 60;
    for (const e of locationIndex.values()) horizonMinutes = Math.max(horizonMinutes, e.allClearMinutes);
    const now = clock.now();
    const since = new Date(now.getTime() - horizonMinutes * 60_000);
    const hitsByLocation = new Map<number, LocationHit[]>();
    for (const strike of await loadStrikesSince(db.db, since)) {
      for (const m of matchLocations(locationIndex, strike)) {
        const list = hitsByLocation.get(m.entry.key) ?? [];
        list.push({ strike, distanceMiles: m.distanceMiles, zones: m.zones });
        hitsByLocation.set(m.entry.key, list);
      }
    }
    for (const [id, hits] of hitsByLocation) {
      const entry = locationIndex.get(id)!;
      const zones = zoneCache.get(id) ?? [1, 2, 3, 4].map((zone) => blankZone(id, zone));
      const changed = new Set<number>();
      applyLocationHits(entry, zones, hits, now, changed, { replay: true });
      if (changed.size === 0) continue;
      zoneCache.set(id, zones);
      for (const zone of changed) markDirty(id, zone, true);
    }
    await flushDirty();
  }

  /** Marks a zone's row to be written; a transition (delay start or all-clear) is written before extensions. */
  function markDirty(locationId: number, zone: number, transition = false): void {
    const entry = dirty.get(locationId);
    if (entry) entry.zones.add(zone);
    else dirty.set(locationId, { zones: new Set([zone]), since: performance.now() });
    if (transition) dirtyTransitions.add(locationId);
  }

  /**
   * Writes zone rows held only in memory: all of them, or (under load) at most `maxRows` rows, transitions first,
   * then extensions held for EXTENSION_FLUSH_INTERVAL_MS or longer, oldest first, so no single write stalls the
   * strike queue. A location deleted before its bus event reached us is dropped from the cache and the rest written.
   */
  async function flushDirty(maxRows = Number.POSITIVE_INFINITY): Promise<void> {
    if (dirty.size === 0) return;
    const all = maxRows === Number.POSITIVE_INFINITY;
    const dueBefore = all ? Number.POSITIVE_INFINITY : performance.now() - EXTENSION_FLUSH_INTERVAL_MS;
    const rows: ZoneStateRow[] = [];
    const take = (id: number, entry: { zones: Set<number> }) => {
      const cached = zoneCache.get(id);
      if (cached) for (const zone of entry.zones) rows.push(cached[zone - 1]!);
      dirty.delete(id);
      dirtyTransitions.delete(id);
    };
    if (!all) {
      for (const id of dirtyTransitions) {
        if (rows.length >= maxRows) break;
        const entry = dirty.get(id);
        if (entry) take(id, entry);
        else dirtyTransitions.delete(id);
      }
    }
    for (const [id, entry] of dirty) {
      // the map keeps insertion order: the first entry not yet due ends the due ones
      if (entry.since > dueBefore || rows.length >= maxRows) break;
      take(id, entry);
    }
    try {
      await saveZoneStates(db.db, rows);
    } catch (err) {
      if (!isForeignKeyViolation(err)) throw err;
      await reloadLocations({ ids: [...new Set(rows.map((r) => r.locationId))] });
      await saveZoneStates(
        db.db,
        rows.filter((r) => zoneCache.has(r.locationId)),
      );
    }
  }

  /** A chunk of zone rows, written only while no strikes wait (or once the oldest has waited too long). */
  async function flushWhenIdle(): Promise<void> {
    const oldest = dirty.values().next().value;
    const overdue = oldest !== undefined && performance.now() - oldest.since > EXTENSION_MAX_HOLD_MS;
    if (waiting.length === 0 || overdue) await flushDirty(FLUSH_CHUNK_ROWS);
  }

  async function ensureLoaded(): Promise<void> {
    if (!loaded) await reloadAll();
  }

  function removeLocation(id: number): void {
    locationIndex.remove(id);
    zoneCache.delete(id);
    dirty.delete(id);
    dirtyTransitions.delete(id);
  }

  async function reloadLocations(filter: { ids?: number[]; customerId?: number }): Promise<void> {
    const rows = await loadLocations(db.db, filter);
    const policies = await loadLightningPolicies(db.db, [...new Set(rows.map((r) => r.customerId))]);
    const found = new Set(rows.map((r) => r.id));
    for (const id of filter.ids ?? []) if (!found.has(id)) removeLocation(id);
    for (const row of rows) locationIndex.upsert(toLocationEntry(row, policies.get(row.customerId) ?? []));
  }

  async function reloadSirens(ids: number[]): Promise<void> {
    const rows = await loadSirens(db.db, ids);
    const found = new Set(rows.map((r) => r.id));
    for (const id of ids) if (!found.has(id)) sirenIndex.remove(id);
    for (const row of rows) sirenIndex.upsert(toSirenEntry(row));
  }

  // ───────────── location zones ─────────────

  /** Zones of a location whose timer ran out by `now` go all clear; returns the all-clear event, if any. */
  function settleLocation(
    entry: LocationEntry,
    zones: ZoneStateRow[],
    now: Date,
    changed: Set<number>,
  ): AlertEvent | null {
    const cleared: ZoneStateRow[] = [];
    for (const z of zones) {
      if (!z.inDelay) continue;
      const { event } = advanceZone(delayState(z), entry.allClearMinutes, now.getTime());
      const due = z.lastStrikeAt ? plusMinutes(z.lastStrikeAt, entry.allClearMinutes) : null;
      if (event === 'all-clear') {
        z.inDelay = false;
        z.allClearAt = due;
        cleared.push(z);
        changed.add(z.zone);
      } else if (due && z.allClearAt?.getTime() !== due.getTime()) {
        // the all-clear minutes changed (policy lock or location edit): keep the due time true
        z.allClearAt = due;
        changed.add(z.zone);
      }
    }
    if (cleared.length === 0) return null;
    const still = zones.filter((z) => z.inDelay);
    const outer = cleared[cleared.length - 1]!;
    const clearedAt = new Date(Math.max(...cleared.map((z) => z.allClearAt!.getTime())));
    const zoneNumbers = cleared.map((z) => z.zone);
    const radiusMiles = Math.max(...cleared.map((z) => entry.radii[z.zone - 1] ?? 0));
    const correlationId = outer.correlationId ?? randomUUID();
    if (still.length === 0) for (const z of zones) z.correlationId = null;
    const text = allClearMessage({
      label: entry.label,
      zones: zoneNumbers,
      radiusMiles,
      allClearMinutes: entry.allClearMinutes,
      lastStrikeDistanceMiles: outer.lastStrikeDistanceMiles,
      clearedAt,
      stillInDelay: still.map((z) => ({ zone: z.zone, allClearAt: z.allClearAt! })),
      timeZone: (entry.timeZone ??= timeZoneAt(entry.latitude, entry.longitude)),
    });
    return {
      id: randomUUID(),
      kind: 'lightning-all-clear',
      notificationType: NotificationType.Lightning,
      customerId: entry.customerId,
      locationId: entry.key,
      correlationId,
      occurredAt: now,
      ...text,
      details: {
        strikeId: outer.lastStrikeId,
        distanceMiles: outer.lastStrikeDistanceMiles,
        zone: zoneNumbers[0],
        zones: zoneNumbers,
        radiusMiles,
        allClearMinutes: entry.allClearMinutes,
        allClearAt: clearedAt.toISOString(),
        locationAllClear: still.length === 0,
      },
    };
  }

  /** Applies a location's strikes (oldest first) to its zones; returns the delay events. */
  function applyLocationHits(
    entry: LocationEntry,
    zones: ZoneStateRow[],
    hits: LocationHit[],
    now: Date,
    changed: Set<number>,
    options: { replay?: boolean } = {},
  ): AlertEvent[] {
    const events: AlertEvent[] = [];
    for (const hit of hits) {
      const strikeMs = hit.strike.time.getTime();
      const bearingDeg = initialBearingDeg(entry, hit.strike);
      let episode = zones.find((z) => z.inDelay)?.correlationId ?? null;
      const entered: number[] = [];
      for (const i of hit.zones) {
        const z = zones[i]!;
        const before = delayState(z);
        const { state, event } = applyStrike(before, strikeMs, entry.allClearMinutes, now.getTime());
        if (state === before) continue; // older than the zone's last strike: changes nothing
        z.lastStrikeAt = hit.strike.time;
        z.lastStrikeId = hit.strike.id;
        z.lastStrikeDistanceMiles = hit.distanceMiles;
        z.lastStrikeBearingDeg = bearingDeg;
        if (state.inDelay) z.allClearAt = plusMinutes(hit.strike.time, entry.allClearMinutes);
        if (event === 'delay-start') {
          episode ??= episodeId(entry.key, hit.strike.id);
          // a replayed episode started when its strike was stored, about when it struck
          z.delayStartedAt = options.replay ? hit.strike.time : now;
          entered.push(z.zone);
        }
        z.inDelay = state.inDelay;
        if (z.inDelay && episode) z.correlationId = episode;
        changed.add(z.zone);
      }
      if (entered.length === 0 || !episode || options.replay) continue;
      const zone = entered[0]!;
      const radiusMiles = entry.radii[zone - 1]!;
      const allClearAt = plusMinutes(hit.strike.time, entry.allClearMinutes);
      const text = delayMessage({
        label: entry.label,
        distanceMiles: hit.distanceMiles,
        zone,
        radiusMiles,
        allClearMinutes: entry.allClearMinutes,
        allClearAt,
        timeZone: (entry.timeZone ??= timeZoneAt(entry.latitude, entry.longitude)),
      });
      events.push({
        id: randomUUID(),
        kind: 'lightning-delay',
        notificationType: NotificationType.Lightning,
        customerId: entry.customerId,
        locationId: entry.key,
        correlationId: episode,
        occurredAt: now,
        ...text,
        details: {
          strikeId: hit.strike.id,
          strikeTime: hit.strike.time.toISOString(),
          strikeType: hit.strike.type,
          distanceMiles: hit.distanceMiles,
          bearingDeg,
          zone,
          zones: entered,
          radiusMiles,
          allClearMinutes: entry.allClearMinutes,
          allClearAt: allClearAt.toISOString(),
        },
      });
    }
    return events;
  }

  /**
   * Settles and applies hits for a set of locations inside `tx`; enqueues every event there. Works on
   * copies of the cached states; returns the function that publishes them to the cache after commit.
   */
  async function processLocations(
    tx: Tx,
    hitsByLocation: Map<number, LocationHit[]>,
    now: Date,
    writeBehind: boolean,
  ): Promise<() => void> {
    const ids = [...hitsByLocation.keys()];
    const toSave: ZoneStateRow[] = [];
    const events: AlertEvent[] = [];
    const updated = new Map<number, ZoneStateRow[]>();
    const written: [number, number][] = [];
    const deferred: [number, number, boolean][] = [];
    for (const id of ids) {
      const entry = locationIndex.get(id);
      if (!entry) continue;
      const cached = zoneCache.get(id);
      const zones = cached ? cached.map((z) => ({ ...z })) : [1, 2, 3, 4].map((zone) => blankZone(id, zone));
      const changed = new Set<number>();
      const allClear = settleLocation(entry, zones, now, changed);
      if (allClear) events.push(allClear);
      const hits = hitsByLocation.get(id)!;
      events.push(...applyLocationHits(entry, zones, hits, now, changed));
      if (changed.size === 0) continue;
      for (const z of zones) {
        if (!changed.has(z.zone)) continue;
        const before = cached?.[z.zone - 1];
        const extensionOnly =
          before !== undefined &&
          before.inDelay &&
          z.inDelay &&
          before.correlationId === z.correlationId &&
          before.delayStartedAt?.getTime() === z.delayStartedAt?.getTime();
        if (extensionOnly || writeBehind) {
          deferred.push([id, z.zone, !extensionOnly]);
        } else {
          toSave.push(z);
          written.push([id, z.zone]);
        }
      }
      updated.set(id, zones);
    }
    await saveZoneStates(tx, toSave);
    if (events.length > 0) {
      const alerting = [...new Set(events.map((e) => e.locationId!))];
      const present = await existingLocations(tx, alerting);
      const gone = alerting.filter((id) => !present.has(id));
      if (gone.length > 0) throw new LocationsGone(gone);
    }
    for (const event of events) await ctx.enqueueAlert(tx, event);
    return () => {
      for (const [id, zones] of updated) {
        if (!locationIndex.get(id)) continue;
        // copy into the long-lived cached rows rather than replacing them: the working copies die
        // young, so a storm does not churn the old generation (fewer long GC pauses)
        const cached = zoneCache.get(id);
        if (cached) zones.forEach((z, i) => Object.assign(cached[i]!, z));
        else zoneCache.set(id, zones);
      }
      for (const [id, zone] of written) dirty.get(id)?.zones.delete(zone);
      for (const [id, zone, transition] of deferred)
        if (locationIndex.get(id)) markDirty(id, zone, transition);
      for (const [id, zones] of updated) queuePublish(id, zones);
    };
  }

  // Changes go to the bus on the next turn of the event loop, in order, after the batch's strikes have resolved:
  // at a storm's onset a batch changes thousands of locations, and telling the bus is no part of the alert.
  let toPublish: [number, readonly ZoneStateRow[]][] = [];
  function queuePublish(locationId: number, zones: readonly ZoneStateRow[]): void {
    if (toPublish.length === 0) {
      setImmediate(() => {
        const changes = toPublish;
        toPublish = [];
        for (const [id, z] of changes) publishChange(id, z);
      });
    }
    toPublish.push([locationId, zones]);
  }

  /** Tells the bus a location's zones changed (after commit; from the cache, so extensions not yet written count). */
  function publishChange(locationId: number, zones: readonly ZoneStateRow[]): void {
    const entry = locationIndex.get(locationId);
    if (!entry) return;
    ctx.bus.publish('lightning-changed', {
      locationId,
      customerId: entry.customerId,
      allClearMinutes: entry.allClearMinutes,
      zones: zones.map((z) => ({
        zone: z.zone,
        radiusMiles: entry.radii[z.zone - 1] ?? 0,
        inDelay: z.inDelay,
        lastStrikeAt: z.lastStrikeAt,
        lastStrikeDistanceMiles: z.lastStrikeDistanceMiles,
        lastStrikeBearingDeg: z.lastStrikeBearingDeg,
      })),
    });
  }

  // ───────────── sirens ─────────────

  function sirenCommand(
    entry: SirenEntry,
    kind: 'warning' | 'all-clear',
    now: Date,
    extra: Record<string, unknown>,
  ): NewSirenCommand {
    const id = randomUUID();
    const expiresAt = new Date(now.getTime() + SIREN_COMMAND_TTL_MS);
    const durationSeconds = kind === 'warning' ? entry.duration : entry.allClearDuration;
    const frequency = kind === 'warning' ? entry.frequency : entry.allClearFrequency;
    return {
      id,
      sirenId: entry.key,
      kind,
      createdAt: now,
      expiresAt,
      status: 'pending',
      payload: {
        commandId: id,
        sirenId: entry.key,
        kind,
        // sound duration × frequency (spec 02 §3 'Siren detail': duration, frequency / allClear...)
        sound: { durationSeconds, frequency, totalSeconds: durationSeconds * frequency },
        strobe: kind === 'warning',
        issuedAt: now.toISOString(),
        expiresAt: expiresAt.toISOString(),
        ...extra,
      },
    };
  }

  async function processSirens(tx: Tx, hitsBySiren: Map<number, SirenHit[]>, now: Date): Promise<number> {
    const ids = [...hitsBySiren.keys()];
    const stored = new Map((await loadSirenStates(tx, ids)).map((s) => [s.sirenId, s]));
    const windows = await loadSirenAlertTimes(tx, ids);
    const toSave: SirenStateRow[] = [];
    const commands: NewSirenCommand[] = [];
    for (const id of ids) {
      const entry = sirenIndex.get(id);
      if (!entry) continue;
      const state = stored.get(id) ?? blankSiren(id);
      let changed = false;
      const canSound = () =>
        entry.enabled &&
        isSirenWindowOpen(
          windows.filter((w) => w.sirenId === id),
          entry.timeZoneId,
          now,
        );
      if (
        state.inDelay &&
        advanceZone(delayState(state), entry.allClearMinutes, now.getTime()).event === 'all-clear'
      ) {
        state.inDelay = false;
        changed = true;
        if (canSound()) {
          commands.push(
            sirenCommand(entry, 'all-clear', now, {
              correlationId: state.correlationId,
              lastStrikeId: state.lastStrikeId,
            }),
          );
        }
        state.correlationId = null;
      }
      for (const hit of hitsBySiren.get(id)!) {
        const before = delayState(state);
        const { state: next, event } = applyStrike(
          before,
          hit.strike.time.getTime(),
          entry.allClearMinutes,
          now.getTime(),
        );
        if (next === before) continue;
        state.lastStrikeAt = hit.strike.time;
        state.lastStrikeId = hit.strike.id;
        state.lastStrikeDistanceMiles = hit.distanceMiles;
        if (next.inDelay) state.allClearAt = plusMinutes(hit.strike.time, entry.allClearMinutes);
        state.inDelay = next.inDelay;
        changed = true;
        if (event === 'delay-start') {
          state.delayStartedAt = now;
          state.correlationId = randomUUID();
          if (canSound()) {
            commands.push(
              sirenCommand(entry, 'warning', now, {
                correlationId: state.correlationId,
                strikeId: hit.strike.id,
                distanceMiles: hit.distanceMiles,
                radiusMiles: entry.radiusMiles,
                allClearAt: state.allClearAt?.toISOString() ?? null,
              }),
            );
          }
        }
      }
      if (changed) toSave.push(state);
    }
    await saveSirenStates(tx, toSave);
    await insertSirenCommands(tx, commands);
    return commands.length;
  }

  // ───────────── ingest and tick ─────────────

  /** A PostgreSQL foreign-key violation (23503), as the driver or drizzle's wrapper of it reports it. */
  function isForeignKeyViolation(err: unknown): boolean {
    for (let e: unknown = err; e instanceof Error || (typeof e === 'object' && e !== null);) {
      if ((e as { code?: unknown }).code === '23503') return true;
      e = (e as { cause?: unknown }).cause;
      if (e === undefined) break;
    }
    return false;
  }

  async function ingestNow(received: Strike[]): Promise<void> {
    // one malformed strike from a feed must not fail the batch it came in
    const batch = received.filter(isWellFormed);
    if (batch.length < received.length) {
      log.warn({ dropped: received.length - batch.length }, 'lightning: malformed strikes dropped');
    }
    if (batch.length === 0) return;
    await ensureLoaded();
    const now = clock.now();
    try {
      await applyBatch(batch, now);
    } catch (err) {
      if (!isForeignKeyViolation(err) && !(err instanceof LocationsGone)) throw err;
      // A location or siren the index matched was deleted before its bus event reached us: the whole batch
      // rolled back. Re-read what this batch hits and apply it again, so no other venue loses its strikes.
      const locationIds = new Set(
        batch.flatMap((s) => matchLocations(locationIndex, s).map((m) => m.entry.key)),
      );
      const sirenIds = new Set(batch.flatMap((s) => matchSirens(sirenIndex, s).map((m) => m.entry.key)));
      log.warn(
        { locations: locationIds.size, sirens: sirenIds.size },
        'lightning: a matched location or siren is gone; re-indexing and applying the batch again',
      );
      await reloadLocations({ ids: [...locationIds] });
      await reloadSirens([...sirenIds]);
      await applyBatch(batch, now);
    }
  }

  /** Stores a batch's new strikes and applies them to the zones and sirens they hit, in one transaction. */
  async function applyBatch(batch: Strike[], now: Date): Promise<void> {
    let commands = 0;
    let publish = () => {};
    await db.db.transaction(async (tx) => {
      const fresh = new Set<string>();
      for (let i = 0; i < batch.length; i += INSERT_CHUNK) {
        for (const id of await insertNewStrikes(tx, batch.slice(i, i + INSERT_CHUNK), now)) fresh.add(id);
      }
      if (fresh.size === 0) return;
      const accepted: Strike[] = [];
      for (const s of batch) {
        if (!fresh.delete(s.id)) continue; // a duplicate: only the first copy of an id counts
        accepted.push(s);
      }
      accepted.sort((a, b) => a.time.getTime() - b.time.getTime());
      const locationHits = new Map<number, LocationHit[]>();
      const sirenHits = new Map<number, SirenHit[]>();
      for (const strike of accepted) {
        for (const m of matchLocations(locationIndex, strike)) {
          const list = locationHits.get(m.entry.key) ?? [];
          list.push({ strike, distanceMiles: m.distanceMiles, zones: m.zones });
          locationHits.set(m.entry.key, list);
        }
        for (const m of matchSirens(sirenIndex, strike)) {
          const list = sirenHits.get(m.entry.key) ?? [];
          list.push({ strike, distanceMiles: m.distanceMiles });
          sirenHits.set(m.entry.key, list);
        }
      }
      if (locationHits.size > 0) publish = await processLocations(tx, locationHits, now, true);
      if (sirenHits.size > 0) commands = await processSirens(tx, sirenHits, now);
    });
    publish();
    if (commands > 0) ctx.onSirenCommands?.();
  }

  async function tickNow(): Promise<void> {
    await ensureLoaded();
    await flushWhenIdle();
    const now = clock.now();
    const [locationIds, sirenIds] = await Promise.all([dueLocationIds(db.db, now), dueSirenIds(db.db, now)]);
    const missing = locationIds.filter((id) => !locationIndex.get(id));
    if (missing.length > 0) await reloadLocations({ ids: missing });
    const missingSirens = sirenIds.filter((id) => !sirenIndex.get(id));
    if (missingSirens.length > 0) await reloadSirens(missingSirens);
    let commands = 0;
    let publish = () => {};
    if (locationIds.length > 0 || sirenIds.length > 0) {
      await db.db.transaction(async (tx) => {
        if (locationIds.length > 0)
          publish = await processLocations(tx, new Map(locationIds.map((id) => [id, []])), now, false);
        if (sirenIds.length > 0)
          commands = await processSirens(tx, new Map(sirenIds.map((id) => [id, []])), now);
      });
    }
    publish();
    if (commands > 0) ctx.onSirenCommands?.();
  }

  function onTimer(): void {
    if (timerBusy) return;
    timerBusy = true;
    // the simulator pushes its strikes to our subscription during advance; they queue before the tick
    if (ctx.weather.simulatorMode) {
      try {
        ctx.weather.simulator.advance(clock.now());
      } catch (err) {
        log.error({ err }, 'lightning: simulator advance failed');
      }
    }
    serial(tickNow)
      .catch((err: unknown) => log.error({ err }, 'lightning: tick failed'))
      .finally(() => {
        timerBusy = false;
      });
  }

  // Strikes that arrive while a batch is being applied wait and are applied together in the next
  // transaction, so a burst costs a few transactions rather than one per strike.
  let waiting: { strikes: Strike[]; done: (err?: unknown) => void }[] = [];
  let drainQueued = false;
  async function drain(): Promise<void> {
    drainQueued = false;
    // oldest first, at most MAX_BATCH_STRIKES per transaction: under a backlog the first arrivals commit
    // without waiting for the whole backlog's work
    let count = 0;
    let end = 0;
    while (end < waiting.length && (end === 0 || count + waiting[end]!.strikes.length <= MAX_BATCH_STRIKES)) {
      count += waiting[end]!.strikes.length;
      end++;
    }
    const taken = waiting.slice(0, end);
    waiting = waiting.slice(end);
    if (waiting.length > 0 && !drainQueued) {
      drainQueued = true;
      void serial(drain);
    }
    try {
      await ingestNow(taken.flatMap((w) => w.strikes));
      // the queue is idle and the backlog small: write the zone rows now, before the strikes resolve, so a
      // reader sees them at once
      if (waiting.length === 0 && dirty.size <= IDLE_FLUSH_MAX_LOCATIONS) await flushDirty();
    } catch (err) {
      for (const w of taken) w.done(err);
      return;
    }
    for (const w of taken) w.done();
    // under load the strikes (and their alerts) are committed: resolve them first, then write a chunk of the
    // backlog while no strikes wait, transitions first, each zone once however many strikes extended it
    if (dirty.size > 0) {
      await flushWhenIdle().catch((err: unknown) =>
        log.error({ err }, 'lightning: writing zone rows failed'),
      );
    }
  }
  const ingest = (strikes: Strike[]): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ strikes, done: (err) => (err === undefined ? resolve() : reject(err)) });
      if (!drainQueued) {
        drainQueued = true;
        void serial(drain);
      }
    });

  return {
    locationIndex,
    sirenIndex,
    ingest,
    tick: () => serial(tickNow),
    refreshIndex: () => serial(reloadAll),
    async start() {
      await serial(reloadAll);
      const onError = (what: string) => (err: unknown) => log.error({ err }, `lightning: ${what} failed`);
      unsubscribers.push(
        ctx.bus.subscribe('location-changed', (e) => {
          const work = e.deleted
            ? async () => removeLocation(e.locationId)
            : () => reloadLocations({ ids: [e.locationId] });
          void serial(work).catch(onError('location re-index'));
        }),
        ctx.bus.subscribe('siren-changed', (e) => {
          const work = e.deleted ? async () => sirenIndex.remove(e.sirenId) : () => reloadSirens([e.sirenId]);
          void serial(work).catch(onError('siren re-index'));
        }),
        ctx.bus.subscribe('policies-changed', (e) => {
          void serial(() => reloadLocations({ customerId: e.customerId })).catch(onError('policy re-index'));
        }),
        ctx.weather.providers.strikes.subscribe((strikes) => {
          void ingest(strikes).catch(onError('strike ingest'));
        }),
        registerStrikeSink(ctx.weather, ingest),
      );
      if (ctx.autoTick ?? true) {
        timer = setInterval(onTimer, TICK_INTERVAL_MS);
        timer.unref();
      }
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      for (const off of unsubscribers.splice(0)) off();
      await chain;
      await serial(() => flushDirty());
    },
  };
}
