// Texts of the lightning engine's alerts: each names the location, the distance in miles, the zone
// and the time of all-clear (issue 5 'Notifications and effects'), read in the location's (or siren's) own
// time zone with the zone named, to the second: a timer's end is exact (issue 12 'Texts in UTC').
import { formatLocalTime } from '@allclear/domain';

/** '1:25:40 PM CDT': an instant in an IANA zone, to the second, with the zone named. */
export function localText(time: Date, timeZone: string): string {
  return formatLocalTime(time, timeZone, { seconds: true });
}

/** Formats an instant once in each zone, so the first alert of a zone does not pay for its formatter. */
export function warmTimeTexts(timeZones: Iterable<string>, at: Date): void {
  for (const zone of timeZones) localText(at, zone);
}

function zoneList(zones: readonly number[]): string {
  if (zones.length === 1) return `zone ${zones[0]}`;
  return `zones ${zones.slice(0, -1).join(', ')} and ${zones[zones.length - 1]}`;
}

function miles(value: number): string {
  return value.toFixed(1);
}

/** Subject and body of a lightning delay. */
export function delayMessage(input: {
  label: string;
  distanceMiles: number;
  zone: number;
  radiusMiles: number;
  allClearMinutes: number;
  allClearAt: Date;
  /** IANA zone of the location. */
  timeZone: string;
  /** Set when the alert was held back (a database outage): for how long, and when the strike struck. */
  held?: { seconds: number; strikeTime: Date };
}): { subject: string; body: string } {
  const late = input.held
    ? ` Sent ${input.held.seconds} s late: the strike at ${localText(input.held.strikeTime, input.timeZone)} was held while the database was unavailable.`
    : '';
  return {
    subject: `Lightning delay at ${input.label}`,
    body:
      `Lightning detected ${miles(input.distanceMiles)} miles from ${input.label}, inside zone ${input.zone} ` +
      `(${miles(input.radiusMiles)}-mile radius). Seek shelter. All clear at ${localText(input.allClearAt, input.timeZone)} ` +
      `if no further lightning strikes within ${miles(input.radiusMiles)} miles (${input.allClearMinutes}-minute timer).${late}`,
  };
}

/** Subject and body of an all-clear of some zones (the whole location when stillInDelay is empty). */
export function allClearMessage(input: {
  label: string;
  zones: readonly number[];
  radiusMiles: number;
  allClearMinutes: number;
  lastStrikeDistanceMiles: number | null;
  clearedAt: Date;
  stillInDelay: readonly { zone: number; allClearAt: Date }[];
  /** IANA zone of the location. */
  timeZone: string;
}): { subject: string; body: string } {
  const last =
    input.lastStrikeDistanceMiles === null
      ? ''
      : ` The last strike was ${miles(input.lastStrikeDistanceMiles)} miles away.`;
  const rest =
    input.stillInDelay.length === 0
      ? ' Every zone is clear.'
      : ` Still in delay: ${input.stillInDelay
          .map((z) => `zone ${z.zone} until ${localText(z.allClearAt, input.timeZone)}`)
          .join(', ')}.`;
  return {
    subject: `All clear at ${input.label}${input.stillInDelay.length === 0 ? '' : ` (${zoneList(input.zones)})`}`,
    body:
      `All clear at ${localText(input.clearedAt, input.timeZone)} for ${input.label}, ${zoneList(input.zones)}: no lightning within ` +
      `${miles(input.radiusMiles)} miles for ${input.allClearMinutes} minutes.${last}${rest}`,
  };
}

/** How a fault text names a command: the engine's warning and all-clear, and operators' and drills' (issue 16). */
const SIREN_COMMAND_NAMES: Record<string, string> = {
  warning: 'warning',
  'all-clear': 'all-clear',
  'test-delay': 'Delay test',
  'test-all-clear': 'All Clear test',
  'test-light': 'Light test',
  'test-stop': 'Stop Test',
  settings: 'settings',
};

/** Subject and body of a siren command that could not be delivered in time. */
export function sirenFaultMessage(input: {
  sirenName: string;
  kind: string;
  createdAt: Date;
  expiresAt: Date;
  /** IANA zone of the siren's unit. */
  timeZone: string;
}): {
  subject: string;
  body: string;
} {
  const what = SIREN_COMMAND_NAMES[input.kind] ?? input.kind;
  return {
    subject: `Siren fault: ${input.sirenName}`,
    body:
      `The ${what} command sent to siren ${input.sirenName} at ${localText(input.createdAt, input.timeZone)} was not acknowledged ` +
      `by ${localText(input.expiresAt, input.timeZone)} and has expired; it will not be sent late. Check the siren.`,
  };
}
