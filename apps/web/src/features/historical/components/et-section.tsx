// The Evapotranspiration section (spec 03 §2.4, §5, §9): 3 Days, 7 Days (default) and Custom (at most 14 days), the
// 24-hour, 3-day and 7-day totals, the range's total and average, values in inches with 2 decimals, and the graph's
// two messages ('Error getting ET data. ...' when empty, 'Insufficient data. ...' when too few points).
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  EVAPOTRANSPIRATION_RANGE_TOO_LONG,
  evapotranspirationGraphMessage,
  rangeDaysInclusive,
} from '@allclear/domain';
import { LazyChart } from '../../../components/chart/lazy-chart.tsx';
import { useEvapotranspiration, type EtRange } from '../api/get-evapotranspiration.ts';
import { useNow } from '../hooks/use-now.ts';
import { evapotranspirationOption } from './history-charts.ts';
import { ET_TABS, EVAPOTRANSPIRATION } from './historical-texts.ts';

const inches = (v: number | null | undefined) =>
  v === null || v === undefined ? '--' : `${v.toFixed(2)} in`;
const dayInput = (ms: number) => new Date(ms).toLocaleDateString('en-CA');

export default function EtSection({ stationId }: { stationId: number }) {
  const now = useNow(5 * 60_000);
  const [tab, setTab] = useState<'3' | '7' | 'custom'>('7');
  const [custom, setCustom] = useState(() => ({
    start: dayInput(Date.now() - 13 * 86_400_000),
    end: dayInput(Date.now()),
  }));
  const customError =
    tab !== 'custom'
      ? null
      : !custom.start || !custom.end || custom.start > custom.end
        ? 'Start must be before end.'
        : custom.end > dayInput(now)
          ? 'End must be before now.'
          : rangeDaysInclusive(custom.start, custom.end) > 14
            ? EVAPOTRANSPIRATION_RANGE_TOO_LONG
            : null;
  const range: EtRange = useMemo(
    () => (tab === 'custom' ? { startDate: custom.start, endDate: custom.end } : { days: tab }),
    [tab, custom.start, custom.end],
  );
  const et = useEvapotranspiration(stationId, range, customError === null);
  const rows = et.data?.rows ?? [];
  const message = et.isError
    ? evapotranspirationGraphMessage(0, '7-day')
    : et.data
      ? evapotranspirationGraphMessage(
          rows.length,
          tab === 'custom' ? 'custom' : tab === '3' ? '3-day' : '7-day',
        )
      : null;
  const total = rows.reduce((a, r) => a + r.value, 0);

  return (
    <Card variant="outlined" component="section" aria-labelledby="et-title" sx={{ mt: 2 }}>
      <CardContent>
        <Typography id="et-title" variant="h6" component="h2">
          {EVAPOTRANSPIRATION}
        </Typography>
        <Tabs value={tab} onChange={(_e, v: typeof tab) => setTab(v)} aria-label="Evapotranspiration range">
          {ET_TABS.map((t) => (
            <Tab key={t.value} value={t.value} label={t.label} />
          ))}
        </Tabs>
        {tab === 'custom' && (
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mt: 2 }}>
            <TextField
              label="Start date"
              type="date"
              size="small"
              value={custom.start}
              onChange={(e) => setCustom((c) => ({ ...c, start: e.target.value }))}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="End date"
              type="date"
              size="small"
              value={custom.end}
              onChange={(e) => setCustom((c) => ({ ...c, end: e.target.value }))}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
        )}
        {customError && (
          <Alert severity="warning" role="alert" sx={{ mt: 2 }}>
            {customError}
          </Alert>
        )}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            mt: 2,
            gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(5, 1fr)' },
          }}
        >
          {(
            [
              ['24 Hour', inches(et.data?.totals.last24Hours)],
              ['3 Day', inches(et.data?.totals.last3Days)],
              ['7 Day', inches(et.data?.totals.last7Days)],
              ['Range Total', rows.length ? inches(total) : '--'],
              ['Range Average', rows.length ? inches(total / rows.length) : '--'],
            ] as const
          ).map(([label, value]) => (
            <Box key={label}>
              <Typography variant="caption" color="text.secondary" component="div">
                {label}
              </Typography>
              <Typography variant="subtitle1" component="div">
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        {customError === null &&
          (et.isPending ? (
            <Skeleton variant="rounded" height={200} sx={{ mt: 2 }} />
          ) : message ? (
            <Typography color="text.secondary" sx={{ mt: 2 }}>
              {message}
            </Typography>
          ) : (
            <Box sx={{ mt: 2 }}>
              <LazyChart
                option={evapotranspirationOption(rows)}
                height={200}
                label="Evapotranspiration chart"
              />
            </Box>
          ))}
      </CardContent>
    </Card>
  );
}
