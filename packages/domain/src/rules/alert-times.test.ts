import { describe, it, expect } from 'vitest';
import {
  timeOfDayLabel,
  sirenTimeOptions,
  groupTimeOptions,
  notificationSettingsTimeOptions,
  startTimeOptions,
  endTimeOptions,
  isTimeRangeMismatch,
  overnightNote,
  setRowAllDay,
  normaliseAlertTimeRow,
  setRowEnabled,
  defaultGroupAlertTimes,
  soundDurationOptions,
  playTimesOptions,
  isOnTimeStep,
  groupAlertTimeRowErrors,
  GROUP_START_TIME_OFF_STEP,
  GROUP_END_TIME_OFF_STEP,
} from './alert-times.ts';

const row = { day: 1, startTime: '08:00:00', endTime: '17:00:00', allDay: false, enabled: true };

describe('alert times and siren settings (spec 02 §4, §5, §9)', () => {
  it('labels times in 12-hour form', () => {
    expect(timeOfDayLabel('00:00:00')).toBe('12:00 AM');
    expect(timeOfDayLabel('12:30:00')).toBe('12:30 PM');
    expect(timeOfDayLabel('23:45:00')).toBe('11:45 PM');
  });

  it("offers siren times every 15 minutes plus 'All Day', groups every 30 plus 'ALL DAY', settings every 15 plus 'ALL DAY'", () => {
    const siren = sirenTimeOptions();
    expect(siren).toHaveLength(97);
    expect(siren[1]).toEqual({ value: '00:15:00', label: '12:15 AM' });
    expect(siren.at(-2)?.value).toBe('23:45:00');
    expect(siren.at(-1)).toEqual({ value: 'ALL_DAY', label: 'All Day' });
    const groups = groupTimeOptions();
    expect(groups).toHaveLength(49);
    expect(groups.at(-1)?.label).toBe('ALL DAY');
    expect(notificationSettingsTimeOptions()).toHaveLength(97);
  });

  it('offers start times before the end and end times after the start plus 12:00 AM', () => {
    const options = sirenTimeOptions();
    expect(startTimeOptions(options, '01:00:00').map((o) => o.value)).toEqual([
      '00:00:00',
      '00:15:00',
      '00:30:00',
      '00:45:00',
    ]);
    expect(startTimeOptions(options, '00:00:00')).toHaveLength(96);
    expect(endTimeOptions(options, '23:00:00').map((o) => o.label)).toEqual([
      '11:15 PM',
      '11:30 PM',
      '11:45 PM',
      '12:00 AM',
    ]);
  });

  it('flags a mismatch when the end is not after the start, midnight meaning end of day', () => {
    expect(isTimeRangeMismatch('08:00:00', '08:00:00')).toBe(true);
    expect(isTimeRangeMismatch('08:00:00', '08:15:00')).toBe(false);
    expect(isTimeRangeMismatch('08:00:00', '00:00:00')).toBe(false);
  });

  it('notes an overnight range with its real days and times, Saturday running into Sunday', () => {
    expect(overnightNote(2, '22:00:00', '06:00:00')).toBe(
      'Receive alerts from Tuesday 10:00 PM to Wednesday 6:00 AM',
    );
    expect(overnightNote(6, '23:30:00', '00:30:00')).toBe(
      'Receive alerts from Saturday 11:30 PM to Sunday 12:30 AM',
    );
    expect(overnightNote(1, '06:00:00', '22:00:00')).toBeNull();
    expect(overnightNote(1, '22:00:00', '00:00:00')).toBeNull();
  });

  it('sets the end to 12:00 AM when a row becomes all day', () => {
    expect(setRowAllDay(row, true)).toEqual({ ...row, allDay: true, endTime: '00:00:00' });
    expect(setRowAllDay({ ...row, allDay: true }, false)).toEqual(row);
  });

  it('turns a row whose start equals its end into all day, except at midnight', () => {
    expect(normaliseAlertTimeRow({ ...row, endTime: '08:00:00' }).allDay).toBe(true);
    const midnight = { ...row, startTime: '00:00:00', endTime: '00:00:00' };
    expect(normaliseAlertTimeRow(midnight)).toBe(midnight);
    expect(setRowEnabled(row, false).enabled).toBe(false);
  });

  it('defaults group alert times to 05:00 to 23:00 on all seven days, enabled', () => {
    const rows = defaultGroupAlertTimes();
    expect(rows.map((r) => r.day)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(
      rows.every((r) => r.startTime === '05:00:00' && r.endTime === '23:00:00' && r.enabled && !r.allDay),
    ).toBe(true);
  });

  it('offers sound durations 5 to 30 s in steps of 5 and play times 1 to 10', () => {
    expect(soundDurationOptions()).toEqual([5, 10, 15, 20, 25, 30]);
    expect(playTimesOptions()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('accepts a group time exactly on the half hour and refuses one a minute or a second off', () => {
    expect(isOnTimeStep('05:30:00', 30)).toBe(true);
    expect(isOnTimeStep('00:00:00', 30)).toBe(true);
    expect(isOnTimeStep('05:31:00', 30)).toBe(false);
    expect(isOnTimeStep('05:30:01', 30)).toBe(false);
    expect(isOnTimeStep('05:15:00', 15)).toBe(true);
    expect(isOnTimeStep('nonsense', 30)).toBe(false);
  });

  it("names the start and end of a group row off the 30-minute options, and skips an all-day row's end", () => {
    const base = { day: 1, startTime: '22:00:00', endTime: '06:00:00', allDay: false, enabled: true };
    expect(groupAlertTimeRowErrors(base)).toEqual({});
    expect(groupAlertTimeRowErrors({ ...base, startTime: '05:15:00', endTime: '23:45:00' })).toEqual({
      StartTime: GROUP_START_TIME_OFF_STEP,
      EndTime: GROUP_END_TIME_OFF_STEP,
    });
    expect(groupAlertTimeRowErrors({ ...base, allDay: true, endTime: '23:45:00' })).toEqual({});
  });
});
