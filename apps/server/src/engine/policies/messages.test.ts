// Policy and NWS texts name every time in the location's own zone (issue 12 'Texts in UTC').
import { describe, expect, it } from 'vitest';
import { timeZoneAt } from '@allclear/domain';
import { allClearMessage, nwsMessage, warningMessage, type WarningText } from './messages.ts';

const ARLINGTON = timeZoneAt(32.7473, -97.0945);
const HONOLULU = timeZoneAt(21.3069, -157.8583);

const heat = (timeZone: string, allClearAt: Date | null): WarningText => ({
  locationLabel: 'AT&T Stadium',
  displayName: 'Heat Index',
  value: 108,
  threshold: 103,
  unit: '°F',
  precision: 0,
  isDesc: false,
  allClearMinutes: 30,
  timeZone,
  allClearAt,
});

describe('policy warning texts', () => {
  it('a warning names the earliest all-clear in the local zone', () => {
    const { body } = warningMessage(heat(ARLINGTON, new Date('2026-07-01T18:30:00Z')), false);
    expect(body).toBe(
      'Heat Index at AT&T Stadium is 108°F, at or above the policy threshold of 103°F. The all-clear follows once ' +
        'it stays past the threshold for 30 minutes (at 1:30 PM CDT at the earliest).',
    );
  });

  it('an all-clear reads its time in the local zone, and in HST for Honolulu', () => {
    const at = new Date('2026-07-01T18:00:00Z');
    expect(allClearMessage(heat(ARLINGTON, at)).body).toMatch(/^All clear as of 1:00 PM CDT: Heat Index/);
    expect(allClearMessage(heat(HONOLULU, at)).body).toMatch(/^All clear as of 8:00 AM HST: Heat Index/);
  });

  it('an NWS alert reads its end in the local zone, dated when it ends on another local day', () => {
    const now = new Date('2026-07-01T18:00:00Z');
    const alert = { event: 'Severe Thunderstorm Warning', headline: 'Until 2:15 PM CDT.', ends: now };
    const sameDay = nwsMessage(
      'AT&T Stadium',
      { ...alert, ends: new Date('2026-07-01T19:15:00Z') },
      {
        timeZone: ARLINGTON,
        now,
      },
    );
    expect(sameDay.body).toBe(
      'The National Weather Service issued a Severe Thunderstorm Warning covering AT&T Stadium, in effect until ' +
        '2:15 PM CDT. Until 2:15 PM CDT.',
    );
    const nextDay = nwsMessage(
      'AT&T Stadium',
      { ...alert, ends: new Date('2026-07-02T15:00:00Z') },
      {
        timeZone: ARLINGTON,
        now,
      },
    );
    expect(nextDay.body).toContain('in effect until Jul 2, 10:00 AM CDT.');
  });

  it('no text names UTC', () => {
    const at = new Date('2026-01-15T23:59:00Z');
    const texts = [
      warningMessage(heat(ARLINGTON, at), false),
      warningMessage(heat(ARLINGTON, at), true),
      allClearMessage(heat(ARLINGTON, at)),
      nwsMessage(
        'AT&T Stadium',
        { event: 'Flood Watch', headline: '', ends: at },
        { timeZone: ARLINGTON, now: at },
      ),
    ];
    for (const t of texts) expect(`${t.subject}\n${t.body}`).not.toMatch(/UTC|GMT|\d{4}-\d\d-\d\d/);
    // January: standard time
    expect(allClearMessage(heat(ARLINGTON, at)).body).toContain('as of 5:59 PM CST');
  });
});
