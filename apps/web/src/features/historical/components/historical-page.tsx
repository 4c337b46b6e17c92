// The station historical page (spec 03 §2.4): name and updated-ago, current conditions, the sky image, Historical
// Data (Hourly, 7 Days, 30 Days, Custom at most 90 days) with the Temperature, Wind Speed and Gust and Precipitation
// charts, the lightning and condition snapshots where the station has coordinates, Evapotranspiration where it has
// that feature, Back for a signed-in user, 'Powered by' for a visitor, and the export its caller may use.
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Bolt from '@mui/icons-material/Bolt';
import type { THistoricalStation, TStationHistory } from '@allclear/contracts';
import { customRangeError, elapsedTimeText } from '@allclear/domain';
import { LazyChart, type ChartOption } from '../../../components/chart/lazy-chart.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { ExportButton } from '../../export/index.ts';
import { useHistoricalStation } from '../api/get-historical-station.ts';
import { useNow } from '../hooks/use-now.ts';
import { useStationHistory, type HistoryRange } from '../api/get-station-history.ts';
import { precipitationOption, temperatureOption, windOption } from './history-charts.ts';
import {
  BACK,
  CHOOSE_RANGE,
  CURRENT_CONDITIONS,
  HISTORICAL_DATA,
  HISTORY_FAILED,
  NO_ACCESS,
  NO_DATA,
  POWERED_BY,
  RANGE_TABS,
} from './historical-texts.ts';

const EtSection = lazy(() => import('./et-section.tsx'));
const SnapshotsSection = lazy(() => import('./snapshots-section.tsx'));

export interface HistoricalPageProps {
  stationId: number;
  /** The image URL the link carried (the dashboard's), used until the station's own arrives. */
  imageUrl: string | null;
  signedIn: boolean;
}

export function HistoricalPage({ stationId, imageUrl, signedIn }: HistoricalPageProps) {
  const station = useHistoricalStation(stationId);
  const navigate = useNavigate();
  const now = useNow();

  if (station.isPending)
    return (
      <Box
        component="main"
        role="status"
        aria-live="polite"
        sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}
      >
        <CircularProgress aria-label="Loading station" />
      </Box>
    );
  if (station.isError) {
    const refused = station.error instanceof ApiError && [401, 403, 404].includes(station.error.status);
    return (
      <Box component="main" sx={{ p: { xs: 2, md: 4 } }}>
        {signedIn && (
          <Button startIcon={<ArrowBack />} onClick={() => void navigate(-1)} sx={{ mb: 2 }}>
            {BACK}
          </Button>
        )}
        <Typography variant="h6" component="h1">
          {refused ? NO_ACCESS : HISTORY_FAILED}
        </Typography>
      </Box>
    );
  }
  const s = station.data;
  const image = s.imageUrl ?? imageUrl;
  return (
    <Box component="main" sx={{ p: { xs: 1.5, md: 3 }, maxWidth: 1280, mx: 'auto' }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        {s.signedIn && (
          <Button startIcon={<ArrowBack />} onClick={() => void navigate(-1)}>
            {BACK}
          </Button>
        )}
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h5" component="h1">
            {s.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {s.weather
              ? `Updated ${elapsedTimeText(Date.parse(s.weather.lastUpdated), now)}`
              : 'No readings yet'}
          </Typography>
        </Box>
        {!s.signedIn && (
          <Link href="/" underline="hover" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <Bolt aria-hidden fontSize="small" />
            {POWERED_BY}
          </Link>
        )}
      </Stack>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: image ? '2fr 1fr' : '1fr' },
          mb: 2,
        }}
      >
        <CurrentConditions station={s} />
        {image && (
          <Card variant="outlined">
            <Box
              component="img"
              src={image}
              alt={`Sky at ${s.name}`}
              sx={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', display: 'block' }}
            />
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', p: 1 }}>
              {s.imageUpdated ? `Image updated ${elapsedTimeText(Date.parse(s.imageUpdated), now)}` : 'Image'}
            </Typography>
          </Card>
        )}
      </Box>

      <HistorySection station={s} />

      <Suspense fallback={<Skeleton variant="rounded" height={120} sx={{ mt: 2 }} />}>
        {s.latitude !== null && s.longitude !== null && <SnapshotsSection stationId={s.id} />}
        {s.features.some((f) => f.displayName === 'Evapotranspiration') && <EtSection stationId={s.id} />}
      </Suspense>
    </Box>
  );
}

function Reading({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="h6" component="div">
        {value}
      </Typography>
    </Box>
  );
}

const show = (v: number | null | undefined, unit: string, digits = 0) =>
  v === null || v === undefined ? '--' : `${v.toFixed(digits)}${unit}`;

function CurrentConditions({ station }: { station: THistoricalStation }) {
  const w = station.weather;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          {CURRENT_CONDITIONS}
        </Typography>
        {!w ? (
          <Typography color="text.secondary">This station has not reported yet.</Typography>
        ) : (
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' },
            }}
          >
            <Reading label="Temperature" value={show(w.ambientTemperature, '°F')} />
            <Reading
              label={w.windChill !== null ? 'Wind Chill' : 'Heat Index'}
              value={show(w.windChill ?? w.heatIndex ?? w.ambientTemperature, '°F')}
            />
            <Reading label="Wind" value={`${show(w.windSpeed, ' mph')} ${w.windDirection ?? ''}`.trim()} />
            <Reading label="Rain Today" value={show(w.calibratedData.rainToday ?? w.rainToday, ' in', 2)} />
            <Reading label="WBGT" value={show(w.wetBulbGlobalTemp, '°F')} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** 'YYYY-MM-DDTHH:mm' of a time in the browser's zone (a datetime-local value). */
function localInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function HistorySection({ station }: { station: THistoricalStation }) {
  const [tab, setTab] = useState<'Day' | 'Week' | 'Month' | 'Custom'>('Week');
  const now = useNow();
  const [custom, setCustom] = useState(() => {
    const end = Date.now() - 60_000;
    return { start: localInput(end - 14 * 86_400_000), end: localInput(end) };
  });
  const startMs = new Date(custom.start).getTime();
  const endMs = new Date(custom.end).getTime();
  const customError =
    tab !== 'Custom'
      ? null
      : Number.isNaN(startMs) || Number.isNaN(endMs)
        ? CHOOSE_RANGE
        : customRangeError({ start: startMs, end: endMs, now, evapotranspiration: false });
  const range: HistoryRange = useMemo(
    () =>
      tab === 'Custom' && !Number.isNaN(startMs) && !Number.isNaN(endMs)
        ? { kind: 'Custom', start: new Date(startMs).toISOString(), end: new Date(endMs).toISOString() }
        : { kind: tab === 'Custom' ? 'Week' : tab },
    [tab, startMs, endMs],
  );
  const validCustom = tab !== 'Custom' || customError === null;
  const history = useStationHistory(station.id, range, validCustom);

  return (
    <Card variant="outlined" component="section" aria-labelledby="historical-data-title">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { sm: 'center' }, gap: 1, mb: 1 }}>
          <Typography id="historical-data-title" variant="h6" component="h2" sx={{ flex: 1 }}>
            {HISTORICAL_DATA}
          </Typography>
          <Suspense fallback={null}>
            <ExportButton station={station} />
          </Suspense>
        </Stack>
        <Tabs
          value={tab}
          onChange={(_e, v: typeof tab) => setTab(v)}
          aria-label="Historical range"
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {RANGE_TABS.map((t) => (
            <Tab key={t.value} value={t.value} label={t.label} />
          ))}
        </Tabs>
        {tab === 'Custom' && (
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mt: 2 }}>
            <TextField
              label="Start"
              type="datetime-local"
              value={custom.start}
              onChange={(e) => setCustom((c) => ({ ...c, start: e.target.value }))}
              slotProps={{ inputLabel: { shrink: true } }}
              size="small"
            />
            <TextField
              label="End"
              type="datetime-local"
              value={custom.end}
              onChange={(e) => setCustom((c) => ({ ...c, end: e.target.value }))}
              slotProps={{ inputLabel: { shrink: true } }}
              size="small"
            />
          </Stack>
        )}
        {customError && (
          <Alert severity="warning" sx={{ mt: 2 }} role="alert">
            {customError}
          </Alert>
        )}
        {validCustom && (
          <Charts history={history.data} loading={history.isPending} failed={history.isError} />
        )}
      </CardContent>
    </Card>
  );
}

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Typography variant="subtitle2" component="figcaption" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Charts({
  history,
  loading,
  failed,
}: {
  history: TStationHistory | undefined;
  loading: boolean;
  failed: boolean;
}) {
  if (failed)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {HISTORY_FAILED}
      </Alert>
    );
  if (loading || !history)
    return (
      <Stack sx={{ gap: 2, mt: 2 }} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={220} />
        ))}
      </Stack>
    );
  if (history.rows.length === 0)
    return (
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {NO_DATA}
      </Typography>
    );
  const charts: [string, ChartOption, string][] = [
    ['Temperature (°F)', temperatureOption(history), 'Temperature chart'],
    ['Wind Speed and Gust (mph)', windOption(history), 'Wind speed and gust chart'],
    ['Precipitation (in)', precipitationOption(history), 'Precipitation chart'],
  ];
  return (
    <Box sx={{ display: 'grid', gap: 3, mt: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      {charts.map(([title, option, label]) => (
        <ChartCard key={title} title={title}>
          <LazyChart option={option} height={220} label={label} />
        </ChartCard>
      ))}
    </Box>
  );
}
