// The simple exports' file names; their lines are engine/reports/csv-line.ts's (one CSV dialect for every export).
export { csvLine } from '../../../engine/reports/csv-line.ts';

/**
 * A file name of the station's name, the kind and the range. Only what no file system takes (control characters and
 * < > : " / \ | ? *) is dropped, so 'AT&T Stadium' stays itself; the header carries the name encoded.
 */
export function exportFileName(stationName: string, kind: string, fromDay: string, toDay: string): string {
  const safe =
    stationName
      .replace(/[\p{Cc}<>:"/\\|?*]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'Station';
  return `${safe} ${kind} ${fromDay} to ${toDay}.csv`;
}
