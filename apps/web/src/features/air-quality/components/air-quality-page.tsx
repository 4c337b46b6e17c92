// The Air Quality page (/AirQuality, spec 03 §2.7, §6, §9): for the admin roles only (the route's rule sends others
// to the fallback page), a table of the customer's sensors with Name, PM2.5, PM10, Status (Enabled/Disabled) and Last
// Activity, 10 rows a page. The AQI values are the sensors' latest NowCast (GET AirQuality, spec 03 §3 'Air quality row').
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import type { TAirQualitySensorRow } from '@allclear/contracts';
import { aqiCategory, elapsedTimeText } from '@allclear/domain';
import { useAirQualitySensors } from '../api/get-air-quality.ts';

/** Rows a page (spec 03 §9). */
export const AIR_QUALITY_PAGE_SIZE = 10;
export const AIR_QUALITY_TITLE = 'Air Quality';
export const AIR_QUALITY_FAILED = 'Unable to load air quality sensors.';
export const NO_SENSORS = 'Your organization has no air quality sensors.';

function AqiCell({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined) return <>--</>;
  const category = aqiCategory(value);
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Box
        aria-hidden
        sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: category?.color ?? 'grey.400' }}
      />
      {Math.round(value)}
      {category && (
        <Typography component="span" variant="caption" color="text.secondary">
          {category.name}
        </Typography>
      )}
    </Box>
  );
}

const columns: GridColDef<TAirQualitySensorRow>[] = [
  { field: 'name', headerName: 'Name', flex: 1.5, minWidth: 180 },
  {
    field: 'pM2_5',
    headerName: 'PM2.5',
    flex: 1,
    minWidth: 140,
    valueGetter: (_v, row) => row.pM2_5?.nowcast ?? null,
    renderCell: (p) => <AqiCell value={p.value as number | null} />,
  },
  {
    field: 'pM10',
    headerName: 'PM10',
    flex: 1,
    minWidth: 140,
    valueGetter: (_v, row) => row.pM10?.nowcast ?? null,
    renderCell: (p) => <AqiCell value={p.value as number | null} />,
  },
  {
    field: 'status',
    headerName: 'Status',
    minWidth: 110,
    renderCell: (p) => (
      <Chip
        size="small"
        label={p.row.status}
        color={p.row.status === 'Enabled' ? 'success' : 'default'}
        variant="outlined"
      />
    ),
  },
  {
    field: 'lastActivity',
    headerName: 'Last Activity',
    flex: 1,
    minWidth: 170,
    valueGetter: (_v, row) => (row.lastActivity ? Date.parse(row.lastActivity) : null),
    renderCell: (p) =>
      p.value === null ? (
        '--'
      ) : (
        <span title={new Date(p.value as number).toLocaleString()}>
          {elapsedTimeText(p.value as number, Date.now())}
        </span>
      ),
  },
];

export default function AirQualityPage() {
  const sensors = useAirQualitySensors(true);
  return (
    // a plain box: the app layout's <main> already holds the page (one main landmark per page)
    <Box sx={{ p: { xs: 1.5, md: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {AIR_QUALITY_TITLE}
      </Typography>
      {sensors.isError ? (
        <Alert severity="error" action={<Button onClick={() => void sensors.refetch()}>Retry</Button>}>
          {AIR_QUALITY_FAILED}
        </Alert>
      ) : (
        <DataGrid<TAirQualitySensorRow>
          aria-label="Air quality sensors"
          rows={sensors.data ?? []}
          columns={columns}
          loading={sensors.isPending}
          pageSizeOptions={[AIR_QUALITY_PAGE_SIZE]}
          initialState={{ pagination: { paginationModel: { pageSize: AIR_QUALITY_PAGE_SIZE, page: 0 } } }}
          disableRowSelectionOnClick
          autoHeight
          localeText={{ noRowsLabel: NO_SENSORS }}
        />
      )}
    </Box>
  );
}
