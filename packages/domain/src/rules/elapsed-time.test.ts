import { describe, it, expect } from 'vitest';
import { elapsedTimeText } from './elapsed-time.ts';

const now = Date.UTC(2026, 0, 10, 12);
const MIN = 60_000;

describe('elapsed-time text (spec 01 §9)', () => {
  it('speaks in minutes under 90 minutes', () => {
    expect(elapsedTimeText(now, now)).toBe('0 min ago');
    expect(elapsedTimeText(now - 89 * MIN - 59_999, now)).toBe('89 min ago');
    expect(elapsedTimeText(now + 5 * MIN, now)).toBe('0 min ago');
  });

  it('speaks in hours from 90 minutes to under 36 hours', () => {
    expect(elapsedTimeText(now - 90 * MIN, now)).toBe('1 hour ago');
    expect(elapsedTimeText(now - 180 * MIN, now)).toBe('3 hours ago');
    expect(elapsedTimeText(now - 36 * 60 * MIN + 1, now)).toBe('35 hours ago');
  });

  it('speaks in days from 36 hours', () => {
    expect(elapsedTimeText(now - 36 * 60 * MIN, now)).toBe('1 day ago');
    expect(elapsedTimeText(now - 48 * 60 * MIN, now)).toBe('2 days ago');
  });
});
