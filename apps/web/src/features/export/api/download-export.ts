// GET Observations/Historical/Export/{Daily|Hourly}/{id} and .../Export/ConditionSnapshots/{id}?startDate&endDate: the
// simple export, saved as the CSV file the server names after the station (spec 03 §7 'Historical export').
import { useMutation } from '@tanstack/react-query';
import { download, saveFile } from '../../../lib/download.ts';

/** The simple export's types (spec 03 §2.4): historical data by interval, or condition snapshots. */
export type SimpleExport =
  | { type: 'historical_data'; interval: 'Daily' | 'Hourly'; startDate: string; endDate: string }
  | { type: 'condition_snapshots'; startDate: string; endDate: string };

export async function downloadExport(stationId: number, e: SimpleExport): Promise<string> {
  const query = { startDate: e.startDate, endDate: e.endDate };
  const file =
    e.type === 'historical_data'
      ? await download(
          'observationExport',
          { params: { interval: e.interval, id: stationId }, query },
          'export.csv',
        )
      : await download(
          'observationExportConditionSnapshots',
          { params: { id: stationId }, query },
          'export.csv',
        );
  saveFile(file);
  return file.fileName;
}

export function useDownloadExport(stationId: number) {
  return useMutation({ mutationFn: (e: SimpleExport) => downloadExport(stationId, e) });
}
