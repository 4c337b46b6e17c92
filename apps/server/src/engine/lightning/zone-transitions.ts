// A location's zone transitions (ARCHITECTURE.md 'Lightning delay'), without I/O: given its zone rows,
// the strikes that hit it and the time, the rows change in place (a working copy the caller owns) and
// the delay and all-clear events come back. The events' own ids are random UUIDs.
//
// - 'lightning-delay': one per strike that puts zones of a location into delay, naming the innermost
//   zone that entered delay (details.zones lists all of them). A strike in an inner zone while only
//   outer zones are in delay is an escalation and raises a new delay event at once.
// - 'lightning-all-clear': one per location and moment for the zones whose timer ran out together
//   (per zone, batched); details.locationAllClear is true when no zone of the location remains in delay.
// Every event of one delay episode (first delay until every zone is clear) shares a correlationId,
// derived from the location and the strike that started the episode (episodeId), so a restart that
// re-derives the episode from stored strikes names it as the alert did.
import { hash, randomUUID } from 'node:crypto';
import {
  advanceZone,
  applyStrike,
  initialBearingDeg,
  NotificationType,
  type ZoneDelayState,
} from '@allclear/domain';
import type { Strike } from '@allclear/weather';
import type { AlertEvent } from '../contracts.ts';
import type { ZoneStateRow } from './lightning.repository.ts';
import type { LocationEntry } from './matcher.ts';
import { allClearMessage, delayMessage, warmTimeTexts } from './messages.ts';

/** A strike as the engine applies it: when the product took it (its ingest journal's stamp), if known. */
export type IncomingStrike = Strike & { receivedAt?: Date };

/** One strike that hit a location: its great-circle distance (miles) and the 0-based zones containing it. */
export interface LocationHit {
  strike: IncomingStrike;
  distanceMiles: number;
  zones: readonly number[];
  /** From the location to the strike, degrees: worked out when first needed. */
  bearingDeg?: number;
}

/**
 * An alert this much later than its fact (the strike taken, the all-clear due) was held back, by a database
 * outage in practice: the event says by how long (details.heldSeconds), and a delay's text says so too.
 */
export const HELD_NOTE_MS = 10_000;

/** Whole seconds from `fact` to `now` when at least HELD_NOTE_MS, else null. */
export function heldSeconds(fact: Date | null | undefined, now: Date): number | null {
  if (!fact) return null;
  const ms = now.getTime() - fact.getTime();
  return ms >= HELD_NOTE_MS ? Math.round(ms / 1000) : null;
}

/** The correlation id of a delay episode: a UUID-shaped digest of the location and the strike that started it. */
export function episodeId(locationId: number, strikeId: string): string {
  // the one-shot digest: a Hash object per delay start showed at a storm's onset (bench strikes)
  const h = hash('sha256', `${locationId}:${strikeId}`, 'hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Makes ready, before any strike, what the texts of these locations' alerts need (each time zone's formatter): made
 * on first use, the 43 zones of the bench's 100,000 locations cost 17 ms at a storm's onset, where every strike waits.
 */
export function warmLocationTexts(entries: Iterable<LocationEntry>, at: Date): void {
  const zones = new Set<string>();
  for (const entry of entries) zones.add(entry.timeZone);
  warmTimeTexts(zones, at);
}

/** Zones 1..4 of a location before any strike. */
export function blankZones(locationId: number): ZoneStateRow[] {
  return [1, 2, 3, 4].map((zone) => ({
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
  }));
}

/** The domain's view of a stored zone or siren state (epoch ms). */
export const delayState = (s: { lastStrikeAt: Date | null; inDelay: boolean }): ZoneDelayState => ({
  lastStrikeAt: s.lastStrikeAt?.getTime() ?? null,
  inDelay: s.inDelay,
});

export const plusMinutes = (t: Date, minutes: number) => new Date(t.getTime() + minutes * 60_000);

/**
 * Zones of a location whose timer ran out by `clearBy` (default `now`) go all clear (their allClearAt is the
 * moment they cleared); returns the all-clear event, raised at `now`, if any. `clearBy` is earlier than `now`
 * while strikes taken before `now` still wait to be applied (after a database outage): a zone is not cleared
 * past the oldest of them, which may restart it. Adds every zone it changes to `changed`. Rows of `shared` (the
 * cache's, which `zones` may still hold) are copied into `zones` before they change.
 */
export function settleLocation(
  entry: LocationEntry,
  zones: ZoneStateRow[],
  now: Date,
  changed: Set<number>,
  clearBy: Date = now,
  shared?: readonly ZoneStateRow[],
): AlertEvent | null {
  const cleared: ZoneStateRow[] = [];
  const clearByMs = clearBy.getTime();
  for (let i = 0; i < zones.length; i++) {
    const z = zones[i]!;
    if (!z.inDelay) continue;
    const dueMs = z.lastStrikeAt === null ? null : z.lastStrikeAt.getTime() + entry.allClearMinutes * 60_000;
    // still in delay (the domain's rule: remaining time > 0 until the due time) with its due time right: the
    // usual case under a storm, settled without the domain's state objects
    if (dueMs !== null && clearByMs < dueMs && z.allClearAt?.getTime() === dueMs) continue;
    const { event } = advanceZone(delayState(z), entry.allClearMinutes, clearByMs);
    if (event === 'all-clear') {
      const w = own(zones, i, shared);
      w.inDelay = false;
      w.allClearAt = dueMs === null ? null : new Date(dueMs);
      cleared.push(w);
      changed.add(w.zone);
    } else if (dueMs !== null && z.allClearAt?.getTime() !== dueMs) {
      // the all-clear minutes changed (policy lock or location edit): keep the due time true
      own(zones, i, shared).allClearAt = new Date(dueMs);
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
  if (still.length === 0)
    for (let i = 0; i < zones.length; i++)
      if (zones[i]!.correlationId !== null) own(zones, i, shared).correlationId = null;
  const held = heldSeconds(clearedAt, now);
  const text = allClearMessage({
    label: entry.label,
    zones: zoneNumbers,
    radiusMiles,
    allClearMinutes: entry.allClearMinutes,
    lastStrikeDistanceMiles: outer.lastStrikeDistanceMiles,
    clearedAt,
    stillInDelay: still.map((z) => ({ zone: z.zone, allClearAt: z.allClearAt! })),
    timeZone: entry.timeZone,
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
      ...(held !== null && { heldSeconds: held }),
    },
  };
}

/**
 * Applies a location's strikes (oldest first) to its zones; returns the delay events. A delay starts when its
 * strike struck (never later than `now`), so a strike held through a database outage counts down as if there
 * had been none. A strike older than a zone's last strike changes nothing but the start of the zone's delay,
 * when it struck inside the delay's reach before it (held strikes applied after newer live ones). With `replay`
 * (the stored strikes after a restart) nothing is raised. Adds every zone it changes to `changed`. Rows of
 * `options.shared` (the cache's, which `zones` may still hold) are copied into `zones` before they change.
 */
export function applyLocationHits(
  entry: LocationEntry,
  zones: ZoneStateRow[],
  hits: LocationHit[],
  now: Date,
  changed: Set<number>,
  options: { replay?: boolean; shared?: readonly ZoneStateRow[] } = {},
): AlertEvent[] {
  const { shared } = options;
  const events: AlertEvent[] = [];
  // The strike each zone last took, whose bearing and due time the zone gets at the end: a storm's backlog hits a
  // location many times in one transaction, and only the last strike of each zone shows.
  const lastHit: (LocationHit | undefined)[] = [undefined, undefined, undefined, undefined];
  for (const hit of hits) {
    const strikeMs = hit.strike.time.getTime();
    let episode = currentEpisode(zones);
    let entered: number[] | null = null;
    for (const i of hit.zones) {
      const current = zones[i]!;
      if (current.inDelay && current.lastStrikeAt !== null && strikeMs >= current.lastStrikeAt.getTime()) {
        // the delay goes on from this strike (the domain's applyStrike: still in delay, no event), the usual case
        const z = takeStrike(own(zones, i, shared), hit);
        lastHit[i] = hit;
        if (episode) z.correlationId = episode;
        changed.add(z.zone);
        continue;
      }
      const before = delayState(current);
      const { state, event } = applyStrike(before, strikeMs, entry.allClearMinutes, now.getTime());
      if (state === before) {
        // older than the zone's last strike: the delay it is in started no later than this strike
        if (startsEarlier(current, strikeMs, entry.allClearMinutes)) {
          own(zones, i, shared).delayStartedAt = hit.strike.time;
          changed.add(current.zone);
        }
        continue;
      }
      const z = takeStrike(own(zones, i, shared), hit);
      lastHit[i] = hit;
      if (event === 'delay-start') {
        episode ??= episodeId(entry.key, hit.strike.id);
        z.delayStartedAt = new Date(Math.min(strikeMs, now.getTime()));
        (entered ??= []).push(z.zone);
      }
      z.inDelay = state.inDelay;
      if (z.inDelay && episode) z.correlationId = episode;
      changed.add(z.zone);
    }
    if (entered === null || !episode || options.replay) continue;
    const zone = entered[0]!;
    const radiusMiles = entry.radii[zone - 1]!;
    const allClearAt = plusMinutes(hit.strike.time, entry.allClearMinutes);
    const held = heldSeconds(hit.strike.receivedAt, now);
    const text = delayMessage({
      label: entry.label,
      distanceMiles: hit.distanceMiles,
      zone,
      radiusMiles,
      allClearMinutes: entry.allClearMinutes,
      allClearAt,
      timeZone: entry.timeZone,
      held: held === null ? undefined : { seconds: held, strikeTime: hit.strike.time },
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
        bearingDeg: bearingOf(entry, hit),
        zone,
        zones: entered,
        radiusMiles,
        allClearMinutes: entry.allClearMinutes,
        allClearAt: allClearAt.toISOString(),
        ...(held !== null && { heldSeconds: held, receivedAt: hit.strike.receivedAt!.toISOString() }),
      },
    });
  }
  for (let i = 0; i < 4; i++) {
    const hit = lastHit[i];
    if (!hit) continue;
    const z = own(zones, i, shared);
    z.lastStrikeBearingDeg = bearingOf(entry, hit);
    if (z.inDelay) z.allClearAt = plusMinutes(hit.strike.time, entry.allClearMinutes);
  }
  return events;
}

/**
 * True when a strike at `strikeMs` hitting `zoneIndexes` (0-based) of a location whose zones are `zones` changes
 * nothing, so the engine need not take the location into its transaction: every zone it hits took a later strike
 * already (applyStrike keeps the state) and is not in a delay the strike would start earlier (startsEarlier).
 * While a backlog held through a database outage is applied, the live strikes have moved the storms' zones on, and
 * almost every held strike is such a hit. Holds for the whole batch when its strikes are applied oldest first: an
 * older strike only sets a delay's start earlier than itself, and a later one only moves the last strike on.
 */
export function changesNothing(
  zones: readonly ZoneStateRow[] | undefined,
  zoneIndexes: readonly number[],
  strikeMs: number,
  allClearMinutes: number,
): boolean {
  if (zones === undefined) return false;
  for (const i of zoneIndexes) {
    const z = zones[i]!;
    if (z.lastStrikeAt === null || strikeMs >= z.lastStrikeAt.getTime()) return false;
    if (startsEarlier(z, strikeMs, allClearMinutes)) return false;
  }
  return true;
}

/** A zone row takes the hit's strike as its last (bearing and due time are set once per batch). */
function takeStrike(z: ZoneStateRow, hit: LocationHit): ZoneStateRow {
  z.lastStrikeAt = hit.strike.time;
  z.lastStrikeId = hit.strike.id;
  z.lastStrikeDistanceMiles = hit.distanceMiles;
  return z;
}

/** The episode a location is in: its first zone in delay's. */
function currentEpisode(zones: readonly ZoneStateRow[]): string | null {
  for (const z of zones) if (z.inDelay) return z.correlationId;
  return null;
}

/** The zone row at `i` to change: the first time, a copy of a row `shared` (the cache) still owns. */
function own(zones: ZoneStateRow[], i: number, shared: readonly ZoneStateRow[] | undefined): ZoneStateRow {
  const z = zones[i]!;
  return shared !== undefined && z === shared[i] ? (zones[i] = { ...z }) : z;
}

/** The bearing from a location to a strike that hit it, worked out once per hit (its zones share it). */
function bearingOf(entry: LocationEntry, hit: LocationHit): number {
  return (hit.bearingDeg ??= initialBearingDeg(entry, hit.strike));
}

/** True when a zone in delay since after `strikeMs` was already in delay from that strike on (its reach covers the start). */
function startsEarlier(z: ZoneStateRow, strikeMs: number, allClearMinutes: number): boolean {
  if (!z.inDelay || z.delayStartedAt === null) return false;
  const startMs = z.delayStartedAt.getTime();
  return strikeMs < startMs && strikeMs + allClearMinutes * 60_000 > startMs;
}
