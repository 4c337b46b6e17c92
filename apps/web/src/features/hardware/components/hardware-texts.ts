// Texts of the On-Site Hardware page (spec 02 §2.5, §4, §8; issue 16). The spec's texts verbatim; the rest ours.
import type { THardware } from '@allclear/contracts';

export const HARDWARE_TITLE = 'On-Site Hardware';
export const HARDWARE_LOADING = 'Loading hardware';
export const SEARCH_LABEL = 'Search hardware';
export const VIEW_LABEL = 'View';
/** The view filter 'All / Outdoor Warning System / Weather Station' (spec 02 §2.5). */
export const VIEW_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'ows', label: 'Outdoor Warning System' },
  { value: 'wxs', label: 'Weather Station' },
] as const;
export type HardwareView = (typeof VIEW_OPTIONS)[number]['value'];
export const bulkActionsLabel = (n: number) => `Bulk Actions (${n})`;
export const SEND_PA_MESSAGE = 'Send PA Message';
export const NO_HARDWARE = "You don't have any hardware added";
export const CONTACT_US = 'Contact us';
export const CONTACT_US_HREF = 'mailto:support@allclear.example?subject=On-site%20hardware';
export const NO_MATCHES = 'No hardware matches your search';
/** spec 02 §8 'Hardware list'. */
export const HARDWARE_FAILED = 'Failed To Get Hardware';
export const HARDWARE_FAILED_DETAIL = 'Check internet connection.';
export const RETRY = 'Retry';
export const SELECT_TEST = 'Select Test';
export const STOP_TEST = 'Stop Test';
export const EDIT = 'Edit';
export const WEATHER_DATA = 'Weather Data';
/** The relay modal's name (spec 02 §2.5). */
export const STORMBRIDGE = 'StormBridge';
export const MORE_ACTIONS = 'More actions';
export const ACTIVITY = 'Activity';
export const SELECT_UNIT = (name: string) => `Select ${name}`;
export const SCHEDULE_DRILLS = 'Drills';
export const PAGE_LABEL = 'Hardware pages';
/** The bulk confirmation (ours): it names every unit the action will reach, and any selected one it leaves out. */
export const bulkConfirmTitle = (action: string) => `Confirm ${action}`;
export const bulkConfirmText = (action: string, n: number) =>
  `${action} on ${n === 1 ? 'this unit' : `these ${n} units`}:`;
export const BULK_UNITS_LABEL = 'Units to act on';
export const bulkLeftOutText = (names: readonly string[]) => `Left out (no siren): ${names.join(', ')}.`;
export const CONFIRM = 'Confirm';

/** Health (spec 02 §4 'Health'). */
export const BATTERY = 'Battery';
export const HEALTHY = 'Healthy';
export const LOW = 'Low';
export const CONNECTED = 'Connected';
export const OFFLINE = 'Offline';
export const SCHEDULED_OFFLINE = 'Scheduled Offline';
export const NEVER_SEEN = 'Never seen';
export const NO_BATTERY = 'No reading';

/** Disable/enable (spec 02 §4, §5, §8). */
export const DISABLE_HARDWARE = 'Disable hardware';
export const ENABLE_HARDWARE = 'Enable hardware';
export const DISABLE_OWS = 'Disable OWS';
export const ENABLE_OWS = 'Enable OWS';
export const REASON_LABEL = 'Reason';
export const DISABLE = 'Disable';
export const ENABLE = 'Enable';
export const CANCEL = 'Cancel';
export const TOGGLE_TOASTS = {
  hardware: {
    disable: { ok: 'Successfully disabled hardware', failed: 'Error disabling hardware' },
    enable: { ok: 'Successfully enabled hardware', failed: 'Error enabling hardware' },
  },
  ows: {
    disable: { ok: 'Successfully disabled OWS', failed: 'Error disabling OWS' },
    enable: { ok: 'Successfully enabled OWS', failed: 'Error enabling OWS' },
  },
} as const;

/** Relays (spec 02 §4 'Relays', §8 'Relay'). */
export const CONFIRM_MANUAL_OVERRIDE = 'Confirm Manual Override';
export const NO_RELAYS = 'No relays found';
export const RELAY_TOGGLE_FAILED = 'Failed to toggle relay, please try again.';
export const RELAY_UNEXPECTED = 'An unexpected error occurred.';
export const overrideText = (name: string, on: boolean) =>
  `Turn ${name} ${on ? 'on' : 'off'} by hand? Automation switches it again when its warning next starts or ends.`;

/** Siren settings (spec 02 §5, §8). */
export const SIREN_SETTINGS_TITLE = (name: string) => `${name} Settings`;
export const SETTINGS_SAVED = 'OWS Settings Successfully Updated';
export const SETTINGS_FAILED = 'Unable to update the OWS settings.';
export const SAVE = 'Save';

/** The status the card shows of a unit's siren test. */
export const LAST_DRILL = 'Last drill';
export const DRILL_OUTCOME_TEXTS = { passed: 'Passed', failed: 'Failed', skipped: 'Skipped' } as const;

/** The units a bulk test goes to: those of the selection with a siren. */
export function sirensOf(units: readonly THardware[]): number[] {
  return units.flatMap((u) => (u.siren ? [u.siren.id] : []));
}
