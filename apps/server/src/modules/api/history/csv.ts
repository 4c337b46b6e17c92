// The simple exports' file names; their lines are engine/reports/csv-line.ts's (one CSV dialect for every export).
export { csvLine } from '../../../engine/reports/csv-line.ts';

/** A file name of the station's name, the kind and the range, safe in a Content-Disposition header. */
export function exportFileName(stationName: string, kind: string, fromDay: string, toDay: string): string {
  const safe =
    stationName
      .replace(/[^\p{L}\p{N} ._-]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'Station';
  return `${safe} ${kind} ${fromDay} to ${toDay}.csv`;
}
