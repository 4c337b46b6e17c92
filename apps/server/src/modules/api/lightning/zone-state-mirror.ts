// The lightning engine's zone states, mirrored in this API process (issue 18): the delay and status calls are
// polled every 10 s by every dashboard open, and read three queries each from the database.
//
// The engine holds every location's zones in memory and publishes each change after its commit ('lightning-changed':
// a delay started or extended, a zone cleared), with all four zones as it holds them; every API process receives it.
// A location's zones come from that event when one has arrived (the engine's own state, ahead of its write-behind
// rows), else from the database. Rows read from the database are read again after DATABASE_ROWS_TTL_MS (the delay
// poll): a row written behind, or re-applied from the strike journal at the engine's start, publishes no event. A read
// that straddles an event for its location is answered but not kept. Rows asked for in the last quarter of their
// DATABASE_ROWS_TTL_MS are served and read again beside (refresh ahead, as the read cache does): the requests of a
// location no longer wait, every 10 s, for its rows behind the engine's transactions. The countdowns are computed
// from these states at each request's time, so nothing here ages.
import type { Database } from '../../../db/client.ts';
import { loadZoneStates } from '../../../engine/lightning/lightning.repository.ts';
import type { ZoneStateView } from '../../../engine/lightning/queries.ts';
import type { Bus, LightningChanged } from '../../../platform/bus.ts';
import { REFRESH_AHEAD_AFTER } from '../../../platform/read-cache.ts';

/** Rows read from the database are read again after this long, ms: the spec's delay poll (spec 01 §9). */
export const DATABASE_ROWS_TTL_MS = 10_000;

interface Mirrored {
  zones: readonly ZoneStateView[];
  /** From the engine's event (kept until the next one), or read from the database at `readAt` (real time, ms). */
  fromEngine: boolean;
  readAt: number;
}

const asDate = (v: Date | string | null): Date | null => (v === null || v instanceof Date ? v : new Date(v));

/** A 'lightning-changed' event's zones as the threat reads them (dates revived, should a bus carry them as text). */
export function zonesOfEvent(e: LightningChanged): ZoneStateView[] {
  return e.zones.map((z) => ({
    zone: z.zone,
    lastStrikeAt: asDate(z.lastStrikeAt),
    lastStrikeDistanceMiles: z.lastStrikeDistanceMiles,
    lastStrikeBearingDeg: z.lastStrikeBearingDeg,
  }));
}

export class ZoneStateMirror {
  private readonly locations = new Map<number, Mirrored>();
  private readonly reading = new Map<number, Promise<readonly ZoneStateView[]>>();
  /** Events seen per location: a database read that straddles one is not kept. */
  private readonly events = new Map<number, number>();
  private readonly offs: (() => void)[];

  constructor(
    db: Database,
    bus: Bus,
    private readonly realNow: () => number = () => performance.now(),
    /** Reads a location's stored rows (tests count them). */
    private readonly readRows: (locationId: number) => Promise<ZoneStateView[]> = (locationId) =>
      loadZoneStates(db, [locationId]),
  ) {
    this.offs = [
      bus.subscribe('lightning-changed', (e) => this.applied(e.locationId, zonesOfEvent(e))),
      bus.subscribe('location-changed', (e) => {
        if (e.deleted) this.forget(e.locationId);
      }),
    ];
  }

  /** A location's zones 1..4 as the engine last said (or as stored); empty for a location without any. */
  zones(locationId: number): Promise<readonly ZoneStateView[]> | readonly ZoneStateView[] {
    const mirrored = this.locations.get(locationId);
    if (mirrored?.fromEngine) return mirrored.zones;
    const age = mirrored ? this.realNow() - mirrored.readAt : Infinity;
    if (mirrored && age < DATABASE_ROWS_TTL_MS) {
      // a failed refresh leaves the rows until their end; the request after it reads them again
      if (age >= DATABASE_ROWS_TTL_MS * REFRESH_AHEAD_AFTER && !this.reading.has(locationId))
        this.read(locationId).catch(() => undefined);
      return mirrored.zones;
    }
    return this.reading.get(locationId) ?? this.read(locationId);
  }

  /** Reads a location's rows (one read at a time, which requests join); kept unless an event for it came meanwhile. */
  private read(locationId: number): Promise<readonly ZoneStateView[]> {
    const seen = this.events.get(locationId) ?? 0;
    const readAt = this.realNow();
    const pending: Promise<readonly ZoneStateView[]> = this.readRows(locationId).then(
      (rows) => {
        if (this.reading.get(locationId) === pending) this.reading.delete(locationId);
        const zones = rows.sort((a, b) => a.zone - b.zone);
        if ((this.events.get(locationId) ?? 0) === seen)
          this.locations.set(locationId, { zones, fromEngine: false, readAt });
        return this.locations.get(locationId)?.zones ?? zones;
      },
      (err: unknown) => {
        if (this.reading.get(locationId) === pending) this.reading.delete(locationId);
        throw err;
      },
    );
    this.reading.set(locationId, pending);
    return pending;
  }

  /** Stops listening to the bus. */
  close(): void {
    for (const off of this.offs.splice(0)) off();
  }

  private applied(locationId: number, zones: ZoneStateView[]): void {
    this.events.set(locationId, (this.events.get(locationId) ?? 0) + 1);
    this.reading.delete(locationId);
    this.locations.set(locationId, { zones, fromEngine: true, readAt: this.realNow() });
  }

  private forget(locationId: number): void {
    this.events.set(locationId, (this.events.get(locationId) ?? 0) + 1);
    this.reading.delete(locationId);
    this.locations.delete(locationId);
  }
}
