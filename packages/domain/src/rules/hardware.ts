// On-site hardware: test durations, health, status texts, relays, search and bulk actions (spec 02 §2.5, §4, §5, §9).
import type { HardwareModel } from '../enums.ts';

export type SirenTestType = 'delay' | 'all-clear' | 'light';

/** The siren settings a test duration reads: seconds per sound and number of plays. */
export interface SirenTestSettings {
  duration: number;
  frequency: number;
  allClearDuration: number;
  allClearFrequency: number;
}

/** Fixed parts of test durations, seconds (spec 02 §9). */
export const TEST_LEAD_SECONDS = 10;
export const LIGHT_TEST_SECONDS = 3;
/** Battery voltage at or above which it is Healthy, volts (spec 02 §4 'Health'). */
export const HEALTHY_BATTERY_VOLTS = 12.1;
/** A siren is connected-healthy when seen under 30 minutes ago, a weather station under 15 (spec 02 §4). */
export const SIREN_STALE_MINUTES = 30;
export const STATION_STALE_MINUTES = 15;
/** Scheduled offline window, UTC hours 5 up to but not including 11 (spec 02 §4, §9). */
export const SCHEDULED_OFFLINE_START_HOUR_UTC = 5;
export const SCHEDULED_OFFLINE_END_HOUR_UTC = 11;
/** Bulk actions need this many selected units (spec 02 §9). */
export const BULK_ACTION_MIN_UNITS = 2;
/** Warning shown for bulk tests (spec 02 §4 'Tests'). */
export const BULK_TEST_WARNING = 'Make sure to stop testing to turn off all OWS Systems.';

/** Test duration in seconds: Delay 10 + duration × frequency, All Clear 10 + allClearDuration × allClearFrequency, Light 3 (spec 02 §9). */
export function testDurationSeconds(test: SirenTestType, siren: SirenTestSettings): number {
  if (test === 'light') return LIGHT_TEST_SECONDS;
  if (test === 'delay') return TEST_LEAD_SECONDS + siren.duration * siren.frequency;
  return TEST_LEAD_SECONDS + siren.allClearDuration * siren.allClearFrequency;
}

/** Bulk test duration in seconds: the maximum over the units; 0 for none (spec 02 §9). */
export function bulkTestDurationSeconds(test: SirenTestType, sirens: readonly SirenTestSettings[]): number {
  return sirens.reduce((max, s) => Math.max(max, testDurationSeconds(test, s)), 0);
}

/** True at 12.1 volts or more (spec 02 §4 'Health'). */
export function isBatteryHealthy(volts: number): boolean {
  return volts >= HEALTHY_BATTERY_VOLTS;
}

/** How a unit's connection is judged: a weather station (WXS) or a siren (OWS, OWX). */
export type ConnectionKind = 'siren' | 'station';

/** The connection kind of a hardware model: WXS is a station, OWS and OWX carry a siren (spec 02 §3, §4). */
export function connectionKind(modelId: HardwareModel): ConnectionKind {
  return modelId === 'WXS' ? 'station' : 'siren';
}

function staleAfterMs(kind: ConnectionKind): number {
  return (kind === 'siren' ? SIREN_STALE_MINUTES : STATION_STALE_MINUTES) * 60_000;
}

/** Connected-healthy: last seen (epoch ms) under 30 minutes ago for a siren, under 15 for a station; never seen is unhealthy (spec 02 §4). */
export function isConnectionHealthy(kind: ConnectionKind, connectedAt: number | null, now: number): boolean {
  return connectedAt !== null && now - connectedAt < staleAfterMs(kind);
}

/** 'Scheduled Offline': the unit is stale and the current UTC hour is 5..10 inclusive; times epoch ms (spec 02 §4). */
export function isScheduledOffline(kind: ConnectionKind, connectedAt: number | null, now: number): boolean {
  const hour = new Date(now).getUTCHours();
  const inWindow = hour >= SCHEDULED_OFFLINE_START_HOUR_UTC && hour < SCHEDULED_OFFLINE_END_HOUR_UTC;
  return inWindow && !isConnectionHealthy(kind, connectedAt, now);
}

/** Card status: '{modelId} Disabled' when the hardware is disabled, 'OWS Disabled' when only its siren is, else 'Enabled' (spec 02 §2.5). */
export function hardwareStatusText(unit: {
  modelId: HardwareModel;
  enabled: boolean;
  sirenEnabled?: boolean | null;
}): string {
  if (!unit.enabled) return `${unit.modelId} Disabled`;
  if (unit.sirenEnabled === false) return 'OWS Disabled';
  return 'Enabled';
}

/** Relay badge: 'Automation Active' when a trigger exists, else 'No Automation Set' (spec 02 §4 'Relays'). */
export function relayBadgeText(relay: { remoteRelayTrigger?: unknown }): string {
  return relay.remoteRelayTrigger ? 'Automation Active' : 'No Automation Set';
}

/** True when the search text filters: empty or over 2 characters (spec 02 §5 'Hardware search'). */
export function isHardwareSearchActive(text: string): boolean {
  return text.length === 0 || text.length > 2;
}

/** Hardware matching the search: case-insensitive on any string or number field; text of 1–2 characters leaves the list as given (spec 02 §5). */
export function searchHardware<T extends object>(items: readonly T[], text: string): readonly T[] {
  if (text.length === 0 || !isHardwareSearchActive(text)) return items;
  const needle = text.toLowerCase();
  return items.filter((item) =>
    Object.values(item).some(
      (v) => (typeof v === 'string' || typeof v === 'number') && String(v).toLowerCase().includes(needle),
    ),
  );
}

/** Bulk actions are enabled with 2 or more selected units (spec 02 §2.5, §9). */
export function canUseBulkActions(selectedCount: number): boolean {
  return selectedCount >= BULK_ACTION_MIN_UNITS;
}

/** Disable/enable needs a message with at least one non-blank character (spec 02 §5). */
export function isToggleReasonValid(message: string): boolean {
  return message.trim().length > 0;
}

/** The 'Select Test' choices of a card (spec 02 §2.5). */
export const SIREN_TEST_CHOICES: readonly { type: SirenTestType; label: string }[] = [
  { type: 'delay', label: 'Start Delay' },
  { type: 'all-clear', label: 'Start All Clear' },
  { type: 'light', label: 'Turn On Light' },
];

const RUNNING_NAMES: Record<SirenTestType, string> = {
  delay: 'Delay',
  'all-clear': 'All Clear',
  light: 'Light',
};
/** The tests as spec 02 §8 names them in its toasts ('Delay / All Clear / light'). */
const TOAST_NAMES: Record<SirenTestType, string> = {
  delay: 'Delay',
  'all-clear': 'All Clear',
  light: 'light',
};

/** 'Running Test of {type}...' (spec 02 §4 'Tests'). */
export function runningTestText(test: SirenTestType): string {
  return `Running Test of ${RUNNING_NAMES[test]}...`;
}

/** All Clear ends by itself when its timer finishes; Delay and Light stay until the user stops the test (spec 02 §4). */
export function testEndsByItself(test: SirenTestType): boolean {
  return test === 'all-clear';
}

/** The toast of a test: 'Successfully tested Delay for selected unit(s).' or 'Unable to test Delay for selected unit(s).' (spec 02 §8). */
export function sirenTestToast(test: SirenTestType, succeeded: boolean): string {
  return succeeded
    ? `Successfully tested ${TOAST_NAMES[test]} for selected unit(s).`
    : `Unable to test ${TOAST_NAMES[test]} for selected unit(s).`;
}

/** The toasts of 'Stop Test' (spec 02 §8). */
export const TURN_OFF_SUCCEEDED = 'Successfully turned off tests for selected unit(s).';
export const TURN_OFF_FAILED = 'Unable to turn off tests for selected unit(s).';
