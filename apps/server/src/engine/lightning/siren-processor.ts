// Sirens (OWS) in the lightning engine: one zone of the siren's own radius and all-clear minutes
// (ARCHITECTURE.md 'Lightning delay'). A delay start queues a warning command, its all-clear an all-clear
// command, when the siren is enabled and inside an alert-time window (spec 02 §3 'Siren detail'). Commands
// go to the siren outbox in the strike's transaction; the device gateway publishes them.
import { randomUUID } from 'node:crypto';
import { advanceZone, applyStrike } from '@allclear/domain';
import type { Strike } from '@allclear/weather';
import type { Tx } from '../contracts.ts';
import {
  insertSirenCommands,
  loadSirenAlertTimes,
  loadSirenStates,
  saveSirenStates,
  type NewSirenCommand,
  type SirenStateRow,
} from './lightning.repository.ts';
import type { CircleIndex } from './spatial-index.ts';
import type { SirenEntry } from './matcher.ts';
import { isSirenWindowOpen } from './siren-window.ts';
import { delayState, plusMinutes } from './zone-transitions.ts';

/** A siren command is expired, never sent late, this long after it was created (issue 5). */
export const SIREN_COMMAND_TTL_MS = 60_000;

/** One strike inside a siren's radius, at this great-circle distance (miles). */
export interface SirenHit {
  strike: Strike;
  distanceMiles: number;
}

/** A siren's state before any strike. */
export function blankSiren(sirenId: number): SirenStateRow {
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

/** A command for the siren outbox: sound duration × frequency, strobe on a warning, expiring SIREN_COMMAND_TTL_MS after `now`. */
export function sirenCommand(
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

/**
 * One siren's step, without I/O: clears it when its timer ran out by `clearBy` (default `now`; earlier while
 * strikes taken before `now` still wait to be applied), then applies its strikes (oldest first; an older one
 * changes nothing). Changes `state` in place and pushes the commands it may sound (`canSound`: enabled and
 * inside a window) onto `commands`; returns whether the state changed.
 */
export function advanceSiren(
  entry: SirenEntry,
  state: SirenStateRow,
  hits: readonly SirenHit[],
  now: Date,
  canSound: () => boolean,
  commands: NewSirenCommand[],
  clearBy: Date = now,
): boolean {
  let changed = false;
  if (
    state.inDelay &&
    advanceZone(delayState(state), entry.allClearMinutes, clearBy.getTime()).event === 'all-clear'
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
  for (const hit of hits) {
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
      // the delay started when its strike struck (a strike held through a database outage included)
      state.delayStartedAt = new Date(Math.min(hit.strike.time.getTime(), now.getTime()));
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
  return changed;
}

/**
 * Steps the sirens of `hitsBySiren` (an empty list: only the clock moved) inside `tx`: reads their states and
 * alert-time windows, writes the changed states and the commands; returns how many commands were queued.
 * Nothing clears past `clearBy` (see advanceSiren).
 */
export async function processSirens(
  tx: Tx,
  sirenIndex: CircleIndex<SirenEntry>,
  hitsBySiren: Map<number, SirenHit[]>,
  now: Date,
  clearBy: Date = now,
): Promise<number> {
  const ids = [...hitsBySiren.keys()];
  const stored = new Map((await loadSirenStates(tx, ids)).map((s) => [s.sirenId, s]));
  const windows = await loadSirenAlertTimes(tx, ids);
  const toSave: SirenStateRow[] = [];
  const commands: NewSirenCommand[] = [];
  for (const id of ids) {
    const entry = sirenIndex.get(id);
    if (!entry) continue;
    const state = stored.get(id) ?? blankSiren(id);
    const canSound = () =>
      entry.enabled &&
      isSirenWindowOpen(
        windows.filter((w) => w.sirenId === id),
        entry.timeZoneId,
        now,
      );
    if (advanceSiren(entry, state, hitsBySiren.get(id)!, now, canSound, commands, clearBy))
      toSave.push(state);
  }
  await saveSirenStates(tx, toSave);
  await insertSirenCommands(tx, commands);
  return commands.length;
}
