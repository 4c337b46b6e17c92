// Time-of-day options and per-day alert-time rows of sirens, user groups and notification settings (spec 02 §4, §5, §9).

/** A time of day as the API holds it, 'HH:mm:ss' (24-hour). */
export type TimeOfDay = string;
export interface TimeOption {
  value: TimeOfDay | typeof ALL_DAY_VALUE;
  label: string;
}

/** Midnight, which as an end time means the end of the day ('12:00 AM', spec 02 §5). */
export const MIDNIGHT: TimeOfDay = '00:00:00';
/** Value of the all-day choice appended to time options. */
export const ALL_DAY_VALUE = 'ALL_DAY';
/** Option steps in minutes: sirens 15, user groups 30, notification settings 15 (spec 02 §5, §9). */
export const SIREN_TIME_STEP_MINUTES = 15;
export const GROUP_TIME_STEP_MINUTES = 30;
export const NOTIFICATION_TIME_STEP_MINUTES = 15;
/** Day names of alert-time rows, day 0..6 Sunday to Saturday (spec 02 §3). */
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** '12-hour' label of a 'HH:mm:ss' time: '12:00 AM', '1:30 PM' (spec 02 §5). */
export function timeOfDayLabel(time: TimeOfDay): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const suffix = h < 12 ? 'AM' : 'PM';
  return `${h % 12 === 0 ? 12 : h % 12}:${pad2(m)} ${suffix}`;
}

/** Times of day from 00:00:00 in steps of `stepMinutes`, up to the last step before midnight. */
export function timeOfDayOptions(stepMinutes: number): TimeOption[] {
  const out: TimeOption[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += stepMinutes) {
    const value = `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}:00`;
    out.push({ value, label: timeOfDayLabel(value) });
  }
  return out;
}

/** Siren time options: every 15 minutes plus 'All Day' (spec 02 §5 'Siren settings'). */
export function sirenTimeOptions(): TimeOption[] {
  return [...timeOfDayOptions(SIREN_TIME_STEP_MINUTES), { value: ALL_DAY_VALUE, label: 'All Day' }];
}

/** User-group time options: every 30 minutes plus 'ALL DAY' (spec 02 §9). */
export function groupTimeOptions(): TimeOption[] {
  return [...timeOfDayOptions(GROUP_TIME_STEP_MINUTES), { value: ALL_DAY_VALUE, label: 'ALL DAY' }];
}

/** Notification-settings time options: every 15 minutes plus 'ALL DAY' (spec 02 §9). */
export function notificationSettingsTimeOptions(): TimeOption[] {
  return [...timeOfDayOptions(NOTIFICATION_TIME_STEP_MINUTES), { value: ALL_DAY_VALUE, label: 'ALL DAY' }];
}

function timesOnly(options: readonly TimeOption[]): TimeOption[] {
  return options.filter((o) => o.value !== ALL_DAY_VALUE);
}

/** Start options: times before the end; every time when the end is midnight, i.e. end of day (spec 02 §5). */
export function startTimeOptions(options: readonly TimeOption[], end: TimeOfDay): TimeOption[] {
  return timesOnly(options).filter((o) => end === MIDNIGHT || o.value < end);
}

/** End options: times after the start, plus 12:00 AM (midnight, end of day) last (spec 02 §5). */
export function endTimeOptions(options: readonly TimeOption[], start: TimeOfDay): TimeOption[] {
  return [
    ...timesOnly(options).filter((o) => o.value > start),
    { value: MIDNIGHT, label: timeOfDayLabel(MIDNIGHT) },
  ];
}

/** Start-end mismatch (error state on the selects): the end is not after the start, midnight meaning end of day (spec 02 §5). */
export function isTimeRangeMismatch(start: TimeOfDay, end: TimeOfDay): boolean {
  return end !== MIDNIGHT && end <= start;
}

/**
 * The overnight note when the end is before the start, the spec's 'Receive alerts from day time to next day time'
 * filled with the row's day and times ('Receive alerts from Tuesday 10:00 PM to Wednesday 6:00 AM'); midnight as end
 * of day is not overnight (spec 02 §5 'User group'). `day` is 0..6, Sunday to Saturday.
 */
export function overnightNote(day: number, start: TimeOfDay, end: TimeOfDay): string | null {
  if (end === MIDNIGHT || end >= start) return null;
  const name = (d: number) => WEEKDAY_NAMES[((d % 7) + 7) % 7]!;
  return `Receive alerts from ${name(day)} ${timeOfDayLabel(start)} to ${name(day + 1)} ${timeOfDayLabel(end)}`;
}

/** An alert-time row: day 0..6 Sunday to Saturday (spec 02 §3). */
export interface AlertTimeRow {
  id?: number | string | null;
  day: number;
  startTime: TimeOfDay;
  endTime: TimeOfDay;
  allDay: boolean;
  enabled: boolean;
}

/** Choosing all-day sets the end to the last end option, 12:00 AM; clearing it keeps the times (spec 02 §4 'Alert-time rows'). */
export function setRowAllDay(row: AlertTimeRow, allDay: boolean): AlertTimeRow {
  return allDay ? { ...row, allDay: true, endTime: MIDNIGHT } : { ...row, allDay: false };
}

/** A row whose start equals its end (other than midnight) becomes all day (spec 02 §4 'Alert-time rows'). */
export function normaliseAlertTimeRow(row: AlertTimeRow): AlertTimeRow {
  return row.startTime === row.endTime && row.startTime !== MIDNIGHT ? setRowAllDay(row, true) : row;
}

/** A row enabled or disabled (spec 02 §4 'Rows can be enabled or disabled'). */
export function setRowEnabled(row: AlertTimeRow, enabled: boolean): AlertTimeRow {
  return { ...row, enabled };
}

/** New user-group alert times: 05:00:00 to 23:00:00 on all seven days, enabled (spec 02 §9). */
export function defaultGroupAlertTimes(): AlertTimeRow[] {
  return [0, 1, 2, 3, 4, 5, 6].map((day) => ({
    day,
    startTime: '05:00:00',
    endTime: '23:00:00',
    allDay: false,
    enabled: true,
  }));
}

/** True when a 'HH:mm:ss' time is one of the options every `stepMinutes` from midnight (spec 02 §5, §9). */
export function isOnTimeStep(time: TimeOfDay, stepMinutes: number): boolean {
  const [h = NaN, m = NaN, sec = 0] = time.split(':').map(Number);
  return sec === 0 && Number.isInteger(h) && Number.isInteger(m) && (h * 60 + m) % stepMinutes === 0;
}

/** Texts of a group alert-time row's errors (ours; spec 02 §5 'User group' names the fields only). */
export const GROUP_START_TIME_OFF_STEP = 'Choose a start time from the list (every 30 minutes).';
export const GROUP_END_TIME_OFF_STEP = 'Choose an end time from the list (every 30 minutes).';

/**
 * Errors of a user group's alert-time row, keyed StartTime and EndTime: a time that is not one of the 30-minute
 * options (spec 02 §5 'User group', §9). An overnight range is allowed (it gets the note); an all-day row's end is
 * not read.
 */
export function groupAlertTimeRowErrors(row: AlertTimeRow): Partial<Record<'StartTime' | 'EndTime', string>> {
  const errors: Partial<Record<'StartTime' | 'EndTime', string>> = {};
  if (!isOnTimeStep(row.startTime, GROUP_TIME_STEP_MINUTES)) errors.StartTime = GROUP_START_TIME_OFF_STEP;
  if (!row.allDay && !isOnTimeStep(row.endTime, GROUP_TIME_STEP_MINUTES))
    errors.EndTime = GROUP_END_TIME_OFF_STEP;
  return errors;
}

/** Siren sound duration choices 5..30 seconds step 5 (spec 02 §5, §9). */
export function soundDurationOptions(): number[] {
  return [5, 10, 15, 20, 25, 30];
}

/** Siren play-times choices 1..10 (spec 02 §5, §9). */
export function playTimesOptions(): number[] {
  return Array.from({ length: 10 }, (_, i) => i + 1);
}
