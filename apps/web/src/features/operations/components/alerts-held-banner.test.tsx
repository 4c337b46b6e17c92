// The held-back banner's texts (issue 21): nothing while alerts go out as they come; while the database is away,
// how many strikes wait and for how long; while they are applied, that alerts are being sent now.
import { describe, expect, it } from 'vitest';
import type { TIngestStatus } from '@allclear/contracts';
import { heldBackText, waitedText } from './alerts-held-banner.tsx';

const live: TIngestStatus = {
  alertsHeldBack: false,
  state: 'live',
  strikesWaiting: 0,
  oldestWaitingSeconds: null,
  heldSince: null,
};

describe('held-back banner texts', () => {
  it('says nothing while alerts are not held back', () => {
    expect(heldBackText(live)).toBeNull();
  });

  it('while the database is away, names the strikes kept and the oldest one’s wait', () => {
    const held = { ...live, alertsHeldBack: true, state: 'held' as const, heldSince: '2026-07-01T17:00:00Z' };
    expect(heldBackText({ ...held, strikesWaiting: 1, oldestWaitingSeconds: 42 })).toBe(
      'Alerts are held back: the database is unavailable. 1 strike kept (the oldest for 42 s); ' +
        'they will be applied and their alerts sent as soon as it answers again.',
    );
    expect(heldBackText({ ...held, strikesWaiting: 0, oldestWaitingSeconds: null })).toBe(
      'Alerts are held back: the database is unavailable. 0 strikes kept; ' +
        'they will be applied and their alerts sent as soon as it answers again.',
    );
  });

  it('while what waited is applied, says the alerts are being sent now', () => {
    expect(heldBackText({ ...live, alertsHeldBack: true, state: 'catching-up', strikesWaiting: 1200 })).toBe(
      'The database is back: the 1200 strikes that waited are being applied and their alerts sent now.',
    );
  });

  it.each([
    [59, '59 s'],
    [60, '1 min 0 s'],
    [3599, '59 min 59 s'],
    [3600, '1 h 0 min'],
    [7325, '2 h 2 min'],
  ])('reads a wait of %i s as "%s"', (seconds, text) => {
    expect(waitedText(seconds)).toBe(text);
  });
});
