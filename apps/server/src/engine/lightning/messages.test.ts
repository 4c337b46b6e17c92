// Lightning texts read the all-clear in the location's own zone, to the second, with the zone named
// (issue 12 'Texts in UTC').
import { describe, expect, it } from 'vitest';
import { timeZoneAt } from '@allclear/domain';
import { allClearMessage, delayMessage, sirenFaultMessage } from './messages.ts';

const ARLINGTON = timeZoneAt(32.7473, -97.0945);
const HONOLULU = timeZoneAt(21.3728, -157.93);

describe('lightning texts', () => {
  it('a delay at AT&T Stadium names its all-clear in CDT', () => {
    const text = delayMessage({
      label: 'AT&T Stadium',
      distanceMiles: 6.2,
      zone: 1,
      radiusMiles: 8,
      allClearMinutes: 30,
      allClearAt: new Date('2026-07-01T18:30:15Z'),
      timeZone: ARLINGTON,
    });
    expect(text.body).toBe(
      'Lightning detected 6.2 miles from AT&T Stadium, inside zone 1 (8.0-mile radius). Seek shelter. All clear at ' +
        '1:30:15 PM CDT if no further lightning strikes within 8.0 miles (30-minute timer).',
    );
  });

  it('an all-clear in Honolulu reads HST, for the cleared zone and the zones still in delay', () => {
    const text = allClearMessage({
      label: 'Aloha Stadium',
      zones: [2],
      radiusMiles: 15,
      allClearMinutes: 30,
      lastStrikeDistanceMiles: 12.5,
      clearedAt: new Date('2026-07-01T18:00:00Z'),
      stillInDelay: [{ zone: 1, allClearAt: new Date('2026-07-01T18:10:00Z') }],
      timeZone: HONOLULU,
    });
    expect(text.body).toBe(
      'All clear at 8:00:00 AM HST for Aloha Stadium, zone 2: no lightning within 15.0 miles for 30 minutes. ' +
        'The last strike was 12.5 miles away. Still in delay: zone 1 until 8:10:00 AM HST.',
    );
  });

  it("a siren fault reads the unit's zone", () => {
    const text = sirenFaultMessage({
      sirenName: 'North Lot',
      kind: 'warning',
      createdAt: new Date('2026-01-15T18:00:00Z'),
      expiresAt: new Date('2026-01-15T18:01:00Z'),
      timeZone: 'America/Chicago',
    });
    expect(text.body).toContain('at 12:00:00 PM CST was not acknowledged by 12:01:00 PM CST and has expired');
    expect(`${text.subject} ${text.body}`).not.toContain('UTC');
  });
});
