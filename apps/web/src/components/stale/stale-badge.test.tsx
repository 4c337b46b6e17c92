// The offline rule: data is stale only when a refetch failed after a success, aged by the oldest failed query.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { timeZoneAt } from '@allclear/domain';
import { HONOLULU, pinProcessTimeZone } from '../../test/time-zone.ts';
import { StaleBadge, staleSince, staleText } from './stale-badge.tsx';

pinProcessTimeZone('America/Chicago');

const T0 = Date.parse('2026-07-15T19:00:00.000Z');
const ok = (at: number) => ({ data: [1], isError: false, dataUpdatedAt: at });
const failedAfter = (at: number) => ({ data: [1], isError: true, dataUpdatedAt: at });
const neverLoaded = { data: undefined, isError: true, dataUpdatedAt: 0 };

describe('staleSince', () => {
  it('is null while every query is fresh', () => {
    expect(staleSince([ok(T0), ok(T0 - 60_000)])).toBeNull();
    expect(staleSince([])).toBeNull();
  });

  it('is null for a query that never succeeded: there is no data to keep, the panel shows its error', () => {
    expect(staleSince([neverLoaded])).toBeNull();
  });

  it('is the time of the data a failed refetch kept, the oldest of several', () => {
    expect(staleSince([failedAfter(T0)])).toBe(T0);
    expect(staleSince([ok(T0 - 600_000), failedAfter(T0 - 120_000), failedAfter(T0 - 60_000)])).toBe(
      T0 - 120_000,
    );
  });
});

describe('staleText', () => {
  it("says offline with the data's age in the product's elapsed-time words", () => {
    expect(staleText(T0, T0 + 59_000)).toBe('Offline · updated 0 min ago');
    expect(staleText(T0, T0 + 5 * 60_000)).toBe('Offline · updated 5 min ago');
    expect(staleText(T0, T0 + 3 * 3_600_000)).toBe('Offline · updated 3 hours ago');
  });
});

describe('StaleBadge', () => {
  it("names the kept data's time in the venue's zone", () => {
    // 19:00Z is 9 AM in Honolulu (2 PM in the process's Chicago)
    render(
      <StaleBadge queries={[failedAfter(T0)]} timeZone={timeZoneAt(HONOLULU.latitude, HONOLULU.longitude)} />,
    );
    expect(screen.getByTestId('stale-badge')).toHaveAttribute('title', 'Last updated Jul 15, 9:00:00 AM HST');
  });

  it("names the browser's zone where no location zone is given", () => {
    render(<StaleBadge queries={[failedAfter(T0)]} />);
    expect(screen.getByTestId('stale-badge')).toHaveAttribute('title', 'Last updated Jul 15, 2:00:00 PM CDT');
  });
});
