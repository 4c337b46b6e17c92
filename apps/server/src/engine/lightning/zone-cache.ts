// The lightning engine's zone states of every location, mirrored from the database, and the write-behind
// bookkeeping of the rows not written yet (README 'write-behind zone rows'). No I/O: the engine writes
// what takeDirty() hands it.
//
// The mirror is read at load and replaced after each commit (never before, so a rolled-back transaction
// leaves it as the database is). One engine process owns the lightning state; a second one would need its
// own partition of locations. Unwritten rows are written right after a batch when the queue is idle and few
// of them wait; under load in small chunks: transitions (delay starts) first, then each extended zone after
// 5 s (once, however many strikes extended it) and within 30 s at most, so the database's countdowns may
// trail by that much under a storm. Their strikes are stored with their alerts, so after a crash the engine
// applies them again before anything is cleared: the cache, not the row, decides an all-clear.
import type { ZoneStateRow } from './lightning.repository.ts';
import { blankZones } from './zone-transitions.ts';

/** Under load, extensions only in memory are written at least this often (real time); transitions are written at once. */
export const EXTENSION_FLUSH_INTERVAL_MS = 5_000;
/** An extension is written within this long even when strikes never stop arriving (real time). */
export const EXTENSION_MAX_HOLD_MS = 30_000;
/**
 * While strikes wait, overdue rows have at most this share of the queue's time: after a chunk, the next waits until
 * the strikes since have had twice its time. Written after every transaction of strikes, the 65,000 overdue rows
 * after an outage's catch-up took 56 to 59 % of the queue for seconds; on a slower machine that left the live
 * strikes less than their arrival rate, and their wait grew to 900 ms (bench strikes, outage phase).
 */
export const OVERDUE_ROWS_SHARE = 1 / 3;

/**
 * True when a zone's change from `before` (the cached row) to `after` only extends the same delay episode:
 * such a row may wait in memory; any other change (a delay start, an all-clear) is a transition.
 */
export function isExtensionOnly(before: ZoneStateRow | undefined, after: ZoneStateRow): boolean {
  return (
    before !== undefined &&
    before.inDelay &&
    after.inDelay &&
    before.correlationId === after.correlationId &&
    before.delayStartedAt?.getTime() === after.delayStartedAt?.getTime()
  );
}

export class ZoneCache {
  private readonly states = new Map<number, ZoneStateRow[]>();
  /** Locations with rows not written yet, zones as bits (bit z-1 = zone z; insertion order is the order they became dirty). */
  private readonly dirty = new Map<number, { zones: number; since: number }>();
  /** The locations of `dirty` holding a transition. */
  private readonly dirtyTransitions = new Set<number>();

  /** When the last chunk of rows ended and how long it took (real time, ms). */
  private lastChunk: { endedAt: number; ms: number } | null = null;

  /** `realNow` is a real-time clock in ms (the hold times are real time, whatever the product clock does). */
  constructor(private readonly realNow: () => number = () => performance.now()) {}

  /** Replaces the mirror with the stored rows (zones not stored are blank); rows already dirty stay dirty. */
  load(rows: readonly ZoneStateRow[]): void {
    this.states.clear();
    for (const row of rows) {
      const list = this.states.get(row.locationId) ?? blankZones(row.locationId);
      list[row.zone - 1] = row;
      this.states.set(row.locationId, list);
    }
  }

  /** A location's cached zones 1..4 (long-lived rows: copy before changing them in a transaction). */
  get(locationId: number): ZoneStateRow[] | undefined {
    return this.states.get(locationId);
  }

  has(locationId: number): boolean {
    return this.states.has(locationId);
  }

  /** Makes `zones` the location's cached rows. */
  set(locationId: number, zones: ZoneStateRow[]): void {
    this.states.set(locationId, zones);
  }

  /**
   * Publishes a committed working copy: its changed rows are copied into the long-lived cached rows rather than
   * replacing them, since the working copies die young and a storm then does not churn the old generation (fewer
   * long GC pauses). Rows it holds that are the cached ones themselves did not change.
   */
  store(locationId: number, zones: ZoneStateRow[]): void {
    const cached = this.states.get(locationId);
    if (!cached) {
      this.states.set(locationId, zones);
      return;
    }
    for (let i = 0; i < zones.length; i++) if (zones[i] !== cached[i]) Object.assign(cached[i]!, zones[i]);
  }

  /** Drops a deleted location: its cached rows and anything of it not written. */
  forget(locationId: number): void {
    this.states.delete(locationId);
    this.dirty.delete(locationId);
    this.dirtyTransitions.delete(locationId);
  }

  /** Marks a zone's row to be written; a transition (delay start or all-clear) is written before extensions. */
  markDirty(locationId: number, zone: number, transition = false): void {
    const entry = this.dirty.get(locationId);
    if (entry) entry.zones |= 1 << (zone - 1);
    else this.dirty.set(locationId, { zones: 1 << (zone - 1), since: this.realNow() });
    if (transition) this.dirtyTransitions.add(locationId);
  }

  /** A zone's row was written with its transaction: it no longer waits. */
  markWritten(locationId: number, zone: number): void {
    const entry = this.dirty.get(locationId);
    if (entry) entry.zones &= ~(1 << (zone - 1));
  }

  /** How many locations have rows not written. */
  get dirtyLocations(): number {
    return this.dirty.size;
  }

  /** True when the oldest unwritten row has waited longer than EXTENSION_MAX_HOLD_MS. */
  overdue(): boolean {
    const oldest = this.dirty.values().next().value;
    return oldest !== undefined && this.realNow() - oldest.since > EXTENSION_MAX_HOLD_MS;
  }

  /**
   * Whether a chunk of rows (takeDirty(maxRows)) is to be written between two transactions of strikes: when no strikes
   * wait, or once the oldest row is overdue, keeping to OVERDUE_ROWS_SHARE of the queue's time while they wait; never
   * while a backlog of held strikes is being caught up after an outage. Every chunk of that backlog extends thousands
   * of zones, whose strikes are stored and which the cache decides, and the rows from before the outage are all
   * overdue when it ends: writing them first took a tenth of the catch-up (bench strikes, outage phase). They are
   * written once it is done. Rows held longer are safe: a restart applies the last hour's stored strikes again.
   */
  chunkDue(strikesWaiting: boolean, catchingUp: boolean): boolean {
    if (this.dirty.size === 0 || catchingUp) return false;
    if (!strikesWaiting) return true;
    if (!this.overdue()) return false;
    const last = this.lastChunk;
    return last === null || this.realNow() - last.endedAt >= last.ms * (1 / OVERDUE_ROWS_SHARE - 1);
  }

  /** A chunk of rows was written, taking `ms` (real time) and ending now: chunkDue keeps the rows to their share. */
  chunkWritten(ms: number): void {
    this.lastChunk = { endedAt: this.realNow(), ms };
  }

  /**
   * Takes the rows to write and forgets that they wait: all of them, or (under load) whole locations until at least
   * `maxRows` rows are taken, transitions first, then locations dirty for EXTENSION_FLUSH_INTERVAL_MS or longer,
   * oldest first. A location dropped from the mirror gives no rows.
   */
  takeDirty(maxRows = Number.POSITIVE_INFINITY): ZoneStateRow[] {
    const all = maxRows === Number.POSITIVE_INFINITY;
    const dueBefore = all ? Number.POSITIVE_INFINITY : this.realNow() - EXTENSION_FLUSH_INTERVAL_MS;
    const rows: ZoneStateRow[] = [];
    const take = (id: number, entry: { zones: number }) => {
      const cached = this.states.get(id);
      if (cached) for (let i = 0; i < 4; i++) if (entry.zones & (1 << i)) rows.push(cached[i]!);
      this.dirty.delete(id);
      this.dirtyTransitions.delete(id);
    };
    if (!all) {
      for (const id of this.dirtyTransitions) {
        if (rows.length >= maxRows) break;
        const entry = this.dirty.get(id);
        if (entry) take(id, entry);
        else this.dirtyTransitions.delete(id);
      }
    }
    for (const [id, entry] of this.dirty) {
      // the map keeps insertion order: the first entry not yet due ends the due ones
      if (entry.since > dueBefore || rows.length >= maxRows) break;
      take(id, entry);
    }
    return rows;
  }
}
