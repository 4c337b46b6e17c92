// A siren sounds only inside its alert-time windows (spec 02 §3 'Siren detail' alertTimes: day 0-6
// Sunday to Saturday, startTime, endTime, allDay, enabled), read in the siren unit's time zone.
import { MIDNIGHT, localDayAndTime } from '@allclear/domain';

/** One alert-time row as stored ('HH:MM:SS' local times). */
export interface SirenWindowRow {
  day: number;
  startTime: string;
  endTime: string;
  allDay: boolean;
  enabled: boolean;
}

/**
 * True when the siren may sound at `now`: no rows means always; otherwise an enabled row of the local
 * weekday that is all day or contains the time (end 00:00:00 = end of day), or the overnight tail of
 * the previous day's row (end before start).
 */
export function isSirenWindowOpen(rows: readonly SirenWindowRow[], timeZone: string, now: Date): boolean {
  if (rows.length === 0) return true;
  const { day, time } = localDayAndTime(now, timeZone);
  const yesterday = (day + 6) % 7;
  return rows.some((row) => {
    if (!row.enabled) return false;
    const start = row.startTime.slice(0, 8);
    const end = row.endTime.slice(0, 8);
    const overnight = end !== MIDNIGHT && end < start;
    if (row.day === day) {
      if (row.allDay) return true;
      if (end === MIDNIGHT || overnight) return time >= start;
      return time >= start && time < end;
    }
    return row.day === yesterday && !row.allDay && overnight && time < end;
  });
}
