// The lightning and condition snapshots of the last 24 hours (spec 03 §2.4 'a lightning / condition snapshots section
// shown when coordinates exist'): the station's reading each hour with its weather and the strikes within 10 miles.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useConditionSnapshots } from '../api/get-condition-snapshots.ts';
import { useNow } from '../hooks/use-now.ts';
import { HISTORY_FAILED, SNAPSHOTS_TITLE } from './historical-texts.ts';

export default function SnapshotsSection({ stationId }: { stationId: number }) {
  const now = useNow(5 * 60_000);
  const since = now - 86_400_000;
  const snapshots = useConditionSnapshots(
    stationId,
    new Date(since).toISOString().slice(0, 10),
    new Date(now).toISOString().slice(0, 10),
  );
  const rows = (snapshots.data ?? []).filter((s) => Date.parse(s.time) >= since).reverse();
  const strikes = rows.reduce((a, s) => a + s.strikesWithin10Miles, 0);
  return (
    <Card variant="outlined" component="section" aria-labelledby="snapshots-title" sx={{ mt: 2 }}>
      <CardContent>
        <Typography id="snapshots-title" variant="h6" component="h2">
          {SNAPSHOTS_TITLE}
        </Typography>
        {snapshots.isPending ? (
          <Skeleton variant="rounded" height={120} />
        ) : snapshots.isError ? (
          <Typography color="error">{HISTORY_FAILED}</Typography>
        ) : rows.length === 0 ? (
          <Typography color="text.secondary">No readings in the last 24 hours.</Typography>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {strikes === 0
                ? 'No lightning within 10 miles in the last 24 hours.'
                : `${strikes} lightning strike${strikes === 1 ? '' : 's'} within 10 miles in the last 24 hours.`}
            </Typography>
            <Box
              sx={{ overflowX: 'auto', maxHeight: 320 }}
              tabIndex={0}
              aria-label="Condition snapshots, scrollable"
            >
              <Table size="small" stickyHeader aria-label="Condition snapshots">
                <TableHead>
                  <TableRow>
                    <TableCell>Time</TableCell>
                    <TableCell>Conditions</TableCell>
                    <TableCell align="right">Temp (°F)</TableCell>
                    <TableCell align="right">Wind (mph)</TableCell>
                    <TableCell align="right">Rain 1 h (in)</TableCell>
                    <TableCell align="right">Strikes ≤ 10 mi</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((s) => (
                    <TableRow key={s.time}>
                      <TableCell>
                        {new Date(s.time).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}
                      </TableCell>
                      <TableCell>{s.weather ?? '--'}</TableCell>
                      <TableCell align="right">{s.ambientTemperature.toFixed(0)}</TableCell>
                      <TableCell align="right">
                        {`${s.windSpeed.toFixed(0)} ${s.windDirection ?? ''}`.trim()}
                      </TableCell>
                      <TableCell align="right">{s.rainLastHour.toFixed(2)}</TableCell>
                      <TableCell align="right">{s.strikesWithin10Miles}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
