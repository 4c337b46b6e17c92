// A group's form values: its name and one alert-time row per weekday, Sunday first, so a row's index is its day
// and the server's AlertTimes[day].StartTime lands on that day's row. A day the group has no row for starts at
// the new-group default (05:00 to 23:00, enabled; spec 02 §9).
import type { TSite } from '@allclear/contracts';
import { defaultGroupAlertTimes } from '@allclear/domain';

export interface GroupAlertTimeValues {
  day: number;
  startTime: string;
  endTime: string;
  allDay: boolean;
  enabled: boolean;
}

export interface GroupFormValues {
  name: string;
  alertTimes: GroupAlertTimeValues[];
}

/** The values of `site` (null: a new group). */
export function groupFormValues(site: TSite | null): GroupFormValues {
  const defaults = defaultGroupAlertTimes();
  return {
    name: site?.name ?? '',
    alertTimes: defaults.map((d) => {
      const saved = site?.alertTimes.find((t) => t.day === d.day);
      return saved
        ? {
            day: saved.day,
            startTime: saved.startTime,
            endTime: saved.endTime,
            allDay: saved.allDay,
            enabled: saved.enabled,
          }
        : { day: d.day, startTime: d.startTime, endTime: d.endTime, allDay: d.allDay, enabled: d.enabled };
    }),
  };
}
