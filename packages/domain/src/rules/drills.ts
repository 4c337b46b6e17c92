// Scheduled siren drills (issue 16, beyond the spec): a drill runs a siren test (Delay, All Clear or Light) on one or
// more sirens at a local date and time of the sirens' zone, once, weekly or monthly. These rules turn the local time
// into instants (daylight-saving gaps and overlaps included), step the recurrence, and judge a run from each siren's
// answer. Time is a parameter; the zone arithmetic uses Intl only.
import type { SirenTestType } from './hardware.ts';
import { zoneFormatter } from './local-time.ts';

export const DRILL_RECURRENCES = ['once', 'weekly', 'monthly'] as const;
export type DrillRecurrence = (typeof DRILL_RECURRENCES)[number];

/** Labels of the recurrence choices. */
export const DRILL_RECURRENCE_LABELS: Record<DrillRecurrence, string> = {
  once: 'Once',
  weekly: 'Every week',
  monthly: 'Every month',
};

/** What a drill's run found at one siren. */
export type DrillSirenOutcome = 'answered' | 'no-answer' | 'skipped';

/** Why a siren is left out of a run: a real lightning delay is active there (issue 16 'Drills never run ...'). */
export const DRILL_SKIPPED_IN_DELAY = 'skipped: a lightning delay was active at this siren';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::\d{2})?$/;

const OFFSET_OPTIONS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
};

/** The zone's offset from UTC at an instant (epoch ms), ms: local wall time minus UTC. */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const f = zoneFormatter('en-US', OFFSET_OPTIONS, timeZone);
  const parts = f.formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return local - Math.floor(instant / 1000) * 1000;
}

/** True for a 'YYYY-MM-DD' date that exists. */
export function isLocalDate(date: string): boolean {
  const m = DATE.exec(date);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** True for a 'HH:mm' (or 'HH:mm:ss') time of day. */
export function isLocalTime(time: string): boolean {
  const m = TIME.exec(time);
  return m !== null && Number(m[1]) < 24 && Number(m[2]) < 60;
}

/**
 * The instant (epoch ms) of a local date ('YYYY-MM-DD') and time ('HH:mm') in an IANA zone. A time skipped by a
 * daylight-saving change (2:30 AM on the spring-forward day) is read with the offset before the change, i.e. an hour
 * later on the new clock; a time that occurs twice (fall back) is its first occurrence.
 */
export function zonedInstant(date: string, time: string, timeZone: string): number {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) throw new Error(`not a local date and time: '${date} ${time}'`);
  const naive = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  // two candidates, one per offset found around the wall time; the earlier that reads back as this wall time wins
  const before = naive - zoneOffsetMs(naive - 86_400_000, timeZone);
  const after = naive - zoneOffsetMs(naive + 86_400_000, timeZone);
  const reads = (ms: number) => ms + zoneOffsetMs(ms, timeZone) === naive;
  const candidates = [before, after].filter(reads).sort((a, b) => a - b);
  return candidates[0] ?? before;
}

/** The local date ('YYYY-MM-DD') of an instant in a zone. */
export function localDateOf(instant: number, timeZone: string): string {
  const local = new Date(instant + zoneOffsetMs(instant, timeZone));
  return local.toISOString().slice(0, 10);
}

/** The local time ('HH:mm') of an instant in a zone. */
export function localTimeOf(instant: number, timeZone: string): string {
  const local = new Date(instant + zoneOffsetMs(instant, timeZone));
  return local.toISOString().slice(11, 16);
}

/** The date `k` occurrences after `date` ('YYYY-MM-DD'): k weeks, or k months on the same day clamped to the month's end. */
export function drillOccurrenceDate(date: string, recurrence: DrillRecurrence, k: number): string {
  const m = DATE.exec(date);
  if (!m) throw new Error(`not a local date: '${date}'`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  if (recurrence === 'weekly') return new Date(Date.UTC(y, mo, d + 7 * k)).toISOString().slice(0, 10);
  if (recurrence === 'monthly') {
    const lastDay = new Date(Date.UTC(y, mo + k + 1, 0)).getUTCDate();
    return new Date(Date.UTC(y, mo + k, Math.min(d, lastDay))).toISOString().slice(0, 10);
  }
  return date;
}

/**
 * The first run of a drill strictly after `after` (epoch ms), or null when a one-off drill's time has passed. The
 * drill keeps its local wall time across daylight-saving changes (a 10:00 AM monthly drill stays at 10:00 AM).
 */
export function nextDrillRun(
  drill: { localDate: string; localTime: string; timeZone: string; recurrence: DrillRecurrence },
  after: number,
): number | null {
  const at = (k: number) =>
    zonedInstant(drillOccurrenceDate(drill.localDate, drill.recurrence, k), drill.localTime, drill.timeZone);
  if (drill.recurrence === 'once') {
    const first = at(0);
    return first > after ? first : null;
  }
  // jump close to `after` first (an old weekly drill is not stepped one week at a time from its start)
  const stepMs = drill.recurrence === 'weekly' ? 7 * 86_400_000 : 28 * 86_400_000;
  let k = Math.max(0, Math.floor((after - at(0)) / stepMs) - 2);
  while (at(k) <= after) k++;
  return at(k);
}

/** A drill's result: passed when every siren it ran on answered; a run with none to run on (all skipped) is skipped. */
export function drillRunOutcome(outcomes: readonly DrillSirenOutcome[]): 'passed' | 'failed' | 'skipped' {
  const ran = outcomes.filter((o) => o !== 'skipped');
  if (ran.length === 0) return 'skipped';
  return ran.every((o) => o === 'answered') ? 'passed' : 'failed';
}

/** The test names drills and cards use. */
export const SIREN_TEST_NAMES: Record<SirenTestType, string> = {
  delay: 'Delay',
  'all-clear': 'All Clear',
  light: 'Light',
};

/** One line of a drill summary: '3 of 4 sirens answered, 1 did not, 1 skipped (lightning delay)'. */
export function drillSummaryText(outcomes: readonly DrillSirenOutcome[]): string {
  const answered = outcomes.filter((o) => o === 'answered').length;
  const silent = outcomes.filter((o) => o === 'no-answer').length;
  const skipped = outcomes.filter((o) => o === 'skipped').length;
  const ran = answered + silent;
  const parts = [`${answered} of ${ran} ${ran === 1 ? 'siren' : 'sirens'} answered`];
  if (silent > 0) parts.push(`${silent} did not`);
  if (skipped > 0) parts.push(`${skipped} skipped (lightning delay)`);
  return parts.join(', ');
}
