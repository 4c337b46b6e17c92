// The alert-channel bits of a location's flags (spec 01 §5 'Enable Alerts switch', spec 02 §2.2, §9).

/** Bit mask of the alert channels; any bit set silences the location (spec 01 §5, spec 02 §9). */
export const ALERT_CHANNELS_MASK = 30;

/** Tooltip of the muted icon (spec 02 §2.2). */
export const SILENCED_TOOLTIP =
  'Notifications are silenced for this location. Enable them by editing this location.';

/** True when flags AND 30 is non-zero: notifications are silenced (spec 02 §2.2). */
export function isSilenced(flags: number): boolean {
  return (flags & ALERT_CHANNELS_MASK) !== 0;
}

/** Flags written by the Enable Alerts switch: on gives 0, off gives 30 (spec 01 §5). */
export function enableAlertsFlags(on: boolean): number {
  return on ? 0 : ALERT_CHANNELS_MASK;
}
