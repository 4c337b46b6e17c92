import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  formatLocalTime,
  formatLocalTimeRange,
  isKnownTimeZone,
  localDayAndTime,
  zoneFormatter,
  timeZoneAbbreviation,
  timeZoneAt,
} from './local-time.ts';

// 2026-07-01 18:00 UTC: 1:00 PM CDT in Arlington, 8:00 AM HST in Honolulu
const JULY = new Date('2026-07-01T18:00:00Z');
// 2026-01-15 18:00 UTC: 12:00 PM CST
const JANUARY = new Date('2026-01-15T18:00:00Z');

describe('timeZoneAt', () => {
  it.each([
    ['AT&T Stadium, Arlington TX', 32.7473, -97.0945, 'America/Chicago'],
    ['Paycom Center, Oklahoma City', 35.4634, -97.5151, 'America/Chicago'],
    ['Aloha Stadium, Honolulu', 21.3728, -157.93, 'Pacific/Honolulu'],
    ['Dodger Stadium, Los Angeles', 34.0739, -118.24, 'America/Los_Angeles'],
    ['Chase Field, Phoenix (no DST)', 33.4455, -112.0667, 'America/Phoenix'],
    ['MetLife Stadium, New Jersey', 40.8135, -74.0745, 'America/New_York'],
    ['Coors Field, Denver', 39.7559, -104.9942, 'America/Denver'],
    ['Wembley, London', 51.556, -0.2796, 'Europe/London'],
  ])('%s is in %s', (_name, lat, lon, zone) => {
    expect(timeZoneAt(lat, lon)).toBe(zone);
  });

  it('falls back to UTC for coordinates that are not a place', () => {
    expect(timeZoneAt(Number.NaN, 0)).toBe('UTC');
    expect(timeZoneAt(91, 0)).toBe('UTC');
    expect(timeZoneAt(0, 181)).toBe('UTC');
    expect(timeZoneAt(0, Number.POSITIVE_INFINITY)).toBe('UTC');
  });
});

describe('formatLocalTime', () => {
  it('reads an instant in the zone with its daylight-saving abbreviation', () => {
    expect(formatLocalTime(JULY, 'America/Chicago')).toBe('1:00 PM CDT');
    expect(formatLocalTime(JANUARY, 'America/Chicago')).toBe('12:00 PM CST');
    expect(formatLocalTime(JULY, 'America/New_York')).toBe('2:00 PM EDT');
    expect(formatLocalTime(JULY, 'America/Los_Angeles')).toBe('11:00 AM PDT');
    expect(formatLocalTime(JULY, 'America/Phoenix')).toBe('11:00 AM MST');
    expect(formatLocalTime(JULY, 'Pacific/Honolulu')).toBe('8:00 AM HST');
  });

  it('accepts epoch ms and ISO strings', () => {
    expect(formatLocalTime(JULY.getTime(), 'America/Chicago')).toBe('1:00 PM CDT');
    expect(formatLocalTime('2026-07-01T18:00:00Z', 'America/Chicago')).toBe('1:00 PM CDT');
  });

  it("names the year on request, the local one (New Year's Eve in Chicago is already Jan 1 in UTC)", () => {
    expect(formatLocalTime('2100-01-01T04:00:00Z', 'America/Chicago', { withYear: true })).toBe(
      'Dec 31, 2099, 10:00 PM CST',
    );
  });

  it('names the date on request, or when the local day differs from a reference', () => {
    expect(formatLocalTime(JULY, 'America/Chicago', { withDate: true })).toBe('Jul 1, 1:00 PM CDT');
    // 03:30 UTC on Jul 2 is still Jul 1 in Chicago (10:30 PM CDT): same local day, no date
    const lateEvening = new Date('2026-07-02T03:30:00Z');
    expect(formatLocalTime(lateEvening, 'America/Chicago', { relativeTo: JULY })).toBe('10:30 PM CDT');
    // the next local morning names its date
    const nextMorning = new Date('2026-07-02T14:00:00Z');
    expect(formatLocalTime(nextMorning, 'America/Chicago', { relativeTo: JULY })).toBe('Jul 2, 9:00 AM CDT');
  });

  it('shows seconds on request', () => {
    expect(formatLocalTime(new Date('2026-07-01T18:00:05Z'), 'America/Chicago', { seconds: true })).toBe(
      '1:00:05 PM CDT',
    );
  });

  it('uses plain spaces only (no narrow no-break space from ICU)', () => {
    const text = formatLocalTime(JULY, 'America/Chicago', { withDate: true, seconds: true });
    expect(text).toMatch(/^[\x20-\x7e]+$/);
  });

  it('reads an unknown zone in UTC rather than throwing', () => {
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isKnownTimeZone('America/Chicago')).toBe(true);
    expect(formatLocalTime(JULY, 'Mars/Olympus_Mons')).toBe('6:00 PM UTC');
  });

  it('gives the abbreviation of the zone at an instant', () => {
    expect(timeZoneAbbreviation(JULY, 'America/Chicago')).toBe('CDT');
    expect(timeZoneAbbreviation(JANUARY, 'America/Chicago')).toBe('CST');
    expect(timeZoneAbbreviation(JULY, 'Pacific/Honolulu')).toBe('HST');
  });
});

describe('formatLocalTimeRange', () => {
  it('names the zone once, hours only when both ends are on the hour', () => {
    expect(formatLocalTimeRange('2026-07-01T19:00:00Z', '2026-07-01T21:00:00Z', 'America/Chicago')).toBe(
      '2 PM – 4 PM CDT',
    );
    expect(formatLocalTimeRange('2026-07-01T19:30:00Z', '2026-07-01T21:00:00Z', 'America/Chicago')).toBe(
      '2:30 PM – 4:00 PM CDT',
    );
    expect(formatLocalTimeRange('2026-07-01T19:00:00Z', '2026-07-01T21:00:00Z', 'Pacific/Honolulu')).toBe(
      '9 AM – 11 AM HST',
    );
  });
});

describe('formatLocalTime agrees with Intl to the character', () => {
  // The reference: Intl's own parts, read here independently of the module's quarter-hour cache.
  const referenceFormats = new Map<string, Intl.DateTimeFormat>();
  function reference(ms: number, timeZone: string): string {
    let format = referenceFormats.get(timeZone);
    format ??= new Intl.DateTimeFormat('en-US', {
      timeZone,
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h12',
      timeZoneName: 'short',
    });
    referenceFormats.set(timeZone, format);
    const parts = format.formatToParts(new Date(ms));
    const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return `${get('month')} ${get('day')}, ${get('hour')}:${get('minute')}:${get('second')} ${get('dayPeriod')} ${get('timeZoneName')}`;
  }
  const zones = [
    'America/Chicago',
    'America/Phoenix',
    'Pacific/Honolulu',
    'Europe/London',
    'Australia/Lord_Howe', // half-hour daylight saving
    'Pacific/Chatham', // +12:45 / +13:45
    'Asia/Kathmandu', // +5:45
    'America/St_Johns', // -3:30 / -2:30
    'UTC',
  ];

  it('for any instant from 1971 to 2100 in zones with odd offsets and daylight saving', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2100, 0, 1) }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          expect(formatLocalTime(ms, zone, { withDate: true, seconds: true })).toBe(reference(ms, zone));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('on both sides of every daylight-saving change of 2026, to the second', () => {
    for (const zone of zones) {
      // walk the year hour by hour; where the offset changes, check the seconds around the change
      let previous = reference(Date.UTC(2026, 0, 1), zone)
        .split(' ')
        .pop();
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 3_600_000) {
        const name = reference(ms, zone).split(' ').pop();
        if (name === previous) continue;
        previous = name;
        for (let t = ms - 3_600_000; t <= ms; t += 1000 * 61) {
          expect(formatLocalTime(t, zone, { withDate: true, seconds: true })).toBe(reference(t, zone));
        }
      }
    }
  });
});

describe('localDayAndTime', () => {
  // Wednesday 2026-07-01; CDT is UTC-5
  it('reads weekday and time in the zone', () => {
    expect(localDayAndTime(new Date('2026-07-01T04:30:00Z'), 'America/Chicago')).toEqual({
      day: 2,
      time: '23:30:00',
    });
    expect(localDayAndTime(new Date('2026-07-01T05:00:00Z'), 'America/Chicago')).toEqual({
      day: 3,
      time: '00:00:00',
    });
    expect(localDayAndTime(Date.parse('2026-07-01T18:00:07.999Z'), 'Pacific/Honolulu')).toEqual({
      day: 3,
      time: '08:00:07',
    });
  });

  it('reads an unknown zone as UTC', () => {
    expect(localDayAndTime(new Date('2026-07-05T23:59:59Z'), 'Mars/Olympus_Mons')).toEqual({
      day: 0,
      time: '23:59:59',
    });
  });

  it('crosses daylight-saving changes as Intl does', () => {
    // 2026-03-08 02:00 CST becomes 03:00 CDT (08:00 UTC); 2026-11-01 02:00 CDT becomes 01:00 CST (07:00 UTC)
    expect(localDayAndTime(new Date('2026-03-08T07:59:59Z'), 'America/Chicago').time).toBe('01:59:59');
    expect(localDayAndTime(new Date('2026-03-08T08:00:00Z'), 'America/Chicago').time).toBe('03:00:00');
    expect(localDayAndTime(new Date('2026-11-01T06:59:59Z'), 'America/Chicago').time).toBe('01:59:59');
    expect(localDayAndTime(new Date('2026-11-01T07:00:00Z'), 'America/Chicago').time).toBe('01:00:00');
  });

  it("is Intl's answer for any instant in any zone, odd offsets and old local mean times included", () => {
    const zones = [
      'America/Chicago',
      'America/New_York',
      'Pacific/Honolulu',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
      'America/St_Johns',
      'Europe/London',
      'UTC',
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('1850-01-01T00:00:00Z'), max: Date.parse('2060-01-01T00:00:00Z') }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          const parts = new Intl.DateTimeFormat('en-US', {
            timeZone: zone,
            weekday: 'short',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
            hourCycle: 'h23',
          }).formatToParts(ms);
          const get = (type: string) => parts.find((p) => p.type === type)!.value;
          expect(localDayAndTime(ms, zone)).toEqual({
            day: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday')),
            time: `${get('hour')}:${get('minute')}:${get('second')}`,
          });
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('zoneFormatter', () => {
  const OPTIONS: Intl.DateTimeFormatOptions = { hour: '2-digit', hourCycle: 'h23' };
  it('makes one formatter per options, locale and zone, and keeps it', () => {
    const chicago = zoneFormatter('en-US', OPTIONS, 'America/Chicago');
    expect(zoneFormatter('en-US', OPTIONS, 'America/Chicago')).toBe(chicago);
    expect(zoneFormatter('en-US', OPTIONS, 'Pacific/Honolulu')).not.toBe(chicago);
    expect(zoneFormatter('en-CA', OPTIONS, 'America/Chicago')).not.toBe(chicago);
    expect(zoneFormatter('en-US', { ...OPTIONS }, 'America/Chicago')).not.toBe(chicago);
    expect(chicago.format(JULY)).toBe('13');
    expect(chicago.resolvedOptions().timeZone).toBe('America/Chicago');
  });

  it('throws for a zone Intl does not know, and keeps nothing of it', () => {
    expect(() => zoneFormatter('en-US', OPTIONS, 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => zoneFormatter('en-US', OPTIONS, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('isKnownTimeZone', () => {
  it('asks Intl about a name it refused only once', () => {
    expect(isKnownTimeZone('Atlantis/Poseidonis')).toBe(false);
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(isKnownTimeZone('Atlantis/Poseidonis')).toBe(false);
      expect(localDayAndTime(new Date('2026-07-05T23:59:59Z'), 'Atlantis/Poseidonis').time).toBe('23:59:59');
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
    expect(isKnownTimeZone('America/Chicago')).toBe(true);
  });
});
