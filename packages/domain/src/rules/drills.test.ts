import { describe, expect, it } from 'vitest';
import {
  drillOccurrenceDate,
  drillRunOutcome,
  drillSummaryText,
  isLocalDate,
  isLocalTime,
  localDateOf,
  localTimeOf,
  nextDrillRun,
  zonedInstant,
} from './drills.ts';

const CHICAGO = 'America/Chicago';

describe('drills (issue 16)', () => {
  it('reads a local date and time in the zone: 10:00 AM CDT is 15:00 UTC, 10:00 AM CST is 16:00 UTC', () => {
    expect(new Date(zonedInstant('2026-07-01', '10:00', CHICAGO)).toISOString()).toBe(
      '2026-07-01T15:00:00.000Z',
    );
    expect(new Date(zonedInstant('2026-01-05', '10:00', CHICAGO)).toISOString()).toBe(
      '2026-01-05T16:00:00.000Z',
    );
  });

  it('reads a time skipped by spring forward an hour later on the new clock, and a repeated time as its first occurrence', () => {
    // 2026-03-08 2:30 AM does not exist in Chicago: read with CST, it is 3:30 AM CDT
    expect(new Date(zonedInstant('2026-03-08', '02:30', CHICAGO)).toISOString()).toBe(
      '2026-03-08T08:30:00.000Z',
    );
    // 2026-11-01 1:30 AM happens twice: the first is CDT
    expect(new Date(zonedInstant('2026-11-01', '01:30', CHICAGO)).toISOString()).toBe(
      '2026-11-01T06:30:00.000Z',
    );
  });

  it('gives back the local date and time of an instant', () => {
    const at = Date.parse('2026-07-01T04:30:00Z');
    expect(localDateOf(at, CHICAGO)).toBe('2026-06-30');
    expect(localTimeOf(at, CHICAGO)).toBe('23:30');
  });

  it('accepts real dates and times only', () => {
    expect(isLocalDate('2026-02-28')).toBe(true);
    expect(isLocalDate('2026-02-29')).toBe(false);
    expect(isLocalDate('2026-2-1')).toBe(false);
    expect(isLocalTime('23:59')).toBe(true);
    expect(isLocalTime('24:00')).toBe(false);
  });

  it('steps weekly by 7 days and monthly on the same day, clamped to the month end', () => {
    expect(drillOccurrenceDate('2026-01-31', 'weekly', 1)).toBe('2026-02-07');
    expect(drillOccurrenceDate('2026-01-31', 'monthly', 1)).toBe('2026-02-28');
    expect(drillOccurrenceDate('2026-01-31', 'monthly', 2)).toBe('2026-03-31');
    expect(drillOccurrenceDate('2026-01-31', 'once', 5)).toBe('2026-01-31');
  });

  it('runs a one-off drill once: at its time when still ahead, never after', () => {
    const drill = {
      localDate: '2026-07-01',
      localTime: '10:00',
      timeZone: CHICAGO,
      recurrence: 'once' as const,
    };
    const at = Date.parse('2026-07-01T15:00:00Z');
    expect(nextDrillRun(drill, at - 1)).toBe(at);
    expect(nextDrillRun(drill, at)).toBeNull();
  });

  it('keeps a recurring drill at its local wall time across a daylight-saving change', () => {
    const drill = {
      localDate: '2026-10-26',
      localTime: '10:00',
      timeZone: CHICAGO,
      recurrence: 'weekly' as const,
    };
    const first = Date.parse('2026-10-26T15:00:00Z');
    expect(nextDrillRun(drill, first - 1)).toBe(first);
    // the next week is after fall back: 10:00 AM CST is 16:00 UTC
    expect(new Date(nextDrillRun(drill, first)!).toISOString()).toBe('2026-11-02T16:00:00.000Z');
    // a year later it is still found without stepping week by week from the start
    expect(localTimeOf(nextDrillRun(drill, first + 365 * 86_400_000)!, CHICAGO)).toBe('10:00');
  });

  it('steps a monthly drill from a run exactly at its time to the next month', () => {
    const drill = {
      localDate: '2026-01-15',
      localTime: '09:30',
      timeZone: CHICAGO,
      recurrence: 'monthly' as const,
    };
    const jan = zonedInstant('2026-01-15', '09:30', CHICAGO);
    expect(localDateOf(nextDrillRun(drill, jan)!, CHICAGO)).toBe('2026-02-15');
  });

  it('passes a run when every siren it ran on answered; skipped sirens do not count; none run is skipped', () => {
    expect(drillRunOutcome(['answered', 'skipped'])).toBe('passed');
    expect(drillRunOutcome(['answered', 'no-answer'])).toBe('failed');
    expect(drillRunOutcome(['skipped'])).toBe('skipped');
    expect(drillSummaryText(['answered', 'no-answer', 'skipped'])).toBe(
      '1 of 2 sirens answered, 1 did not, 1 skipped (lightning delay)',
    );
    expect(drillSummaryText(['answered'])).toBe('1 of 1 siren answered');
  });
});
