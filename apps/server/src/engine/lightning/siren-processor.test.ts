// Edge table of a siren's step (ARCHITECTURE.md 'Lightning delay': sirens use their own radius and all-clear
// minutes; spec 02 §3 'Siren detail': sound duration × frequency, all-clear sound, enabled, alert times).
import { destinationPoint } from '@allclear/domain';
import type { Strike } from '@allclear/weather';
import { describe, expect, it } from 'vitest';
import type { NewSirenCommand } from './lightning.repository.ts';
import { matchSirens, toSirenEntry, type SirenEntry } from './matcher.ts';
import { advanceSiren, blankSiren, type SirenHit } from './siren-processor.ts';
import { CircleIndex } from './spatial-index.ts';

const MINUTE = 60_000;
const T0 = new Date('2026-07-01T17:00:00.000Z');
const at = (offsetMs: number) => new Date(T0.getTime() + offsetMs);

const siren: SirenEntry = toSirenEntry({
  id: 11,
  customerId: 3,
  name: 'Clubhouse OWS',
  latitude: 32,
  longitude: -97,
  radius: 8,
  enabled: true,
  timeZoneId: 'America/Chicago',
  allClearMinutes: 15,
  duration: 30,
  frequency: 3,
  allClearDuration: 10,
  allClearFrequency: 2,
});

let seq = 0;
/** A strike `miles` due north of the siren (great-circle distance equal to `miles` to within 1e-12). */
function strike(miles: number, time: Date): Strike {
  const p = destinationPoint(siren, 0, miles);
  seq += 1;
  const id = `s-${seq}`;
  return {
    id,
    time,
    latitude: p.latitude,
    longitude: p.longitude,
    type: 2,
    amperageKa: -15,
    cloud: true,
    source: 'test',
    observedAt: time,
  };
}

function hitsOf(strikes: Strike[]): SirenHit[] {
  const index = new CircleIndex<SirenEntry>();
  index.reset([siren]);
  return strikes.flatMap((s) =>
    matchSirens(index, s).map((m) => ({ strike: s, distanceMiles: m.distanceMiles })),
  );
}

function step(state = blankSiren(11), strikes: Strike[], now: Date, canSound = true) {
  const commands: NewSirenCommand[] = [];
  const changed = advanceSiren(siren, state, hitsOf(strikes), now, () => canSound, commands);
  return { state, changed, commands };
}

describe('siren step', () => {
  it('a strike at exactly its 8-mile radius starts the delay and queues a warning: 30 s × 3, strobe, expiring in 60 s', () => {
    const s = strike(8, at(0));
    const { state, changed, commands } = step(undefined, [s], at(0));
    expect(changed).toBe(true);
    expect(state).toMatchObject({
      inDelay: true,
      lastStrikeId: s.id,
      delayStartedAt: T0,
      allClearAt: new Date('2026-07-01T17:15:00.000Z'),
    });
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatchObject({
      sirenId: 11,
      kind: 'warning',
      status: 'pending',
      createdAt: T0,
      expiresAt: new Date('2026-07-01T17:01:00.000Z'),
      payload: {
        kind: 'warning',
        sound: { durationSeconds: 30, frequency: 3, totalSeconds: 90 },
        strobe: true,
        correlationId: state.correlationId,
        strikeId: s.id,
        radiusMiles: 8,
        allClearAt: '2026-07-01T17:15:00.000Z',
      },
    });
  });

  it('a strike at 8.01 miles changes nothing (a siren counts every strike type)', () => {
    expect(step(undefined, [strike(8.01, at(0))], at(0))).toMatchObject({ changed: false, commands: [] });
    expect(step(undefined, [strike(7.99, at(0))], at(0)).changed).toBe(true);
  });

  it('a disabled siren, or one outside its alert times, keeps its delay but sounds nothing', () => {
    const { state, changed, commands } = step(undefined, [strike(5, at(0))], at(0), false);
    expect(changed).toBe(true);
    expect(state.inDelay).toBe(true);
    expect(commands).toEqual([]);
  });

  it('a strike during the delay restarts the timer without a second warning', () => {
    const first = step(undefined, [strike(5, at(0))], at(0));
    const { commands } = step(first.state, [strike(5, at(10 * MINUTE))], at(10 * MINUTE));
    expect(commands).toEqual([]);
    expect(first.state.allClearAt).toEqual(new Date('2026-07-01T17:25:00.000Z'));
  });

  it('clears exactly 15 minutes after the last strike (14:59 not yet) with an all-clear sound of 10 s × 2 in the warning episode', () => {
    const s = strike(5, at(0));
    const { state } = step(undefined, [s], at(0));
    const episode = state.correlationId;
    expect(step(state, [], at(15 * MINUTE - 1000))).toMatchObject({ changed: false, commands: [] });
    const { changed, commands } = step(state, [], at(15 * MINUTE));
    expect(changed).toBe(true);
    expect(state.inDelay).toBe(false);
    expect(state.correlationId).toBeNull();
    expect(commands).toHaveLength(1);
    expect(commands[0]!.payload).toMatchObject({
      kind: 'all-clear',
      sound: { durationSeconds: 10, frequency: 2, totalSeconds: 20 },
      strobe: false,
      correlationId: episode,
      lastStrikeId: s.id,
    });
  });

  it('a strike older than the last one changes nothing', () => {
    const { state } = step(undefined, [strike(5, at(10 * MINUTE))], at(10 * MINUTE));
    const before = structuredClone(state);
    expect(step(state, [strike(2, at(5 * MINUTE))], at(10 * MINUTE))).toMatchObject({
      changed: false,
      commands: [],
    });
    expect(state).toEqual(before);
  });
});
