// Lightning delay per zone: remaining time, its texts, the ring and the engine's zone state machine (spec 01 §3, §4; ARCHITECTURE 'Lightning delay').

/** Remaining delay of a zone in whole seconds, rounded up, within 0..allClearMinutes·60: allClearMinutes·60 − (now − lastStrikeAt); times in epoch ms; null means no strike (ARCHITECTURE 'Lightning delay'). */
export function remainingSeconds(lastStrikeAt: number | null, allClearMinutes: number, now: number): number {
  if (lastStrikeAt === null) return 0;
  const full = Math.max(0, allClearMinutes * 60);
  // Rounded up so the zone reaches 0 exactly allClearMinutes after the strike, not a second early.
  const remaining = Math.ceil(full - (now - lastStrikeAt) / 1000);
  // Capped at the full delay: a strike stamped slightly ahead of our clock must not show more than A minutes.
  return Math.min(full, Math.max(0, remaining));
}

/** The zones whose radius contains a strike at this distance, as a bit set (bit i for zone i): d ≤ r and the zone is on (r > 0); miles (ARCHITECTURE 'Lightning delay'). */
export function zoneMaskContainingStrike(
  distanceMiles: number,
  radii: ArrayLike<number | null | undefined>,
  from = 0,
  count = radii.length - from,
): number {
  // `from` and `count`: the radii of one place in a packed array (the engine's spatial index), allocating nothing
  let mask = 0;
  for (let i = 0; i < count; i++) {
    const r = radii[from + i];
    if (r !== null && r !== undefined && r > 0 && distanceMiles <= r) mask |= 1 << i;
  }
  return mask;
}

/** Zone indexes (0-based) whose radius contains a strike at this distance: the bits of zoneMaskContainingStrike; miles. */
export function zonesContainingStrike(
  distanceMiles: number,
  radii: readonly (number | null | undefined)[],
): number[] {
  const mask = zoneMaskContainingStrike(distanceMiles, radii);
  const hit: number[] = [];
  for (let i = 0; i < radii.length; i++) if (mask & (1 << i)) hit.push(i);
  return hit;
}

/** The delay call's body: item1..item4 as 'hh:mm:ss' from each zone's last strike (epoch ms, null for none) (spec 01 §3 'Lightning delay'). */
export function delayItems(
  lastStrikes: readonly [number | null, number | null, number | null, number | null],
  allClearMinutes: number,
  now: number,
): { item1: string; item2: string; item3: string; item4: string } {
  const [a, b, c, d] = lastStrikes.map((t) => formatDelay(remainingSeconds(t, allClearMinutes, now)));
  return { item1: a!, item2: b!, item3: c!, item4: d! };
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** Seconds (negatives as 0) as 'hh:mm:ss', the item1..item4 text of the delay call (spec 01 §3 'Lightning delay'). */
export function formatDelay(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${pad2(Math.floor(s / 3600))}:${pad2(Math.floor((s % 3600) / 60))}:${pad2(s % 60)}`;
}

/** 'hh:mm:ss' to seconds; null for missing or malformed text (spec 01 §3 'Lightning delay'). */
export function parseDelay(text: string | null | undefined): number | null {
  if (!text) return null;
  const match = /^(\d+):([0-5]\d):([0-5]\d)$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** The text of the All Clear state (spec 01 §4). */
export const ALL_CLEAR_TEXT = 'All Clear';

/** Zone countdown text: 'mm:ss' (minutes not wrapped at 60) while seconds > 0, 'All Clear' once it reaches 00:00 (spec 01 §4). */
export function zoneCountdownText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s === 0) return ALL_CLEAR_TEXT;
  return `${pad2(Math.floor(s / 60))}:${pad2(s % 60)}`;
}

/** Ring fill 0..1: remaining seconds against allClearMinutes (spec 01 §4 'The ring fills in proportion...'). */
export function ringFillFraction(remaining: number, allClearMinutes: number): number {
  if (allClearMinutes <= 0) return 0;
  return Math.min(1, Math.max(0, remaining / (allClearMinutes * 60)));
}

/** True when any zone's 'hh:mm:ss' text is above zero (spec 01 §4 'Lightning in delay'). */
export function isInDelay(items: readonly (string | null | undefined)[]): boolean {
  return items.some((item) => (parseDelay(item) ?? 0) > 0);
}

/** One zone's state in the engine: time of the last strike inside it (epoch ms) and whether it is in delay. */
export interface ZoneDelayState {
  lastStrikeAt: number | null;
  inDelay: boolean;
}

export type ZoneEvent = 'delay-start' | 'all-clear';

/** Zone state before any strike. */
export const INITIAL_ZONE_STATE: ZoneDelayState = { lastStrikeAt: null, inDelay: false };

/** The event of a delay transition: entering delay is 'delay-start', leaving it 'all-clear', else null (ARCHITECTURE 'Lightning delay'). */
export function zoneTransitionEvent(wasInDelay: boolean, isNowInDelay: boolean): ZoneEvent | null {
  if (!wasInDelay && isNowInDelay) return 'delay-start';
  if (wasInDelay && !isNowInDelay) return 'all-clear';
  return null;
}

/** A strike inside the zone at strikeTime (epoch ms) restarts the delay; a strike older than the last one is ignored; now defaults to strikeTime (ARCHITECTURE 'Lightning delay'). */
export function applyStrike(
  state: ZoneDelayState,
  strikeTime: number,
  allClearMinutes: number,
  now: number = strikeTime,
): { state: ZoneDelayState; event: ZoneEvent | null } {
  if (state.lastStrikeAt !== null && strikeTime < state.lastStrikeAt) return { state, event: null };
  const inDelay = remainingSeconds(strikeTime, allClearMinutes, now) > 0;
  const next = { lastStrikeAt: strikeTime, inDelay: state.inDelay || inDelay };
  return { state: next, event: zoneTransitionEvent(state.inDelay, next.inDelay) };
}

/** The clock reaching `now` (epoch ms): a zone whose delay ran out goes all clear (ARCHITECTURE 'Lightning delay'). */
export function advanceZone(
  state: ZoneDelayState,
  allClearMinutes: number,
  now: number,
): { state: ZoneDelayState; event: ZoneEvent | null } {
  const inDelay = remainingSeconds(state.lastStrikeAt, allClearMinutes, now) > 0;
  if (inDelay === state.inDelay) return { state, event: null };
  const next = { lastStrikeAt: state.lastStrikeAt, inDelay };
  return { state: next, event: zoneTransitionEvent(state.inDelay, inDelay) };
}
