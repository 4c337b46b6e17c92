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
  /** Name the date with its year ('Dec 31, 2099, 10:00 AM CST'): for times that may lie in another year. */
  withYear?: boolean;
  /** Name the date only when the instant's local day differs from this instant's local day. */
  relativeTo?: Date | number | string;
  /** Show seconds ('1:00:05 PM CDT'). */
  seconds?: boolean;
}

type Instant = Date | number | string;

const zoneFormatterCaches = new WeakMap<object, Map<string, Intl.DateTimeFormat>>();

/**
 * One Intl formatter per options, locale and zone, made on first use and kept: making one costs about 100 µs, twenty
 * times what formatting with it does. Pass the options as a constant of the module (the cache is keyed by that
 * object); an unknown zone throws, as Intl does.
 */
export function zoneFormatter(
  locale: string,
  options: Readonly<Omit<Intl.DateTimeFormatOptions, 'timeZone'>>,
  timeZone: string,
): Intl.DateTimeFormat {
  let cache = zoneFormatterCaches.get(options);
  if (!cache) zoneFormatterCaches.set(options, (cache = new Map()));
  const key = `${locale}|${timeZone}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    cache.set(key, f);
  }
  return f;
}

const TEXT_OPTIONS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hourCycle: 'h12',
  timeZoneName: 'short',
};
const TEXT_OPTIONS_SECONDS: Intl.DateTimeFormatOptions = { ...TEXT_OPTIONS, second: '2-digit' };

/** A cached en-US formatter of a zone for the alert texts. */
function formatter(timeZone: string, seconds: boolean): Intl.DateTimeFormat {
  return zoneFormatter('en-US', seconds ? TEXT_OPTIONS_SECONDS : TEXT_OPTIONS, timeZone);
}

/** Names Intl refused: asking again would build (and throw away) a formatter each time, about 100 µs. */
const unknownZones = new Set<string>();
const UNKNOWN_ZONES_MAX = 1_000;

/** True when Intl knows the IANA zone name. */
export function isKnownTimeZone(timeZone: string): boolean {
  if (unknownZones.has(timeZone)) return false;
  try {
    formatter(timeZone, false);
    return true;
  } catch {
    if (unknownZones.size >= UNKNOWN_ZONES_MAX) unknownZones.clear();
    unknownZones.add(timeZone);
    return false;
  }
}

/** The zone an instant is read in: the one asked for, or UTC when Intl does not know it. */
function readableZone(timeZone: string): string {
  return lastSpan.has(timeZone) || isKnownTimeZone(timeZone) ? timeZone : FALLBACK_TIME_ZONE;
}

interface LocalParts {
  date: string;
  year: string;
  time: string;
  zone: string;
  dayKey: string;
}

/** The parts as Intl gives them: the reference, and the answer for spans whose offset changes inside. */
function intlParts(ms: number, zone: string, seconds: boolean): LocalParts {
  const parts = formatter(zone, seconds).formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const time = `${get('hour')}:${get('minute')}${seconds ? `:${get('second')}` : ''} ${get('dayPeriod')}`;
  return {
    date: `${get('month')} ${get('day')}`,
    year: get('year'),
    time,
    zone: get('timeZoneName'),
    dayKey: `${get('year')}-${get('month')}-${get('day')}`,
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Every zone's offset changes only on a quarter hour of UTC (offsets and change times are whole quarter hours). */
const SPAN_MS = 15 * 60_000;
const MAX_SPANS = 10_000;
/** Offset (ms) and abbreviation of a zone through one quarter hour; null when it changes inside (old local mean times). */
const spans = new Map<string, { offsetMs: number; zone: string } | null>();

function offsetAt(ms: number, zone: string): { offsetMs: number; zone: string } {
  const parts = formatter(zone, true).formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const hour = (Number(get('hour')) % 12) + (get('dayPeriod') === 'PM' ? 12 : 0);
  const local = Date.UTC(
    Number(get('year')),
    MONTHS.indexOf(get('month')),
    Number(get('day')),
    hour,
    Number(get('minute')),
    Number(get('second')),
  );
  return { offsetMs: local - Math.floor(ms / 1000) * 1000, zone: get('timeZoneName') };
}

/** The last span read per zone: consecutive texts of one zone mostly fall in the same quarter hour. */
const lastSpan = new Map<string, { start: number; span: { offsetMs: number; zone: string } | null }>();

function zoneSpan(ms: number, zone: string): { offsetMs: number; zone: string } | null {
  const start = Math.floor(ms / SPAN_MS) * SPAN_MS;
  const last = lastSpan.get(zone);
  if (last?.start === start) return last.span;
  const span = readSpan(start, zone);
  lastSpan.set(zone, { start, span });
  return span;
}

function readSpan(start: number, zone: string): { offsetMs: number; zone: string } | null {
  const key = `${zone}|${start}`;
  let span = spans.get(key);
  if (span === undefined) {
    const first = offsetAt(start, zone);
    const last = offsetAt(start + SPAN_MS - 1000, zone);
    span = first.offsetMs === last.offsetMs && first.zone === last.zone ? first : null;
    if (spans.size >= MAX_SPANS) spans.clear();
    spans.set(key, span);
  }
  return span;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * Local date and time parts of an instant in a zone. Intl's formatToParts costs tens of microseconds, and a
 * storm's onset writes thousands of alert texts at once, so the zone's offset and abbreviation are read from
 * Intl once per quarter hour and the clock arithmetic is done here; the result is Intl's, to the character.
 */
function localParts(instant: Instant, timeZone: string, seconds: boolean): LocalParts {
  const zone = readableZone(timeZone);
  const ms = new Date(instant).getTime();
  if (!Number.isFinite(ms)) return intlParts(ms, zone, seconds);
  const span = zoneSpan(ms, zone);
  if (!span) return intlParts(ms, zone, seconds);
  const d = new Date(ms + span.offsetMs);
  const h = d.getUTCHours();
  const month = MONTHS[d.getUTCMonth()]!;
  const time = `${h % 12 || 12}:${pad2(d.getUTCMinutes())}${seconds ? `:${pad2(d.getUTCSeconds())}` : ''} ${h < 12 ? 'AM' : 'PM'}`;
  return {
    date: `${month} ${d.getUTCDate()}`,
    year: String(d.getUTCFullYear()),
    time,
    zone: span.zone,
    dayKey: `${d.getUTCFullYear()}-${month}-${d.getUTCDate()}`,
  };
}

/**
 * An instant as local time in an IANA zone with the zone's abbreviation: '1:00 PM CDT', 'Jun 14, 1:00 PM CDT'
 * with the date, 'Jun 14, 2026, 1:00 PM CDT' with the year. Zones without a common abbreviation read as an offset ('GMT+9'); an unknown zone reads in
 * UTC. Plain ASCII spaces only (ICU's narrow no-break space would turn an SMS into UCS-2).
 */
export function formatLocalTime(instant: Instant, timeZone: string, options: LocalTimeOptions = {}): string {
  const p = localParts(instant, timeZone, options.seconds ?? false);
  let withDate = options.withDate ?? false;
  if (!withDate && options.relativeTo !== undefined) {
    withDate = localParts(options.relativeTo, timeZone, false).dayKey !== p.dayKey;
  }
  if (options.withYear) return `${p.date}, ${p.year}, ${p.time} ${p.zone}`;
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

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const DAY_AND_TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

/** Intl's answer for localDayAndTime (an instant in a quarter hour whose offset changes inside). */
function intlDayAndTime(ms: number, timeZone: string): { day: number; time: string } {
  const f = zoneFormatter('en-US', DAY_AND_TIME_OPTIONS, timeZone);
  let day = 0;
  let hour = '00';
  let minute = '00';
  let second = '00';
  for (const part of f.formatToParts(ms)) {
    if (part.type === 'weekday') day = WEEKDAYS.indexOf(part.value);
    else if (part.type === 'hour') hour = part.value;
    else if (part.type === 'minute') minute = part.value;
    else if (part.type === 'second') second = part.value;
  }
  return { day, time: `${hour}:${minute}:${second}` };
}

/**
 * Weekday (0 Sunday .. 6 Saturday) and 'HH:mm:ss' of an instant in an IANA zone, as alert-time rows are read (the
 * recipients' and groups' schedules, sirens' windows); an unknown zone reads as UTC. From the zone's offset of the
 * quarter hour, as the alert texts are (localParts): the two copies this replaced made a new Intl formatter per call,
 * about 100 µs each, two per recipient of an alert, and a demo storm's planning held the event loop for half a
 * second (issue 18).
 */
export function localDayAndTime(at: Date | number, timeZone: string): { day: number; time: string } {
  const zone = readableZone(timeZone);
  const ms = new Date(at).getTime();
  const span = Number.isFinite(ms) ? zoneSpan(ms, zone) : null;
  if (!span) return intlDayAndTime(ms, zone);
  const d = new Date(ms + span.offsetMs);
  return {
    day: d.getUTCDay(),
    time: `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`,
  };
}
