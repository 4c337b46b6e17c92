import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  remainingSeconds,
  zonesContainingStrike,
  delayItems,
  formatDelay,
  parseDelay,
  zoneCountdownText,
  ringFillFraction,
  isInDelay,
  applyStrike,
  advanceZone,
  zoneTransitionEvent,
  INITIAL_ZONE_STATE,
} from './lightning-delay.ts';

const T0 = Date.UTC(2026, 5, 1, 18, 0, 0);
const MIN = 60_000;

describe('lightning delay (spec 01 §3, §4)', () => {
  it('counts down from allClearMinutes and reaches 0 exactly at allClearMinutes after the strike', () => {
    expect(remainingSeconds(T0, 30, T0)).toBe(1800);
    expect(remainingSeconds(T0, 30, T0 + 30 * MIN - 1)).toBe(1);
    expect(remainingSeconds(T0, 30, T0 + 30 * MIN)).toBe(0);
    expect(remainingSeconds(T0, 30, T0 + 31 * MIN)).toBe(0);
    expect(remainingSeconds(null, 30, T0)).toBe(0);
  });

  it('never shows more than the full delay for a strike stamped ahead of the clock', () => {
    expect(remainingSeconds(T0 + 5000, 30, T0)).toBe(1800);
  });

  it('restarts every enabled zone whose radius reaches the strike, a strike exactly at r included', () => {
    expect(zonesContainingStrike(10, [10, 20, 30, 0])).toEqual([0, 1, 2]);
    expect(zonesContainingStrike(10.01, [10, 20, 30, 0])).toEqual([1, 2]);
    expect(zonesContainingStrike(0, [5, 0, null, undefined])).toEqual([0]);
  });

  it("serves item1..item4 as 'hh:mm:ss' per zone", () => {
    expect(delayItems([T0, null, T0 - 29 * MIN, T0 - 31 * MIN], 30, T0)).toEqual({
      item1: '00:30:00',
      item2: '00:00:00',
      item3: '00:01:00',
      item4: '00:00:00',
    });
  });

  it("formats seconds as 'hh:mm:ss' and parses it back", () => {
    expect(formatDelay(0)).toBe('00:00:00');
    expect(formatDelay(3599)).toBe('00:59:59');
    expect(formatDelay(3600)).toBe('01:00:00');
    expect(formatDelay(-5)).toBe('00:00:00');
    expect(parseDelay('01:00:01')).toBe(3601);
    expect(parseDelay('00:60:00')).toBeNull();
    expect(parseDelay('')).toBeNull();
    expect(parseDelay(null)).toBeNull();
    fc.assert(fc.property(fc.nat(360_000), (s) => parseDelay(formatDelay(s)) === s));
  });

  it("shows 'mm:ss' while a second remains and 'All Clear' at 00:00", () => {
    expect(zoneCountdownText(1)).toBe('00:01');
    expect(zoneCountdownText(3600)).toBe('60:00');
    expect(zoneCountdownText(0)).toBe('All Clear');
  });

  it('fills the ring in proportion to remaining time against allClearMinutes', () => {
    expect(ringFillFraction(900, 30)).toBe(0.5);
    expect(ringFillFraction(1800, 30)).toBe(1);
    expect(ringFillFraction(4000, 30)).toBe(1);
    expect(ringFillFraction(0, 30)).toBe(0);
    expect(ringFillFraction(10, 0)).toBe(0);
  });

  it('is in delay when any zone is above zero', () => {
    expect(isInDelay(['00:00:00', '00:00:01', null])).toBe(true);
    expect(isInDelay(['00:00:00', '00:00:00', undefined, 'bad'])).toBe(false);
  });

  it('derives delay-start on entering delay and all-clear on leaving it', () => {
    expect(zoneTransitionEvent(false, true)).toBe('delay-start');
    expect(zoneTransitionEvent(true, false)).toBe('all-clear');
    expect(zoneTransitionEvent(true, true)).toBeNull();
  });

  it('starts the delay on a strike, restarts it on a newer one and ignores an older one', () => {
    const first = applyStrike(INITIAL_ZONE_STATE, T0, 30);
    expect(first).toEqual({ state: { lastStrikeAt: T0, inDelay: true }, event: 'delay-start' });
    const newer = applyStrike(first.state, T0 + 5 * MIN, 30);
    expect(newer).toEqual({ state: { lastStrikeAt: T0 + 5 * MIN, inDelay: true }, event: null });
    const older = applyStrike(newer.state, T0 + MIN, 30);
    expect(older.state).toBe(newer.state);
    expect(older.event).toBeNull();
  });

  it('does not start a delay for a strike reported after its delay already ran out', () => {
    const late = applyStrike(INITIAL_ZONE_STATE, T0, 30, T0 + 30 * MIN);
    expect(late).toEqual({ state: { lastStrikeAt: T0, inDelay: false }, event: null });
  });

  it('goes all clear exactly allClearMinutes after the last strike and not a millisecond before', () => {
    const { state } = applyStrike(INITIAL_ZONE_STATE, T0, 30);
    expect(advanceZone(state, 30, T0 + 30 * MIN - 1)).toEqual({ state, event: null });
    expect(advanceZone(state, 30, T0 + 30 * MIN)).toEqual({
      state: { lastStrikeAt: T0, inDelay: false },
      event: 'all-clear',
    });
  });

  it('never increases the remaining delay without a new strike', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 10, max: 60 }),
        fc.array(fc.integer({ min: 0, max: 2 * 3600_000 }), { minLength: 1, maxLength: 20 }),
        fc.array(fc.integer({ min: 1, max: 3600_000 }), { maxLength: 5 }),
        (strike, minutes, offsets, olderBy) => {
          let state = applyStrike(INITIAL_ZONE_STATE, strike, minutes).state;
          const times = [...offsets].sort((a, b) => a - b).map((o) => strike + o);
          let last = Infinity;
          times.forEach((now, i) => {
            // Strikes older than the last one arrive out of order and must change nothing.
            const stale = olderBy[i];
            if (stale !== undefined) state = applyStrike(state, strike - stale, minutes, now).state;
            state = advanceZone(state, minutes, now).state;
            const remaining = remainingSeconds(state.lastStrikeAt, minutes, now);
            expect(remaining).toBeLessThanOrEqual(last);
            last = remaining;
          });
        },
      ),
    );
  });
});
