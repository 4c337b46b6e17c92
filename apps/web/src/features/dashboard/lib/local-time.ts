// Times on the dashboard read in the location's own time zone with the zone named ('1:00 PM CDT'), as the
// alerts do (issue 12 'Texts in UTC'); without a place, in the browser's zone, still named.
import { formatLocalTime, timeZoneAt, type LocalTimeOptions } from '@allclear/domain';

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
