// Heat Stress card and 'Heat Stress Details' modal (spec 02 §2.4, §4 'Heat stress', §9): '{level} Risk' chip, the
// adjusted value (with 'Actual' when modifiers apply), work/rest bar; the modal's selects, readout toggle, risk
// bar, cycles list, 3-day chart, adjustments and the 'Understanding Heat Stress' text. The chart's days and hours
// are the location's, its zone named once in the axis title ('Time (CDT)').
import type { TRiskLevel, TWorkRestProfile } from '@allclear/contracts';
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { adjustedHeatValue, formatTemperature } from '@allclear/domain';
import { LazyChart, type ChartOption } from '../../../components/chart/lazy-chart.tsx';
import { StaleBadge } from '../../../components/stale/stale-badge.tsx';
import { useHourlyForecast } from '../../dashboard/api/get-forecasts.ts';
import { useObservation } from '../../dashboard/api/get-observation.ts';
import {
  addDays,
  browserTimeZone,
  dayKeyWeekday,
  localDayKey,
  localHour,
  zoneName,
} from '../../../lib/local-time.ts';
import { useRiskProfile } from '../api/get-risk-profile.ts';
import { useWorkRestProfile } from '../api/get-work-rest.ts';
import { useHeatStressSelection, type HeatStressSelection } from '../hooks/use-heat-stress-selection.ts';
import {
  heatStressReadings,
  observedHeatValue,
  UNDERSTANDING_HEAT_STRESS,
  workRestAt,
  workRestText,
  type HeatObservation,
} from './heat-stress-readings.ts';
import { readableTextOn } from '../../../lib/readable-text.ts';

/** Hours of forecast of the modal's chart: 71, shown as 3 tabs of 24 hours (spec 02 §9). */
export const HEAT_FORECAST_HOURS = 71;

function unitOf(metric: TWorkRestProfile['primaryMetric']): string {
  return metric === 'WBGT' ? '°F WBGT' : '°F';
}

function RiskBar({ levels, value }: { levels: readonly TRiskLevel[]; value: number }) {
  const sorted = [...levels].sort((a, b) => a.max - b.max);
  const bounded = sorted.filter((l) => l.max < Number.MAX_SAFE_INTEGER / 2);
  const lo = (bounded[0]?.max ?? value) - 10;
  const hi = (bounded[bounded.length - 1]?.max ?? value) + 5;
  const at = Math.min(1, Math.max(0, (value - lo) / (hi - lo)));
  const segments = sorted.map((l, i) => {
    const from = i === 0 ? lo : Math.min(hi, sorted[i - 1]!.max);
    return { level: l, width: Math.max(0, (Math.min(hi, l.max) - from) / (hi - lo)) };
  });
  return (
    <Box aria-label="Risk level" role="img" sx={{ position: 'relative', pt: 1.5 }}>
      <Box sx={{ display: 'flex', height: 12, borderRadius: 1, overflow: 'hidden' }}>
        {segments.map(({ level, width }) => (
          <Box key={level.id} title={level.name} sx={{ width: `${width * 100}%`, bgcolor: level.color }} />
        ))}
      </Box>
      <Box
        data-testid="risk-marker"
        sx={{ position: 'absolute', top: 0, left: `calc(${at * 100}% - 6px)`, fontSize: 12, lineHeight: 1 }}
      >
        ▼
      </Box>
    </Box>
  );
}

/** The tabs of the local days from `today` (a local day key). */
function dayTabs(today: string): string[] {
  return ['Today', 'Tomorrow', dayKeyWeekday(addDays(today, 2))];
}

function HeatChart({
  locationId,
  profile,
  modifierIds,
  levels,
  timeZone,
}: {
  locationId: number;
  profile: TWorkRestProfile;
  modifierIds: number[];
  levels: readonly TRiskLevel[];
  timeZone: string;
}) {
  const hourly = useHourlyForecast(locationId, HEAT_FORECAST_HOURS);
  const [tab, setTab] = useState(0);
  const [now] = useState(() => Date.now());
  // the location's days: 'Today' is today where the location is
  const today = localDayKey(now, timeZone);
  const day = addDays(today, tab);
  const hours = (hourly.data ?? []).filter((h) => localDayKey(h.forecastStartTime, timeZone) === day);
  const points = hours.map((h) => {
    const v = observedHeatValue(profile.primaryMetric, {
      wgbt: h.wbgt,
      ambientTemperature: h.ambientTemperature,
      feelLike: h.feelsLike,
    });
    return [
      localHour(h.forecastStartTime, timeZone),
      v === null ? null : adjustedHeatValue(v, profile.modifiers, modifierIds),
    ] as const;
  });
  const option: ChartOption = {
    animation: false,
    grid: { left: 36, right: 12, top: 12, bottom: 48 },
    tooltip: { trigger: 'axis' },
    // x ticks every 3rd hour, y ticks every 5 °F (spec 02 §9); the zone named once, in the axis title
    xAxis: {
      type: 'category',
      data: points.map((p) => p[0]),
      axisLabel: { interval: 2 },
      name: `Time (${zoneName(hours[0]?.forecastStartTime ?? now, timeZone)})`,
      nameLocation: 'middle',
      nameGap: 32,
    },
    yAxis: { type: 'value', scale: true, interval: 5 },
    series: [
      {
        type: 'line',
        data: points.map((p) => p[1]),
        showSymbol: false,
        itemStyle: { color: '#ef6c00' },
        markLine: profile.useRiskProfile
          ? {
              symbol: 'none',
              data: levels
                .filter((l) => l.max < Number.MAX_SAFE_INTEGER / 2)
                .map((l) => ({ yAxis: l.max, lineStyle: { color: l.color } })),
            }
          : undefined,
      },
    ],
  };
  return (
    <Box>
      <Tabs value={tab} onChange={(_, v: number) => setTab(v)} aria-label="Forecast day">
        {dayTabs(today).map((label) => (
          <Tab key={label} label={label} />
        ))}
      </Tabs>
      {hourly.isPending ? (
        <Skeleton variant="rounded" height={200} />
      ) : points.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          No forecast data available for this location
        </Typography>
      ) : (
        <LazyChart
          label={`${profile.primaryMetric} forecast for ${dayTabs(today)[tab]}`}
          height={200}
          option={option}
        />
      )}
    </Box>
  );
}

/** The 'Heat Stress Details' modal. */
export function HeatStressDetails({
  open,
  onClose,
  locationId,
  profile,
  levels,
  observed,
  selection,
  onSelect,
  timeZone = browserTimeZone(),
}: {
  open: boolean;
  onClose: () => void;
  locationId: number;
  profile: TWorkRestProfile;
  levels: readonly TRiskLevel[];
  observed: number;
  selection: { intensityId: number; modifierIds: number[] };
  onSelect: (next: HeatStressSelection) => void;
  /** The location's zone (the browser's by default). */
  timeZone?: string;
}) {
  const [unit, setUnit] = useState<'minutes' | 'percent'>('minutes');
  const r = heatStressReadings(profile, levels, observed, selection.modifierIds, selection.intensityId);
  const metricUnit = unitOf(profile.primaryMetric);
  const chosen = profile.modifiers.filter((m) => selection.modifierIds.includes(m.id));
  const total = chosen.reduce((s, m) => s + m.adjustment, 0);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="heat-details-title"
      scroll="paper"
    >
      <DialogTitle id="heat-details-title" sx={{ pr: 6 }}>
        Heat Stress Details
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2.5 }}>
        <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
          <Box>
            <Typography
              variant="caption"
              color="text.secondary"
            >{`Actual ${profile.primaryMetric}`}</Typography>
            <Typography
              variant="h5"
              data-testid="heat-actual"
            >{`${formatTemperature(observed)} ${metricUnit}`}</Typography>
          </Box>
          <Box>
            <Typography
              variant="caption"
              color="text.secondary"
            >{`Adjusted ${profile.primaryMetric}`}</Typography>
            <Typography
              variant="h5"
              data-testid="heat-adjusted"
            >{`${formatTemperature(r.adjusted)} ${metricUnit}`}</Typography>
          </Box>
          {r.level ? (
            <Box>
              <Typography variant="caption" color="text.secondary">
                Risk
              </Typography>
              <Box>
                <Chip
                  label={`${r.level.name} Risk`}
                  sx={{ bgcolor: r.level.color, color: readableTextOn(r.level.color), fontWeight: 600 }}
                />
              </Box>
            </Box>
          ) : null}
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <FormControl size="small" sx={{ minWidth: 260, flex: 1 }}>
            <InputLabel id="heat-ppe-label">Clothing / PPE</InputLabel>
            <Select
              labelId="heat-ppe-label"
              label="Clothing / PPE"
              multiple
              value={selection.modifierIds}
              onChange={(e) =>
                onSelect({ ...selection, modifierIds: (e.target.value as number[]).map(Number) })
              }
              renderValue={(ids) =>
                profile.modifiers
                  .filter((m) => ids.includes(m.id))
                  .map((m) => m.name)
                  .join(', ')
              }
            >
              {profile.modifiers.map((m) => (
                <MenuItem key={m.id} value={m.id}>
                  <Checkbox checked={selection.modifierIds.includes(m.id)} size="small" />
                  <ListItemText primary={m.name} secondary={`+${formatTemperature(m.adjustment)} °F`} />
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl size="small" sx={{ minWidth: 200 }}>
            <InputLabel id="heat-intensity-label">Intensity</InputLabel>
            <Select
              labelId="heat-intensity-label"
              label="Intensity"
              value={selection.intensityId}
              onChange={(e) => onSelect({ ...selection, intensityId: Number(e.target.value) })}
            >
              {profile.intensities.map((i) => (
                <MenuItem key={i.id} value={i.id}>
                  {i.name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Box sx={{ flex: 1, minWidth: 220 }}>
            <Typography variant="caption" color="text.secondary">
              Work/Rest
            </Typography>
            <Typography variant="h6" data-testid="heat-work-rest">
              {workRestText(profile, r.workRest, unit)}
            </Typography>
          </Box>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={unit}
            onChange={(_, v: 'minutes' | 'percent' | null) => v && setUnit(v)}
            aria-label="Work/rest unit"
          >
            <ToggleButton value="minutes">Minutes</ToggleButton>
            <ToggleButton value="percent">Percent</ToggleButton>
          </ToggleButtonGroup>
        </Box>
        {profile.useRiskProfile && levels.length > 0 ? (
          <Box>
            <RiskBar levels={levels} value={r.adjusted} />
            {r.level ? (
              <Typography variant="body2" sx={{ mt: 1 }}>
                {r.level.description}
              </Typography>
            ) : null}
          </Box>
        ) : null}
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            Work/Rest Cycles
          </Typography>
          <List dense aria-label="Work/Rest Cycles">
            {profile.intensities.map((i) => (
              <ListItemButton
                key={i.id}
                selected={i.id === selection.intensityId}
                onClick={() => onSelect({ ...selection, intensityId: i.id })}
              >
                <ListItemText
                  primary={i.name}
                  secondary={workRestText(profile, workRestAt(profile, i.id, r.adjusted), unit)}
                />
              </ListItemButton>
            ))}
          </List>
        </Box>
        <HeatChart
          locationId={locationId}
          profile={profile}
          modifierIds={selection.modifierIds}
          levels={levels}
          timeZone={timeZone}
        />
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            Adjustments
          </Typography>
          {chosen.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No adjustments applied
            </Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {chosen.map((m) => (
                <li key={m.id}>
                  <Typography variant="body2">{`${m.name}: +${formatTemperature(m.adjustment)} °F`}</Typography>
                </li>
              ))}
              <li>
                <Typography
                  variant="body2"
                  sx={{ fontWeight: 600 }}
                >{`Total: +${formatTemperature(total)} °F`}</Typography>
              </li>
            </Box>
          )}
        </Box>
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            Understanding Heat Stress
          </Typography>
          <Typography variant="body2">{UNDERSTANDING_HEAT_STRESS[profile.primaryMetric]}</Typography>
        </Box>
      </DialogContent>
    </Dialog>
  );
}

/** The Heat Stress card of a location with an organisation location and a work/rest profile. */
export function HeatStressCard({
  locationId,
  organizationLocationId,
  timeZone,
}: {
  locationId: number;
  organizationLocationId: number;
  /** The location's zone (the browser's by default). */
  timeZone?: string;
}) {
  const profileQuery = useWorkRestProfile(organizationLocationId);
  const profile = profileQuery.data ?? null;
  const risk = useRiskProfile(profile?.useRiskProfile ? profile.riskProfileId : null);
  const observationQuery = useObservation(locationId);
  const observation = observationQuery.data?.data as HeatObservation | null | undefined;
  const [selection, setSelection] = useHeatStressSelection(locationId, profile?.id ?? 0);
  const [open, setOpen] = useState(false);
  const levels = useMemo(() => risk.data?.riskLevels ?? [], [risk.data]);

  let body;
  if (profileQuery.isPending)
    body = <Skeleton variant="rounded" height={120} role="progressbar" aria-label="Loading heat stress" />;
  else if (!profile)
    body = <Typography color="text.secondary">No data is available for this location.</Typography>;
  else {
    const observed = observedHeatValue(profile.primaryMetric, observation);
    const intensityId = profile.intensities.some((i) => i.id === selection.intensityId)
      ? selection.intensityId!
      : (profile.intensities[0]?.id ?? 0);
    const modifierIds = selection.modifierIds.filter((id) => profile.modifiers.some((m) => m.id === id));
    if (observed === null)
      body = <Typography color="text.secondary">No data is available for this location.</Typography>;
    else {
      const r = heatStressReadings(profile, levels, observed, modifierIds, intensityId);
      const adjusted = r.adjusted !== observed;
      body = (
        <>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="h4" component="p" data-testid="heat-card-value">
              {formatTemperature(r.adjusted)}
            </Typography>
            <Typography color="text.secondary">{unitOf(profile.primaryMetric)}</Typography>
            {adjusted ? (
              <Typography
                variant="body2"
                color="text.secondary"
              >{`Actual ${formatTemperature(observed)}`}</Typography>
            ) : null}
          </Box>
          <Box>
            <Typography variant="body2">{workRestText(profile, r.workRest, 'minutes')}</Typography>
            <LinearProgress
              variant="determinate"
              value={r.workRest?.workPercent ?? 0}
              aria-label="Work share of each hour"
              sx={{ height: 8, borderRadius: 4, mt: 0.5 }}
            />
          </Box>
          <Button size="small" onClick={() => setOpen(true)} sx={{ alignSelf: 'start' }}>
            View Details
          </Button>
          <HeatStressDetails
            open={open}
            onClose={() => setOpen(false)}
            locationId={locationId}
            profile={profile}
            levels={levels}
            observed={observed}
            selection={{ intensityId, modifierIds }}
            onSelect={setSelection}
            timeZone={timeZone}
          />
        </>
      );
    }
  }

  const level = (() => {
    if (!profile || !observation) return null;
    const observed = observedHeatValue(profile.primaryMetric, observation);
    if (observed === null) return null;
    const modifierIds = selection.modifierIds.filter((id) => profile.modifiers.some((m) => m.id === id));
    return (
      heatStressReadings(profile, levels, observed, modifierIds, profile.intensities[0]?.id ?? 0).level ??
      null
    );
  })();

  return (
    <Card component="section" aria-label="Heat Stress" variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            Heat Stress
          </Typography>
          <StaleBadge queries={[profileQuery, risk, observationQuery]} timeZone={timeZone} />
          {level ? (
            <Chip
              size="small"
              label={`${level.name} Risk`}
              sx={{ bgcolor: level.color, color: readableTextOn(level.color), fontWeight: 600 }}
            />
          ) : null}
        </Box>
        {body}
      </CardContent>
    </Card>
  );
}
