// The active warning's message reads its all-clear time in the location's own zone (issue 12 'Texts in UTC').
import { describe, expect, it } from 'vitest';
import type { ActiveWarningRow } from './threat.repository.ts';
import { presentWarning } from './threat.service.ts';

const row: ActiveWarningRow = {
  id: 1,
  policyId: 2,
  value: 26,
  threshold: 20,
  peakValue: 31,
  peakAt: new Date('2026-07-01T17:42:00Z'),
  startedAt: new Date('2026-07-01T17:40:00Z'),
  lastAlertAt: new Date('2026-07-01T17:40:00Z'),
  lastNotifiedAt: null,
  lastUpdateAt: new Date('2026-07-01T17:45:00Z'),
  allClearAt: new Date('2026-07-01T18:00:00Z'),
  shortName: 'WIND',
  displayName: 'Wind Speed',
  isDesc: false,
  unit: 'mph',
  precision: 0,
  allClearMinutes: 15,
};

describe('presentWarning', () => {
  it('during the all-clear period reads what crossed and when, and what it is now (issue 20)', () => {
    const clearing = { ...row, value: 11 };
    const { message } = presentWarning(clearing, {
      label: 'AT&T Stadium',
      latitude: 32.7473,
      longitude: -97.0945,
    });
    expect(message).toBe(
      'Wind Speed at AT&T Stadium reached 31 mph at 12:42 PM CDT (threshold 20 mph); now 11 mph; ' +
        'all clear at 1:00 PM CDT if it stays below.',
    );
  });

  it('names the all-clear in the local time of AT&T Stadium (CDT) and of Honolulu (HST)', () => {
    const arlington = presentWarning(row, { label: 'AT&T Stadium', latitude: 32.7473, longitude: -97.0945 });
    expect(arlington.message).toContain('(at 1:00 PM CDT at the earliest)');
    expect(arlington.message).not.toContain('UTC');
    // the data fields stay ISO 8601 instants for the web to read
    expect(arlington.allClearTime).toBe('2026-07-01T18:00:00.000Z');
    const honolulu = presentWarning(row, { label: 'Aloha Stadium', latitude: 21.3728, longitude: -157.93 });
    expect(honolulu.message).toContain('(at 8:00 AM HST at the earliest)');
  });

  it("serves 'Last Notified' only when a notification went out", () => {
    const place = { label: 'AT&T Stadium', latitude: 32.7473, longitude: -97.0945 };
    expect(presentWarning(row, place).lastAlertTime).toBeNull();
    const notified = { ...row, lastNotifiedAt: new Date('2026-07-01T17:40:05Z') };
    expect(presentWarning(notified, place).lastAlertTime).toBe('2026-07-01T17:40:05.000Z');
  });
});
