// Conditions timeline (spec 01 §2, §5; spec 02 §2.2): WBGT / Wind Speed (mph) / Temperature (F) remembered locally
// (default WBGT), the last 3 hours on the dashboard with 'View All', gaps filled at 15-minute steps, and a
// 'Forecast Max' badge when the forecast maximum exceeds the observed maximum at a later hour. Times read in the
// location's zone, named once: the axis title 'Time (CDT)' and the readings table's time column.
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { useTheme, type Theme } from '@mui/material/styles';
import { fillTimelineGaps, formatValue, MISSING_VALUE, type TimelinePoint } from '@allclear/domain';
import type { THourlyForecastItem, TObservationHistoryPoint } from '@allclear/contracts';
import { LazyChart, type ChartOption } from '../../../components/chart/lazy-chart.tsx';
import {
  paletteColour,
  policyColouring,
  type ComparedPolicy,
  type PolicyColouring,
} from '../../../lib/policy-colour.ts';
import { BREAKDOWN_HOURS, useHourlyForecast } from '../api/get-forecasts.ts';
import { useObservation } from '../api/get-observation.ts';
import { DASHBOARD_TIMELINE_HOURS, useObservationHistory } from '../api/get-observation-history.ts';
import { useLocationPolicies } from '../api/location-policies.ts';
import { browserTimeZone, localClock, localDayKey, localHour, zoneName } from '../../../lib/local-time.ts';
import { historicalPath } from './current-conditions.tsx';
import { Panel, PanelMessage } from './panel.tsx';

/** Failure and crash text of the timeline (spec 01 §8). */
export const TIMELINE_FAILURE_TEXT = 'There was an error while trying to load the conditions timeline';
/** localStorage key of the chosen measure. */
export const TIMELINE_METRIC_STORAGE_KEY = 'allclear.dashboard.timelineMetric';

export type TimelineMetric = 'WBGT' | 'Wind Speed (mph)' | 'Temperature (F)';
/** The dropdown's options, default first (spec 01 §2). */
export const TIMELINE_METRICS: readonly TimelineMetric[] = ['WBGT', 'Wind Speed (mph)', 'Temperature (F)'];

const HOUR_MS = 3_600_000;

const DECIMALS: Record<TimelineMetric, number> = { WBGT: 1, 'Wind Speed (mph)': 0, 'Temperature (F)': 0 };

/** The line's colour without a policy, and under coloured points. */
const LINE_COLOUR = '#ef6c00';

/**
 * The policy type each measure is compared with, and the measure's unit (spec 01 §5): none for the ambient
 * temperature, which no policy watches (the heat-index and wind-chill policies watch feels-like values).
 */
export const TIMELINE_POLICY: Record<TimelineMetric, { type: string; unit: string } | null> = {
  WBGT: { type: 'WBGT', unit: '°F' },
  'Wind Speed (mph)': { type: 'WIND', unit: 'mph' },
  'Temperature (F)': null,
};

/** What the chart draws of a policy: each point's colour, the threshold line and the axis bound that shows it. */
export interface TimelinePolicyMarks {
  /** Series data: points against the policy carry their colour (spec 01 §5 'Policy comparison'). */
  data: ([number, number | null] | { value: [number, number]; itemStyle: { color: string } })[];
  /** The policy line at the threshold, in the breached colour (error; primary for a descending policy). */
  thresholdLine: {
    yAxis: number;
    lineStyle: { color: string; type: 'dashed'; width: number };
    label: { formatter: string; position: 'insideStartTop' | 'insideStartBottom'; color: string };
  } | null;
  /** The axis end that brings the threshold into view when every value is on its safe side; null when in view. */
  bound: { max: number } | { min: number } | null;
}

/** Each point's colouring against the policy; null where a value or the policy is missing. */
export function pointColourings(
  points: readonly TimelinePoint[],
  policy: ComparedPolicy | null | undefined,
  unit: string,
): (PolicyColouring | null)[] {
  return points.map((p) => policyColouring(p.value, policy, unit));
}

/** The chart's policy marks for points in `unit` (colours resolved in `theme`); plain points without a policy. */
export function timelinePolicyMarks(
  points: readonly TimelinePoint[],
  policy: ComparedPolicy | null | undefined,
  unit: string,
  theme: Theme,
): TimelinePolicyMarks {
  const colourings = pointColourings(points, policy, unit);
  const data = points.map((p, i) => {
    const text = colourings[i]?.text;
    return text && p.value !== null
      ? { value: [p.time, p.value] as [number, number], itemStyle: { color: paletteColour(theme, text) } }
      : ([p.time, p.value] as [number, number | null]);
  });
  // the threshold itself is breached: its colouring is the policy's breach colour
  const atThreshold = policy ? policyColouring(policy.threshold, policy, unit) : null;
  const colour = atThreshold?.text ? paletteColour(theme, atThreshold.text) : null;
  const thresholdLine =
    policy && colour
      ? {
          yAxis: policy.threshold,
          lineStyle: { color: colour, type: 'dashed' as const, width: 1.5 },
          label: {
            formatter: `Policy ${policy.isDesc ? '≤' : '≥'} ${policy.threshold}`,
            // on the safe side of the line, inside the plot
            position: policy.isDesc ? ('insideStartTop' as const) : ('insideStartBottom' as const),
            color: colour,
          },
        }
      : null;
  const values = points.flatMap((p) => (p.value === null ? [] : [p.value]));
  let bound: TimelinePolicyMarks['bound'] = null;
  if (thresholdLine && policy) {
    if (policy.isDesc && !(values.length > 0 && Math.min(...values) <= policy.threshold))
      bound = { min: policy.threshold };
    if (!policy.isDesc && !(values.length > 0 && Math.max(...values) >= policy.threshold))
      bound = { max: policy.threshold };
  }
  return { data, thresholdLine, bound };
}

function observed(point: TObservationHistoryPoint, metric: TimelineMetric): number | null {
  if (metric === 'WBGT') return point.maxWetBulbGlobalTemp;
  if (metric === 'Wind Speed (mph)') return point.maxWindSpeed;
  return point.avgAmbientTemperature;
}

function forecast(item: THourlyForecastItem, metric: TimelineMetric): number | null {
  if (metric === 'WBGT') return item.wbgt.value;
  if (metric === 'Wind Speed (mph)') return item.windSpeed.value;
  return item.ambientTemperature.value;
}

function readStoredMetric(): TimelineMetric {
  try {
    const stored = localStorage.getItem(TIMELINE_METRIC_STORAGE_KEY);
    return (TIMELINE_METRICS as readonly string[]).includes(stored ?? '')
      ? (stored as TimelineMetric)
      : 'WBGT';
  } catch {
    return 'WBGT';
  }
}

/**
 * The forecast maximum of the rest of the observed day, when it exceeds the observed maximum and falls at a later
 * hour than it (spec 01 §2 'Forecast Max'); null otherwise.
 */
export function forecastMaxBadge(
  points: readonly TimelinePoint[],
  hours: readonly { time: number; value: number | null }[],
  timeZone: string = browserTimeZone(),
): { value: number; time: number } | null {
  let obs: TimelinePoint | null = null;
  for (const p of points) if (p.value !== null && (obs === null || p.value > obs.value!)) obs = p;
  if (!obs || obs.value === null) return null;
  const last = points[points.length - 1]!.time;
  // the observed day is the location's day
  const day = localDayKey(last, timeZone);
  let max: { value: number; time: number } | null = null;
  for (const h of hours)
    if (
      h.value !== null &&
      h.time > last &&
      localDayKey(h.time, timeZone) === day &&
      (max === null || h.value > max.value)
    )
      max = { value: h.value, time: h.time };
  if (!max) return null;
  const laterHour = dayjs(max.time).startOf('hour').valueOf() > dayjs(obs.time).startOf('hour').valueOf();
  return max.value > obs.value && laterHour ? max : null;
}

/** The conditions timeline of a location whose station type is above 0, its times in `timeZone` (the browser's by default). */
export function ConditionsTimeline({ locationId, timeZone }: { locationId: number; timeZone?: string }) {
  const zone = timeZone ?? browserTimeZone();
  const [metric, setMetric] = useState<TimelineMetric>(readStoredMetric);
  const history = useObservationHistory(locationId, DASHBOARD_TIMELINE_HOURS);
  const hourly = useHourlyForecast(locationId, BREAKDOWN_HOURS);
  const station = useObservation(locationId).data?.weatherStation ?? null;
  const policies = useLocationPolicies(locationId);
  const theme = useTheme();
  const watched = TIMELINE_POLICY[metric];
  const policy = watched ? policies.get(watched.type) : undefined;

  const points = useMemo(
    () =>
      fillTimelineGaps(
        (history.data ?? []).map((p) => ({ time: Date.parse(p.date), value: observed(p, metric) })),
      ),
    [history.data, metric],
  );
  const badge = useMemo(
    () =>
      points.length === 0
        ? null
        : forecastMaxBadge(
            points,
            (hourly.data ?? []).map((h) => ({
              time: Date.parse(h.forecastStartTime),
              value: forecast(h, metric),
            })),
            zone,
          ),
    [points, hourly.data, metric, zone],
  );

  const marks = useMemo(
    () => timelinePolicyMarks(points, policy, watched?.unit ?? '', theme),
    [points, policy, watched, theme],
  );
  const colourings = useMemo(
    () => pointColourings(points, policy, watched?.unit ?? ''),
    [points, policy, watched],
  );

  const choose = (next: TimelineMetric) => {
    setMetric(next);
    try {
      localStorage.setItem(TIMELINE_METRIC_STORAGE_KEY, next);
    } catch {
      // storage may be unavailable (private mode); the choice lasts for this view
    }
  };

  // The axis spans exactly the dashboard's window, ending at the latest reading, with hourly labels ('2 PM'): the
  // time axis left to itself spread sparse data over days and crowded its labels into a narrow card.
  const end = points.length > 0 ? points[points.length - 1]!.time : null;
  // the zone is named once, in the axis title ('Time (CDT)'), not on every tick
  const axisTitle = end === null ? 'Time' : `Time (${zoneName(end, zone)})`;
  const option: ChartOption = {
    animation: false,
    grid: { left: 40, right: 16, top: 16, bottom: 48 },
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: 'time',
      name: axisTitle,
      nameLocation: 'middle',
      nameGap: 32,
      ...(end === null ? {} : { min: end - DASHBOARD_TIMELINE_HOURS * HOUR_MS, max: end }),
      minInterval: HOUR_MS,
      splitNumber: DASHBOARD_TIMELINE_HOURS,
      axisLabel: {
        hideOverlap: true,
        // clear of the lowest value label, which sits on the axis line in the same corner
        margin: 12,
        formatter: (value: number) => localHour(value, zone),
      },
    },
    yAxis: {
      type: 'value',
      scale: true,
      // the policy line stays in view even while every value is far on the safe side; the axis label at that
      // uneven end would crowd the one below it, and the line's own label names the value
      ...(marks.bound ?? {}),
      ...(marks.bound
        ? { axisLabel: 'max' in marks.bound ? { showMaxLabel: false } : { showMinLabel: false } }
        : {}),
    },
    series: [
      {
        type: 'line',
        // points against a policy show in its colours (spec 01 §5 'Policy comparison')
        data: marks.data,
        connectNulls: false,
        showSymbol: marks.thresholdLine !== null,
        symbolSize: 5,
        itemStyle: { color: LINE_COLOUR },
        ...(badge || marks.thresholdLine
          ? {
              markLine: {
                symbol: 'none',
                data: [
                  ...(badge
                    ? [
                        {
                          yAxis: badge.value,
                          // inside the plot, above the line: at the line's end it ran past the chart's right edge
                          label: { formatter: 'Forecast Max', position: 'insideEndTop' as const },
                        },
                      ]
                    : []),
                  ...(marks.thresholdLine ? [marks.thresholdLine] : []),
                ],
              },
            }
          : {}),
      },
    ],
  };

  let body;
  if (history.isPending)
    body = (
      <Skeleton variant="rounded" height={180} role="progressbar" aria-label="Loading conditions timeline" />
    );
  else if (history.isError && !history.data)
    body = <PanelMessage role="alert" title={TIMELINE_FAILURE_TEXT} />;
  else
    body = (
      // positioned, so the hidden readings table is placed (and clipped) inside the card: placed against the page
      // it stretched the document 1060 px past a 1440 px screen
      <Box sx={{ position: 'relative', minWidth: 0 }}>
        <LazyChart
          label={`${metric} over the last ${DASHBOARD_TIMELINE_HOURS} hours`}
          height={180}
          option={option}
        />
        <Box sx={visuallyHidden}>
          <table aria-label={`${metric} readings`}>
            <thead>
              <tr>
                <th scope="col">{axisTitle}</th>
                <th scope="col">{metric}</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p, i) => (
                <tr key={p.time}>
                  <td>{localClock(p.time, zone)}</td>
                  <td data-breach={colourings[i]?.state}>
                    {p.value === null ? MISSING_VALUE : formatValue(p.value, DECIMALS[metric])}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Box>
      </Box>
    );

  return (
    <Panel
      title="Conditions Timeline"
      label="Conditions Timeline"
      action={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          {badge ? (
            <Chip
              size="small"
              label="Forecast Max"
              // the dark shade under white text (6.3:1), as the warning chips of Today's Policy Risks
              sx={{ bgcolor: 'warning.dark', color: 'common.white' }}
              title={`${formatValue(badge.value, DECIMALS[metric])} at ${localHour(badge.time, zone)} ${zoneName(badge.time, zone)}`}
            />
          ) : null}
          <TextField
            select
            size="small"
            label="Measure"
            value={metric}
            onChange={(e) => choose(e.target.value as TimelineMetric)}
            sx={{ minWidth: 170 }}
          >
            {TIMELINE_METRICS.map((m) => (
              <MenuItem key={m} value={m}>
                {m}
              </MenuItem>
            ))}
          </TextField>
          {station ? (
            <Link component={RouterLink} to={historicalPath(station.id, station.imageUrl)}>
              View All
            </Link>
          ) : null}
        </Box>
      }
    >
      {body}
    </Panel>
  );
}

const visuallyHidden = {
  position: 'absolute',
  top: 0,
  left: 0,
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
