// The lightning engine (ARCHITECTURE.md 'Lightning delay'): matches each strike to every location
// zone and siren containing it, keeps each zone's delay state in the database, and hands every
// transition to the notifier (ctx.enqueueAlert) or the siren outbox in the same transaction.
// This file composes the parts: the zone transitions and their events (zone-transitions.ts), the
// cache of zone rows and its write-behind (zone-cache.ts), the sirens (siren-processor.ts), the
// strike queue, the transactions and the bus.
//
// What a strike's transaction holds: the strike rows and every alert they raise. Zone rows are a
// write-behind copy of the cache: written right after the batch when the queue is idle and the
// backlog small (every quiet moment), under a storm's onset in small chunks between batches,
// transitions first. The stored strikes are the journal: after a crash replayRecent() applies the
// strikes of the last all-clear span again (delay starts, extensions), raising nothing, since every
// alert of a stored strike was committed with it.
// Out-of-order strikes (older than a zone's last strike) and duplicates (same id, or same time and
// place: dropped by the strikes table) change nothing.
//
// Every source (the simulator's stream, a licensed feed, the scenario API) hands its strikes to take():
// they are journalled before the database sees them (ingest/intake.ts, issue 21) and applied from there, so
// a database outage delays alerts but loses no strike. While strikes taken earlier still wait to be applied,
// nothing is cleared past the oldest of them (clearBy): a held strike may restart the zone.
import type { Strike } from '@allclear/weather';
import type { Bus } from '../../platform/bus.ts';
import { hasErrorCode } from '../../platform/cause-chain.ts';
import type { IngestBoard, IngestQueueStatus } from '../../platform/ingest-status.ts';
import type { AlertEvent, EngineContext, EngineService, Tx } from '../contracts.ts';
import { createIntake, type IntakeOptions, type TakeOutcome } from '../ingest/intake.ts';
import type { Journal } from '../ingest/journal.ts';
import { createMemoryJournal } from '../ingest/memory-journal.ts';
import {
  dueLocationIds,
  dueSirenIds,
  insertNewStrikes,
  loadLightningPolicies,
  loadLocations,
  loadSirens,
  loadAllZoneStates,
  loadStrikesSince,
  existingLocations,
  saveZoneStates,
  type ZoneStateRow,
} from './lightning.repository.ts';
import {
  forEachLocationMatch,
  matchLocations,
  matchSirens,
  toLocationEntry,
  toSirenEntry,
  type LocationEntry,
  type SirenEntry,
} from './matcher.ts';
import { processSirens, type SirenHit } from './siren-processor.ts';
import { CircleIndex } from './spatial-index.ts';
import { fromStrikeRecord, toStrikeRecord, type StrikeRecord } from './strike-record.ts';
import { registerStrikeSink } from './strike-sink.ts';
import { isExtensionOnly, ZoneCache } from './zone-cache.ts';
import {
  applyLocationHits,
  blankZones,
  changesNothing,
  settleLocation,
  warmLocationTexts,
  type IncomingStrike,
  type LocationHit,
} from './zone-transitions.ts';

/** PostgreSQL's foreign_key_violation: a location or siren deleted under a batch (the batch is applied again). */
const FOREIGN_KEY_VIOLATION: ReadonlySet<string> = new Set(['23503']);
/** Real-time period of the timer loop. */
const TICK_INTERVAL_MS = 1_000;
/** Most zone rows written in one go under load (a few tens of milliseconds of PGlite). */
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

/**
 * How long a chunk of held strikes should take while a backlog is caught up (the intake's catchUpTargetMs): the new
 * strikes wait behind the chunk in flight. Bench strikes, outage phase, one run each on this machine: the new strikes'
 * alerts had a p99 of about 205 ms at 50 ms and 113 ms at 30 ms, for 5,430 and 5,250 held strikes a second.
 */
const CATCH_UP_CHUNK_MS = 30;
/** Rows per insert statement (PostgreSQL allows 65,535 parameters; a strike has 9). */
const INSERT_CHUNK = 1_000;

/** A location's working copy in a transaction and what becomes of its rows after commit (bit z-1 = zone z). */
interface WorkedLocation {
  id: number;
  zones: ZoneStateRow[];
  /** Zones written in the transaction. */
  written: number;
  /** Zones left for the write-behind, and which of those are transitions (written first). */
  deferred: number;
  transitions: number;
}

/** The hits of `accepted` strikes only, by the same keys (a key none of whose strikes is accepted goes). */
function onlyOf<H extends { strike: Strike }>(
  hits: Map<number, H[]>,
  accepted: ReadonlySet<Strike>,
): Map<number, H[]> {
  const kept = new Map<number, H[]>();
  for (const [key, list] of hits) {
    const mine = list.filter((h) => accepted.has(h.strike));
    if (mine.length > 0) kept.set(key, mine);
  }
  return kept;
}

/** Oldest first (a stable sort keeps arrival order among strikes of the same instant). */
const byTime = (a: Strike, b: Strike) => a.time.getTime() - b.time.getTime();

/** Locations the index matched that were deleted before their bus event reached the engine. */
class LocationsGone extends Error {
  constructor(readonly ids: number[]) {
    super(`locations gone: ${ids.join(', ')}`);
  }
}

/**
 * One piece of the strike queue's work as the engine did it: a transaction of strikes (among them, `redelivered`
 * offered again by the journal: a catch-up's chunk) or a write of zone rows. Benchmarks add them up to show where
 * a catch-up's time goes (bench strikes, outage phase).
 */
export interface EngineWork {
  /** 'tick': the timer's settling of the zones due (rows: how many locations were due). */
  kind: 'strikes' | 'zone-rows' | 'tick';
  /** When it started, performance.now() ms, and how long it took (wall time, waits on the database included). */
  startMs: number;
  ms: number;
  /** Strikes in the transaction, and how many of them the journal offered again; rows written. */
  strikes: number;
  redelivered: number;
  rows: number;
  /** Locations whose zones the strikes' hits were applied to (hits that change nothing are left out before). */
  locations: number;
}

export interface LightningEngineContext extends EngineContext {
  bus: Bus;
  /** Told of each piece of the strike queue's work once it is done (benchmarks); nothing by default. */
  onWork?: (work: EngineWork) => void;
  /** Called after a commit that queued siren commands (the device gateway publishes them at once). */
  onSirenCommands?: () => void;
  /**
   * Run the 1 s tick timer; default true. Off when something else drives tick(): tests by hand, the simulator
   * ticker after each advance (engine/simulator-ticker.ts).
   */
  autoTick?: boolean;
  /**
   * The journal strikes are taken into before the database (the product's is in DATA_DIR, opened by
   * engine/index.ts); default: one in memory, for tests and benchmarks.
   */
  journal?: Journal<StrikeRecord>;
  /** Where the strike intake reports its state (/readyz, the admins' banner). */
  ingestBoard?: IngestBoard;
  /** Tuning of the strike intake (tests: probe sooner). */
  intake?: Pick<IntakeOptions<StrikeRecord>, 'retryMs' | 'maxRetryMs' | 'catchUpChunk'>;
}

export interface LightningEngine extends EngineService {
  /**
   * Takes strikes from a source: journalled (durable on return), then applied. Resolves 'applied' once
   * committed, or 'held' while the database does not answer (applied when it does); rejects with
   * JournalFullError when the journal is full.
   */
  take(strikes: Strike[]): Promise<TakeOutcome>;
  /** The strike intake's state: live, held (database away) or catching up, and what waits. */
  ingestStatus(): IngestQueueStatus;
  /** Resolves when no taken strike waits to be applied. */
  ingestIdle(): Promise<void>;
  /**
   * Matches and applies strikes (duplicates and out-of-order strikes change nothing); resolves when committed.
   * With `redelivered` (the journal offering strikes again) a strike already stored is applied to the zones
   * once more, raising nothing: its transaction may have committed as the connection dropped.
   */
  ingest(strikes: IncomingStrike[], options?: { redelivered?: boolean }): Promise<void>;
  /** Clears every zone and siren whose all-clear time has passed (ctx.clock). */
  tick(): Promise<void>;
  /** Reloads every location, siren and LR policy into the spatial index. */
  refreshIndex(): Promise<void>;
  /** The location index (read-only use: benchmarks, diagnostics). */
  readonly locationIndex: CircleIndex<LocationEntry>;
  readonly sirenIndex: CircleIndex<SirenEntry>;
}

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

/** Creates the lightning engine; `start()` loads the index, subscribes to the strike stream and the bus, and runs the timer. */
export function createLightningEngine(ctx: LightningEngineContext): LightningEngine {
  const { db, clock, log } = ctx;
  const locationIndex = new CircleIndex<LocationEntry>();
  const sirenIndex = new CircleIndex<SirenEntry>();
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let timerBusy = false;
  const unsubscribers: (() => void)[] = [];
  // Zone states of every location and the rows not written yet (zone-cache.ts).
  const zoneCache = new ZoneCache();
  let loaded = false;
  const intake = createIntake<StrikeRecord>({
    name: 'strikes',
    journal: ctx.journal ?? createMemoryJournal({ name: 'strikes', clock }),
    clock,
    log,
    catchUpTargetMs: CATCH_UP_CHUNK_MS,
    ...ctx.intake,
    apply: (entries, how) =>
      ingest(
        entries.map((e) => fromStrikeRecord(e.record, e.receivedAt)),
        how,
      ),
    probe: () => db.query('select 1'),
    timeOf: (record) => Date.parse(record.time),
  });

  /** Nothing clears past the oldest strike still waiting to be applied (it may restart the zone). */
  function clearByAt(now: Date): Date {
    const horizon = intake.horizon();
    return horizon !== null && horizon < now.getTime() ? new Date(horizon) : now;
  }

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
    warmLocationTexts(locationIndex.values(), clock.now());
    sirenIndex.reset(sirenRows.map(toSirenEntry));
    zoneCache.load(await loadAllZoneStates(db.db));
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
    replayStrikes(await loadStrikesSince(db.db, since), now);
    await flushDirty();
  }

  /**
   * The strikes' hits grouped by location, in strike order (as many as a storm's backlog: no object per match), but
   * for the hits that change nothing (changesNothing: the zones took later strikes). `strikes` are oldest first.
   */
  function locationHitsOf(strikes: readonly IncomingStrike[]): Map<number, LocationHit[]> {
    const byLocation = new Map<number, LocationHit[]>();
    for (const strike of strikes) {
      const strikeMs = strike.time.getTime();
      forEachLocationMatch(locationIndex, strike, (entry, distanceMiles, zones) => {
        if (changesNothing(zoneCache.get(entry.key), zones, strikeMs, entry.allClearMinutes)) return;
        const hit: LocationHit = { strike, distanceMiles, zones, bearingDeg: undefined };
        const list = byLocation.get(entry.key);
        if (list) list.push(hit);
        else byLocation.set(entry.key, [hit]);
      });
    }
    return byLocation;
  }

  /** Applies stored strikes, oldest first, to the cached zones again (delay starts, extensions), raising nothing. */
  function replayStrikes(stored: readonly Strike[], now: Date): void {
    for (const [id, hits] of locationHitsOf(stored)) {
      const entry = locationIndex.get(id)!;
      const zones = zoneCache.get(id) ?? blankZones(id);
      const changed = new Set<number>();
      applyLocationHits(entry, zones, hits, now, changed, { replay: true });
      if (changed.size === 0) continue;
      zoneCache.set(id, zones);
      for (const zone of changed) zoneCache.markDirty(id, zone, true);
    }
  }

  /**
   * Writes zone rows held only in memory: all of them, or (under load) a chunk of about `maxRows` rows (zone-cache.ts
   * takeDirty), so no single write stalls the strike queue. A location deleted before its bus event reached us is
   * dropped from the cache and the rest written.
   */
  async function flushDirty(maxRows = Number.POSITIVE_INFINITY): Promise<void> {
    if (zoneCache.dirtyLocations === 0) return;
    const startMs = performance.now();
    const rows = zoneCache.takeDirty(maxRows);
    // rows not written (the database away) wait again, first in line
    const requeue = (err: unknown) => {
      for (const r of rows) if (zoneCache.has(r.locationId)) zoneCache.markDirty(r.locationId, r.zone, true);
      throw err;
    };
    try {
      await saveZoneStates(db.db, rows);
      zoneCache.chunkWritten(performance.now() - startMs);
      report('zone-rows', startMs, 0, 0, rows.length);
    } catch (err) {
      if (!isForeignKeyViolation(err)) requeue(err);
      await reloadLocations({ ids: [...new Set(rows.map((r) => r.locationId))] }).catch(requeue);
      const kept = rows.filter((r) => zoneCache.has(r.locationId));
      await saveZoneStates(db.db, kept).catch(requeue);
      report('zone-rows', startMs, 0, 0, kept.length);
    }
  }

  function report(
    kind: EngineWork['kind'],
    startMs: number,
    strikes: number,
    redelivered: number,
    rows: number,
    locations = 0,
  ) {
    ctx.onWork?.({ kind, startMs, ms: performance.now() - startMs, strikes, redelivered, rows, locations });
  }

  /** A chunk of zone rows, when the cache says one is due (zone-cache.ts chunkDue: never while catching up). */
  async function flushChunkIfDue(): Promise<void> {
    if (zoneCache.chunkDue(waiting.length > 0, intake.state() === 'catching-up'))
      await flushDirty(FLUSH_CHUNK_ROWS);
  }

  async function ensureLoaded(): Promise<void> {
    if (!loaded) await reloadAll();
  }

  function removeLocation(id: number): void {
    locationIndex.remove(id);
    zoneCache.forget(id);
  }

  async function reloadLocations(filter: { ids?: number[]; customerId?: number }): Promise<void> {
    const rows = await loadLocations(db.db, filter);
    const policies = await loadLightningPolicies(db.db, [...new Set(rows.map((r) => r.customerId))]);
    const found = new Set(rows.map((r) => r.id));
    for (const id of filter.ids ?? []) if (!found.has(id)) removeLocation(id);
    const entries = rows.map((row) => toLocationEntry(row, policies.get(row.customerId) ?? []));
    for (const entry of entries) locationIndex.upsert(entry);
    warmLocationTexts(entries, clock.now());
  }

  async function reloadSirens(ids: number[]): Promise<void> {
    const rows = await loadSirens(db.db, ids);
    const found = new Set(rows.map((r) => r.id));
    for (const id of ids) if (!found.has(id)) sirenIndex.remove(id);
    for (const row of rows) sirenIndex.upsert(toSirenEntry(row));
  }

  /**
   * Settles and applies hits for a set of locations inside `tx`; enqueues every event there. Works on
   * copies of the cached rows it changes; returns the function that publishes them to the cache after commit.
   */
  async function processLocations(
    tx: Tx,
    hitsByLocation: Map<number, LocationHit[]>,
    now: Date,
    writeBehind: boolean,
    clearBy: Date,
  ): Promise<() => void> {
    const toSave: ZoneStateRow[] = [];
    const events: AlertEvent[] = [];
    // one record per changed location (a storm's backlog changes thousands per transaction): zone sets as bits
    const worked: WorkedLocation[] = [];
    const changed = new Set<number>();
    for (const [id, hits] of hitsByLocation) {
      const entry = locationIndex.get(id);
      if (!entry) continue;
      const cached = zoneCache.get(id);
      // the cached rows themselves until one changes: settle and apply copy a row before they change it
      const zones = cached ? cached.slice() : blankZones(id);
      changed.clear();
      const allClear = settleLocation(entry, zones, now, changed, clearBy, cached);
      if (allClear) events.push(allClear);
      if (hits.length > 0)
        for (const e of applyLocationHits(entry, zones, hits, now, changed, { shared: cached }))
          events.push(e);
      if (changed.size === 0) continue;
      let written = 0;
      let deferred = 0;
      let transitions = 0;
      for (const z of zones) {
        if (!changed.has(z.zone)) continue;
        const bit = 1 << (z.zone - 1);
        const extensionOnly = isExtensionOnly(cached?.[z.zone - 1], z);
        if (extensionOnly || writeBehind) {
          deferred |= bit;
          if (!extensionOnly) transitions |= bit;
        } else {
          toSave.push(z);
          written |= bit;
        }
      }
      worked.push({ id, zones, written, deferred, transitions });
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
      for (const { id, zones, written, deferred, transitions } of worked) {
        const indexed = locationIndex.get(id) !== undefined;
        if (indexed) zoneCache.store(id, zones);
        for (let zone = 1; zone <= 4; zone++) {
          const bit = 1 << (zone - 1);
          if (written & bit) zoneCache.markWritten(id, zone);
          else if (indexed && deferred & bit) zoneCache.markDirty(id, zone, (transitions & bit) !== 0);
        }
        queuePublish(id, zones);
      }
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

  // ───────────── ingest and tick ─────────────

  /** A PostgreSQL foreign-key violation (23503), as the driver or drizzle's wrapper of it reports it. */
  function isForeignKeyViolation(err: unknown): boolean {
    return hasErrorCode(err, FOREIGN_KEY_VIOLATION);
  }

  /** The well-formed strikes; one malformed strike from a feed must not fail the batch it came in. */
  function wellFormed<S extends Strike>(received: S[]): S[] {
    const batch = received.filter(isWellFormed);
    if (batch.length < received.length) {
      log.warn({ dropped: received.length - batch.length }, 'lightning: malformed strikes dropped');
    }
    return batch;
  }

  /** Applies a batch; the number of locations its hits were applied to. */
  async function ingestNow(
    received: IncomingStrike[],
    redelivered: ReadonlySet<IncomingStrike>,
  ): Promise<number> {
    const batch = wellFormed(received);
    if (batch.length === 0) return 0;
    await ensureLoaded();
    const now = clock.now();
    try {
      return await applyBatch(batch, now, redelivered);
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
      return await applyBatch(batch, now, redelivered);
    }
  }

  /**
   * Stores a batch's new strikes and applies them to the zones and sirens they hit, in one transaction. A
   * redelivered strike already stored is applied to the cached zones again after commit, raising nothing. The
   * strikes are matched while the database inserts them (the insert is sent first), and the matches of strikes it
   * already had are dropped. Returns the number of locations the hits were applied to.
   */
  async function applyBatch(
    batch: IncomingStrike[],
    now: Date,
    redelivered: ReadonlySet<IncomingStrike>,
  ): Promise<number> {
    let commands = 0;
    let locations = 0;
    let publish = () => {};
    const stored: Strike[] = [];
    const clearBy = clearByAt(now);
    const oldestFirst = batch.slice().sort(byTime);
    await db.db.transaction(async (tx) => {
      stored.length = 0;
      const inserting = insertAll(tx, batch, now);
      let locationHits = locationHitsOf(oldestFirst);
      let sirenHits = sirenHitsOf(oldestFirst);
      const fresh = await inserting;
      const accepted = new Set<Strike>();
      for (const s of batch) {
        if (fresh.delete(s.id)) accepted.add(s);
        else if (redelivered.has(s)) stored.push(s);
        // else a duplicate: only the first copy of an id counts
      }
      if (accepted.size === 0) return;
      if (accepted.size < batch.length) {
        locationHits = onlyOf(locationHits, accepted);
        sirenHits = onlyOf(sirenHits, accepted);
      }
      locations = locationHits.size;
      if (locationHits.size > 0) publish = await processLocations(tx, locationHits, now, true, clearBy);
      if (sirenHits.size > 0) commands = await processSirens(tx, sirenIndex, sirenHits, now, clearBy);
    });
    publish();
    if (stored.length > 0) replayStrikes(stored.sort(byTime), now);
    if (commands > 0) ctx.onSirenCommands?.();
    return locations;
  }

  /** Inserts the strikes the table does not hold yet, in statements of INSERT_CHUNK; their ids. The first is sent at once. */
  async function insertAll(tx: Tx, batch: readonly IncomingStrike[], now: Date): Promise<Set<string>> {
    const fresh = new Set<string>();
    for (let i = 0; i < batch.length; i += INSERT_CHUNK) {
      for (const id of await insertNewStrikes(tx, batch.slice(i, i + INSERT_CHUNK), now)) fresh.add(id);
    }
    return fresh;
  }

  /** The sirens each strike hits, grouped by siren, in strike order. */
  function sirenHitsOf(strikes: readonly IncomingStrike[]): Map<number, SirenHit[]> {
    const bySiren = new Map<number, SirenHit[]>();
    for (const strike of strikes) {
      for (const m of matchSirens(sirenIndex, strike)) {
        const list = bySiren.get(m.entry.key);
        if (list) list.push({ strike, distanceMiles: m.distanceMiles });
        else bySiren.set(m.entry.key, [{ strike, distanceMiles: m.distanceMiles }]);
      }
    }
    return bySiren;
  }

  async function tickNow(): Promise<void> {
    await ensureLoaded();
    await flushChunkIfDue();
    const startMs = performance.now();
    const now = clock.now();
    const clearBy = clearByAt(now);
    const [locationIds, sirenIds] = await Promise.all([
      dueLocationIds(db.db, clearBy),
      dueSirenIds(db.db, clearBy),
    ]);
    const missing = locationIds.filter((id) => !locationIndex.get(id));
    if (missing.length > 0) await reloadLocations({ ids: missing });
    const missingSirens = sirenIds.filter((id) => !sirenIndex.get(id));
    if (missingSirens.length > 0) await reloadSirens(missingSirens);
    let commands = 0;
    let publish = () => {};
    if (locationIds.length > 0 || sirenIds.length > 0) {
      await db.db.transaction(async (tx) => {
        if (locationIds.length > 0) {
          const due = new Map(locationIds.map((id) => [id, []]));
          publish = await processLocations(tx, due, now, false, clearBy);
        }
        if (sirenIds.length > 0) {
          const due = new Map(sirenIds.map((id) => [id, []]));
          commands = await processSirens(tx, sirenIndex, due, now, clearBy);
        }
      });
    }
    publish();
    if (commands > 0) ctx.onSirenCommands?.();
    report('tick', startMs, 0, 0, locationIds.length);
  }

  function onTimer(): void {
    if (timerBusy) return;
    timerBusy = true;
    serial(tickNow)
      .catch((err: unknown) => log.error({ err }, 'lightning: tick failed'))
      .finally(() => {
        timerBusy = false;
      });
  }

  // Strikes that arrive while a batch is being applied wait and are applied together in the next
  // transaction, so a burst costs a few transactions rather than one per strike.
  let waiting: { strikes: IncomingStrike[]; redelivered: boolean; done: (err?: unknown) => void }[] = [];
  let drainQueued = false;
  async function drain(): Promise<void> {
    drainQueued = false;
    // oldest first, at most MAX_BATCH_STRIKES per transaction: under a backlog the first arrivals commit
    // without waiting for the whole backlog's work. While a backlog is caught up after an outage, the new strikes
    // that waited behind a chunk of held ones go in one transaction, however many: a transaction per 20 took a third
    // of the catch-up's time (bench strikes, outage phase: 627 transactions for 11,010 new strikes). Not with the
    // next chunk: that would make them wait for it too, and saved nothing (bench strikes, outage phase: drained in
    // 22.8 s against 23.0 s, new strikes' p99 347 ms against 255 ms).
    const catchingUp = intake.state() === 'catching-up';
    const fits = (next: (typeof waiting)[number], count: number) =>
      catchingUp
        ? !next.redelivered && !waiting[0]!.redelivered
        : count + next.strikes.length <= MAX_BATCH_STRIKES;
    let count = 0;
    let end = 0;
    while (end < waiting.length && (end === 0 || fits(waiting[end]!, count))) {
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
      const startMs = performance.now();
      const redelivered = new Set(taken.flatMap((w) => (w.redelivered ? w.strikes : [])));
      const locations = await ingestNow(
        taken.flatMap((w) => w.strikes),
        redelivered,
      );
      report('strikes', startMs, count, redelivered.size, 0, locations);
      // the queue is idle and the backlog small: write the zone rows now, before the strikes resolve, so a
      // reader sees them at once
      if (waiting.length === 0 && zoneCache.dirtyLocations <= IDLE_FLUSH_MAX_LOCATIONS) await flushDirty();
    } catch (err) {
      for (const w of taken) w.done(err);
      return;
    }
    for (const w of taken) w.done();
    // under load the strikes (and their alerts) are committed: resolve them first, then write a chunk of the
    // backlog while no strikes wait, transitions first, each zone once however many strikes extended it
    if (zoneCache.dirtyLocations > 0) {
      await flushChunkIfDue().catch((err: unknown) =>
        log.error({ err }, 'lightning: writing zone rows failed'),
      );
    }
  }
  function ingest(strikes: IncomingStrike[], options: { redelivered?: boolean } = {}): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      waiting.push({
        strikes,
        redelivered: options.redelivered ?? false,
        done: (err) => (err === undefined ? resolve() : reject(err)),
      });
      if (!drainQueued) {
        drainQueued = true;
        void serial(drain);
      }
    });
  }

  /** Every source's way in: well-formed strikes journalled, then applied (or held while the database is away). */
  function take(strikes: Strike[]): Promise<TakeOutcome> {
    return intake.take(wellFormed(strikes).map(toStrikeRecord));
  }

  return {
    locationIndex,
    sirenIndex,
    ingest,
    take,
    ingestStatus: () => intake.status(),
    ingestIdle: () => intake.idle(),
    tick: () => serial(tickNow),
    refreshIndex: () => serial(reloadAll),
    async start() {
      await serial(reloadAll);
      // strikes an earlier run journalled and did not apply go first
      await intake.start();
      if (ctx.ingestBoard) unsubscribers.push(ctx.ingestBoard.register(() => intake.status()));
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
          void take(strikes).catch(onError('taking strikes'));
        }),
        registerStrikeSink(ctx.weather, take),
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
      await intake.stop();
      await chain;
      await serial(() => flushDirty());
    },
  };
}
