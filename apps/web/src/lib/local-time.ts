// Times as people read them in the web (issue 12 'Texts in UTC'): in the place's own time zone with the zone named
// ('1:00 PM CDT'), a view's hours named once ('Time (CDT)'); without a place, in the browser's zone, still named.
import { formatLocalTime, timeZoneAbbreviation, timeZoneAt, type LocalTimeOptions } from '@allclear/domain';

/** The browser's IANA zone ('UTC' when the browser does not say). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The IANA zone of a place from its coordinates; the browser's zone for no place or an unset (0, 0) one. */
export function placeTimeZone(place?: { latitude: number; longitude: number } | null): string {
  if (!place || (place.latitude === 0 && place.longitude === 0)) return browserTimeZone();
  return timeZoneAt(place.latitude, place.longitude);
}

/** An ISO instant as local time in a zone (the browser's by default) with the zone named. */
export function localTime(iso: string, timeZone?: string, options?: LocalTimeOptions): string {
  return formatLocalTime(iso, timeZone ?? browserTimeZone(), options);
}

type Instant = Date | number | string;

/** The clock time of an instant in a zone without the zone's name ('8:05 AM'): a view names the zone once. */
export function localClock(instant: Instant, timeZone: string): string {
  const [clock, period] = formatLocalTime(instant, timeZone).split(' ');
  return `${clock} ${period}`;
}

/** The hour of an instant in a zone ('8 AM'), for axis ticks and hourly columns; the view names the zone once. */
export function localHour(instant: Instant, timeZone: string): string {
  const [clock, period] = formatLocalTime(instant, timeZone).split(' ');
  return `${clock!.split(':')[0]} ${period}`;
}

/** The zone's abbreviation at an instant ('HST', 'CDT'): the one name of a view's times ('Time (CDT)'). */
export function zoneName(instant: Instant, timeZone: string): string {
  return timeZoneAbbreviation(instant, timeZone);
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The local calendar day of an instant in a zone, 'YYYY-MM-DD'. */
export function localDayKey(instant: Instant, timeZone: string): string {
  let f = dayFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, f);
  }
  return f.format(new Date(instant));
}

/** The day `days` after a local day key ('2026-07-15' + 1 → '2026-07-16'). */
export function addDays(dayKey: string, days: number): string {
  const [y, m, d] = dayKey.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** The weekday of a local day key ('Wednesday'; 'Wed' when short). */
export function dayKeyWeekday(dayKey: string, width: 'long' | 'short' = 'long'): string {
  const [y, m, d] = dayKey.split('-').map(Number);
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: width }).format(
    new Date(Date.UTC(y!, m! - 1, d!, 12)),
  );
}

/** The weekday of an instant in a zone ('Wed'). */
export function localWeekday(instant: Instant, timeZone: string): string {
  return dayKeyWeekday(localDayKey(instant, timeZone), 'short');
}
