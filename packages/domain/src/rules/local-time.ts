// Times as people read them (issue 12 'Texts in UTC'): an instant shown in a place's own time zone with
// the zone named ('1:00 PM CDT'), and the IANA zone of a place from its coordinates. Pure: the zone
// lookup is an offline table (@photostructure/tz-lookup) and the text comes from Intl.DateTimeFormat,
// so the same code runs in the server and the browser.
import tzLookup from '@photostructure/tz-lookup';

/** The zone used when a place's zone cannot be known (coordinates missing or out of range). */
export const FALLBACK_TIME_ZONE = 'UTC';

/** IANA time zone at a latitude/longitude in degrees ('America/Chicago'); 'UTC' for invalid coordinates. */
export function timeZoneAt(latitude: number, longitude: number): string {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return FALLBACK_TIME_ZONE;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return FALLBACK_TIME_ZONE;
  try {
    return tzLookup(latitude, longitude);
  } catch {
    return FALLBACK_TIME_ZONE;
  }
}

export interface LocalTimeOptions {
  /** Always name the date ('Jun 14, 1:00 PM CDT'). */
  withDate?: boolean;
  /** Name the date only when the instant's local day differs from this instant's local day. */
  relativeTo?: Date | number | string;
  /** Show seconds ('1:00:05 PM CDT'). */
  seconds?: boolean;
}

type Instant = Date | number | string;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A cached en-US formatter of a zone (constructing one costs far more than formatting with it). */
function formatter(timeZone: string, seconds: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${seconds}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' } : {}),
      hourCycle: 'h12',
      timeZoneName: 'short',
    });
    formatters.set(key, f);
  }
  return f;
}

/** True when Intl knows the IANA zone name. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone, false);
    return true;
  } catch {
    return false;
  }
}

interface LocalParts {
  date: string;
  time: string;
  zone: string;
  dayKey: string;
}

function localParts(instant: Instant, timeZone: string, seconds: boolean): LocalParts {
  const zone = isKnownTimeZone(timeZone) ? timeZone : FALLBACK_TIME_ZONE;
  const parts = formatter(zone, seconds).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const time = `${get('hour')}:${get('minute')}${seconds ? `:${get('second')}` : ''} ${get('dayPeriod')}`;
  return {
    date: `${get('month')} ${get('day')}`,
    time,
    zone: get('timeZoneName'),
    dayKey: `${get('year')}-${get('month')}-${get('day')}`,
  };
}

/**
 * An instant as local time in an IANA zone with the zone's abbreviation: '1:00 PM CDT', 'Jun 14, 1:00 PM CDT'
 * with the date. Zones without a common abbreviation read as an offset ('GMT+9'); an unknown zone reads in
 * UTC. Plain ASCII spaces only (ICU's narrow no-break space would turn an SMS into UCS-2).
 */
export function formatLocalTime(instant: Instant, timeZone: string, options: LocalTimeOptions = {}): string {
  const p = localParts(instant, timeZone, options.seconds ?? false);
  let withDate = options.withDate ?? false;
  if (!withDate && options.relativeTo !== undefined) {
    withDate = localParts(options.relativeTo, timeZone, false).dayKey !== p.dayKey;
  }
  return `${withDate ? `${p.date}, ` : ''}${p.time} ${p.zone}`;
}

/**
 * A span of local time with the zone named once: '2 PM – 4 PM CDT' when both ends fall on the hour, else
 * '2:30 PM – 4:00 PM CDT' (the zone of the end: a span across a daylight-saving change names the end's).
 */
export function formatLocalTimeRange(start: Instant, end: Instant, timeZone: string): string {
  const a = localParts(start, timeZone, false);
  const b = localParts(end, timeZone, false);
  const onHour = (t: string) => t.includes(':00 ');
  const short = (t: string) => t.replace(':00 ', ' ');
  const [from, to] = onHour(a.time) && onHour(b.time) ? [short(a.time), short(b.time)] : [a.time, b.time];
  return `${from} – ${to} ${b.zone}`;
}

/** The zone's abbreviation at an instant ('CDT' in July, 'CST' in January, 'HST'). */
export function timeZoneAbbreviation(instant: Instant, timeZone: string): string {
  return localParts(instant, timeZone, false).zone;
}
