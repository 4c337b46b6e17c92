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

  it('during the all-clear period a gust warning says what crossed and when, and what it is now', () => {
    const gust: WarningText = {
      locationLabel: 'AT&T Stadium',
      displayName: 'Wind Gust',
      value: 11,
      threshold: 40,
      unit: 'mph',
      precision: 0,
      isDesc: false,
      allClearMinutes: 60,
      timeZone: ARLINGTON,
      allClearAt: new Date('2026-07-01T22:05:00Z'),
      peak: { value: 53, at: new Date('2026-07-01T21:05:00Z') },
    };
    const { body } = warningMessage(gust, false);
    expect(body).toBe(
      'Wind Gust at AT&T Stadium reached 53 mph at 4:05 PM CDT (threshold 40 mph); now 11 mph; ' +
        'all clear at 5:05 PM CDT if it stays below.',
    );
    expect(body).not.toContain('at or above');
    // a descending policy (wind chill) clears once it stays above
    const chill = warningMessage(
      {
        ...gust,
        displayName: 'Wind Chill',
        unit: '°F',
        value: 40,
        threshold: 32,
        isDesc: true,
        peak: { value: 20, at: gust.peak!.at },
      },
      false,
    ).body;
    expect(chill).toBe(
      'Wind Chill at AT&T Stadium reached 20°F at 4:05 PM CDT (threshold 32°F); now 40°F; ' +
        'all clear at 5:05 PM CDT if it stays above.',
    );
    // while still past the threshold, the value and the peak it reached
    expect(warningMessage({ ...gust, value: 45, allClearAt: null }, true).body).toBe(
      'Wind Gust at AT&T Stadium is 45 mph, at or above the policy threshold of 40 mph (peak 53 mph at 4:05 PM CDT). ' +
        'The all-clear follows once it stays past the threshold for 60 minutes.',
    );
    // the all-clear names the peak too
    expect(allClearMessage({ ...gust, allClearAt: new Date('2026-07-01T22:05:00Z') }).body).toBe(
      'All clear as of 5:05 PM CDT: Wind Gust at AT&T Stadium has stayed below the policy threshold of 40 mph ' +
        'for 60 minutes (reached 53 mph at 4:05 PM CDT; now 11 mph).',
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
