// The station page's export (spec 03 §2.4): 'Export Historical Report' (the report builder) for a caller with the
// historical-report permission, 'Export Data' (the simple export) for everyone else. Loaded lazily with the page.
import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import FileDownload from '@mui/icons-material/FileDownloadOutlined';
import type { THistoricalStation } from '@allclear/contracts';
import { EXPORT_DATA, EXPORT_HISTORICAL_REPORT } from './export-texts.ts';
import { SimpleExportDialog } from './simple-export-dialog.tsx';

const ReportBuilder = lazy(() => import('./report-builder.tsx'));

export default function ExportButton({ station }: { station: THistoricalStation }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<FileDownload />} onClick={() => setOpen(true)}>
        {station.canGenerateReport ? EXPORT_HISTORICAL_REPORT : EXPORT_DATA}
      </Button>
      {station.canGenerateReport ? (
        open && (
          <Suspense fallback={null}>
            <ReportBuilder station={station} open={open} onClose={() => setOpen(false)} />
          </Suspense>
        )
      ) : (
        <SimpleExportDialog stationId={station.id} open={open} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
