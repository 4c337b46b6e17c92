// Forecast Breakdown (spec 01 §2, §4, §9): Hourly/Daily toggle, the metric selector and its rules, 60 px columns
// on a 2160 px (hourly) or 420 px (daily) strip, desktop-only arrows, drag to scroll, a 240 px scroll step, the
// snow rule, chart precision and series colours. Hours read in the location's zone, named once above the strip.
import { useMemo, useRef, useState, type PointerEvent } from 'react';
import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import {
  DEFAULT_FORECAST_METRIC,
  DEFAULT_FORECAST_VIEW,
  FORECAST_SERIES_COLOURS,
  forecastMetrics,
  forecastPrecision,
  formatValue,
  isSnowMetricVisible,
  metricAfterViewSwitch,
  MISSING_VALUE,
  roundForecastValue,
  type ForecastMetric,
  type ForecastView,
} from '@allclear/domain';
import type { TDailyForecastItem, THourlyForecastItem } from '@allclear/contracts';
import { LazyChart, type ChartOption } from '../../../components/chart/lazy-chart.tsx';
import { StaleBadge } from '../../../components/stale/stale-badge.tsx';
import { BREAKDOWN_HOURS, useDailyForecast, useHourlyForecast } from '../api/get-forecasts.ts';
import { browserTimeZone, localHour, localWeekday, zoneName } from '../../../lib/local-time.ts';
import { Panel, PanelMessage } from './panel.tsx';
import { WeatherIcon } from './weather-icon.tsx';
import { WindArrow } from './wind-arrow.tsx';

/** Crash and failure text of the panel (spec 01 §8). */
export const FORECAST_FAILURE_TEXT =
  "Your forecast breakdown is having a breakdown. Give us a moment, and we'll be back up and running soon!";
/** Empty text (spec 01 §2). */
export const FORECAST_EMPTY_TEXT = 'No forecast data available for this location';
/** Column width, strip widths and the arrows' scroll step, px (spec 01 §2). */
export const FORECAST_COLUMN_PX = 60;
export const HOURLY_STRIP_PX = 2160;
export const DAILY_STRIP_PX = 420;
export const FORECAST_SCROLL_STEP_PX = 240;

/** Labels of the metric selector. */
export const METRIC_LABELS: Readonly<Record<ForecastMetric, string>> = {
  ambientTemperature: 'Temperature',
  high: 'High',
  low: 'Low',
  feelLike: 'Feels Like',
  precipitation: 'Precipitation',
  wbgt: 'WBGT',
  wind: 'Wind',
  snow: 'Snow',
};

/** Screen colours of the spec's series colour names (spec 01 §9). */
const COLOUR_HEX: Readonly<Record<string, string>> = {
  yellow: '#f9a825',
  grey: '#757575',
  cyan: '#00acc1',
  'light teal': '#4db6ac',
  orange: '#ef6c00',
};

/** Value of a metric in an hourly item, in its unit. */
export function hourlyMetricValue(item: THourlyForecastItem, metric: ForecastMetric): number | null {
  switch (metric) {
    case 'ambientTemperature':
    case 'high':
    case 'low':
      return item.ambientTemperature.value;
    case 'feelLike':
      return item.feelsLike.value;
    case 'precipitation':
      return item.precipitation.value;
    case 'wbgt':
      return item.wbgt.value;
    case 'wind':
      return item.windSpeed.value;
    case 'snow':
      return item.snowAccumulation.value;
  }
}

/** Value of a metric in a daily item, in its unit. */
export function dailyMetricValue(item: TDailyForecastItem, metric: ForecastMetric): number | null {
  switch (metric) {
    case 'high':
    case 'ambientTemperature':
      return item.temperatureHigh.value;
    case 'low':
      return item.temperatureLow.value;
    case 'feelLike':
      return item.feelLike.value;
    case 'precipitation':
      return item.precipitation.value;
    case 'wbgt':
      return item.wgbt.value;
    case 'wind':
      return item.windSpeed.value;
    case 'snow':
      return item.snowAccumulation.value;
  }
}

const show = (metric: ForecastMetric, value: number | null | undefined) =>
  formatValue(roundForecastValue(metric, value), forecastPrecision(metric));

interface Column {
  key: string;
  top: string;
  bottom: string;
  chance: number | null;
  code: string | null;
  codeText: string | null;
  windDirection: string | null;
  values: { metric: ForecastMetric; label: string; text: string }[];
}

function hourlyColumns(items: readonly THourlyForecastItem[], snow: boolean, timeZone: string): Column[] {
  return items.map((h) => {
    const t = h.forecastStartTime ?? h.observationTime;
    const values: Column['values'] = [
      {
        metric: 'ambientTemperature',
        label: 'Temp',
        text: show('ambientTemperature', h.ambientTemperature.value),
      },
      {
        metric: 'precipitation',
        label: 'Precip',
        text: `${show('precipitation', h.precipitation.value)} in`,
      },
      { metric: 'feelLike', label: 'Feels', text: show('feelLike', h.feelsLike.value) },
      { metric: 'wbgt', label: 'WBGT', text: show('wbgt', h.wbgt.value) },
      { metric: 'wind', label: 'Wind', text: show('wind', h.windSpeed.value) },
    ];
    if (snow && (h.snowAccumulation.value ?? 0) > 0)
      values.push({ metric: 'snow', label: 'Snow', text: `${show('snow', h.snowAccumulation.value)} in` });
    return {
      key: h.forecastStartTime,
      top: localWeekday(t, timeZone),
      bottom: localHour(t, timeZone),
      chance: h.precipitationChance.value,
      code: h.weatherCode.value,
      codeText: h.weatherCode.text,
      windDirection: h.windDirection,
      values,
    };
  });
}

function dailyColumns(items: readonly TDailyForecastItem[], snow: boolean): Column[] {
  return items.map((d) => {
    const t = dayjs(d.observationTime);
    const values: Column['values'] = [
      { metric: 'high', label: 'High', text: show('high', d.temperatureHigh.value) },
      { metric: 'low', label: 'Low', text: show('low', d.temperatureLow.value) },
      {
        metric: 'precipitation',
        label: 'Precip',
        text: `${show('precipitation', d.precipitation.value)} in`,
      },
      { metric: 'feelLike', label: 'Feels', text: show('feelLike', d.feelLike.value) },
      { metric: 'wbgt', label: 'WBGT', text: show('wbgt', d.wgbt.value) },
      { metric: 'wind', label: 'Wind', text: show('wind', d.windSpeed.value) },
    ];
    if (snow && (d.snowAccumulation.value ?? 0) > 0)
      values.push({ metric: 'snow', label: 'Snow', text: `${show('snow', d.snowAccumulation.value)} in` });
    return {
      key: d.observationTime,
      top: t.format('ddd'),
      bottom: t.format('MMM D'),
      chance: d.precipitationChance.value,
      code: d.weather_code.value,
      codeText: d.weather_code.text,
      windDirection: d.windDirection,
      values,
    };
  });
}

function chartOption(values: (number | null)[], metric: ForecastMetric, width: number): ChartOption {
  const colour = COLOUR_HEX[FORECAST_SERIES_COLOURS[metric]] ?? '#757575';
  const half = FORECAST_COLUMN_PX / 2;
  return {
    animation: false,
    grid: { left: half, right: half, top: 16, bottom: 8, width: width - FORECAST_COLUMN_PX },
    xAxis: { type: 'category', show: false, boundaryGap: false, data: values.map((_, i) => i) },
    yAxis: { type: 'value', show: false, scale: true },
    series: [
      {
        type: 'line',
        data: values,
        smooth: true,
        symbolSize: 5,
        itemStyle: { color: colour },
        lineStyle: { color: colour, width: 2 },
        label: {
          show: true,
          fontSize: 10,
          formatter: (p) => formatValue(Number(p.value), forecastPrecision(metric)),
        },
      },
    ],
  };
}

/** The Forecast Breakdown panel of a location, its hours in `timeZone` (the browser's by default). */
export function ForecastBreakdown({ locationId, timeZone }: { locationId: number; timeZone?: string }) {
  const zone = timeZone ?? browserTimeZone();
  const hourly = useHourlyForecast(locationId, BREAKDOWN_HOURS);
  const daily = useDailyForecast(locationId);
  const [view, setView] = useState<ForecastView>(DEFAULT_FORECAST_VIEW);
  const [metric, setMetric] = useState<ForecastMetric>(DEFAULT_FORECAST_METRIC);
  const desktop = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const scroller = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; left: number } | null>(null);

  const snow = isSnowMetricVisible(hourly.data ?? [], daily.data ?? []);
  const metrics = forecastMetrics(view, snow);
  const active = metrics.includes(metric) ? metric : DEFAULT_FORECAST_METRIC;
  const current = view === 'hourly' ? hourly : daily;
  const items = useMemo(
    () =>
      view === 'hourly' ? (hourly.data ?? []).slice(0, BREAKDOWN_HOURS) : (daily.data ?? []).slice(0, 7),
    [view, hourly.data, daily.data],
  );
  const columns =
    view === 'hourly'
      ? hourlyColumns(items as THourlyForecastItem[], snow, zone)
      : dailyColumns(items as TDailyForecastItem[], snow);
  const stripWidth = view === 'hourly' ? HOURLY_STRIP_PX : DAILY_STRIP_PX;
  const width = Math.min(stripWidth, columns.length * FORECAST_COLUMN_PX);
  const series = useMemo(
    () =>
      items.map((item) =>
        roundForecastValue(
          active,
          view === 'hourly'
            ? hourlyMetricValue(item as THourlyForecastItem, active)
            : dailyMetricValue(item as TDailyForecastItem, active),
        ),
      ),
    [items, active, view],
  );

  const switchView = (next: ForecastView | null) => {
    if (!next) return;
    setView(next);
    setMetric((m) => metricAfterViewSwitch(m, next));
    scroller.current?.scrollTo?.({ left: 0 });
  };
  const scrollBy = (dx: number) => scroller.current?.scrollBy?.({ left: dx, behavior: 'smooth' });
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'touch' || !scroller.current) return;
    drag.current = { x: e.clientX, left: scroller.current.scrollLeft };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current || !scroller.current) return;
    scroller.current.scrollLeft = drag.current.left - (e.clientX - drag.current.x);
  };
  const endDrag = () => {
    drag.current = null;
  };

  let body;
  if (current.isPending) {
    body = <Skeleton variant="rounded" height={260} role="progressbar" aria-label="Loading forecast" />;
  } else if (current.isError && !current.data) {
    body = <PanelMessage role="alert" title={FORECAST_FAILURE_TEXT} />;
  } else if (columns.length === 0) {
    body = <PanelMessage title={FORECAST_EMPTY_TEXT} />;
  } else {
    const first = items[0] as THourlyForecastItem | undefined;
    body = (
      <Box sx={{ display: 'grid', minWidth: 0 }}>
        {/* the hourly columns' zone, named once */}
        {view === 'hourly' && first ? (
          <Typography variant="caption" color="text.secondary" data-testid="forecast-time-zone">
            {`Time (${zoneName(first.forecastStartTime ?? first.observationTime, zone)})`}
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', alignItems: 'stretch', gap: 0.5, minWidth: 0 }}>
          {desktop ? (
            <IconButton
              aria-label="Scroll forecast left"
              onClick={() => scrollBy(-FORECAST_SCROLL_STEP_PX)}
              sx={{ alignSelf: 'center' }}
            >
              <ChevronLeft />
            </IconButton>
          ) : null}
          <Box
            ref={scroller}
            data-testid="forecast-strip"
            // a scrolling region: focusable so keyboard users scroll it with the arrow keys
            tabIndex={0}
            role="group"
            aria-label="Forecast strip"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerLeave={endDrag}
            sx={{
              overflowX: 'auto',
              flex: 1,
              minWidth: 0,
              cursor: 'grab',
              userSelect: 'none',
              scrollbarWidth: 'thin',
            }}
          >
            <Box sx={{ width }}>
              <Box
                component="ol"
                aria-label={view === 'hourly' ? 'Hourly forecast' : 'Daily forecast'}
                sx={{ display: 'flex', listStyle: 'none', m: 0, p: 0 }}
              >
                {columns.map((c) => (
                  <Box
                    component="li"
                    key={c.key}
                    aria-label={`${c.top} ${c.bottom}`}
                    sx={{
                      width: FORECAST_COLUMN_PX,
                      flexShrink: 0,
                      textAlign: 'center',
                      display: 'flex',
                      flexDirection: 'column',
                      alignItems: 'center',
                      gap: 0.25,
                    }}
                  >
                    <Typography variant="caption" sx={{ fontWeight: 600 }}>
                      {c.top}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" noWrap>
                      {c.bottom}
                    </Typography>
                    <Typography variant="caption" color="info.main" sx={{ minHeight: 18 }}>
                      {c.chance !== null && c.chance > 0 ? `${Math.round(c.chance)}%` : ''}
                    </Typography>
                    <WeatherIcon code={c.code} text={c.codeText} fontSize="small" />
                    {c.values.map((v) => (
                      <Typography
                        key={v.metric}
                        variant="caption"
                        data-metric={v.metric}
                        title={v.label}
                        noWrap
                        sx={{
                          fontWeight: v.metric === active ? 700 : 400,
                          maxWidth: FORECAST_COLUMN_PX,
                          display: 'flex',
                          alignItems: 'center',
                          gap: 0.25,
                        }}
                      >
                        {v.text}
                        {v.metric === 'wind' ? <WindArrow direction={c.windDirection} label /> : null}
                      </Typography>
                    ))}
                  </Box>
                ))}
              </Box>
              <LazyChart
                label={`${METRIC_LABELS[active]} forecast chart: ${series.map((v) => (v === null ? MISSING_VALUE : v)).join(', ')}`}
                height={110}
                width={width}
                option={chartOption(series, active, width)}
              />
            </Box>
          </Box>
          {desktop ? (
            <IconButton
              aria-label="Scroll forecast right"
              onClick={() => scrollBy(FORECAST_SCROLL_STEP_PX)}
              sx={{ alignSelf: 'center' }}
            >
              <ChevronRight />
            </IconButton>
          ) : null}
        </Box>
      </Box>
    );
  }

  return (
    <Panel
      title="Forecast Breakdown"
      label="Forecast Breakdown"
      action={
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <StaleBadge queries={[current]} timeZone={zone} />
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            onChange={(_, v: ForecastView | null) => switchView(v)}
            aria-label="Forecast view"
          >
            <ToggleButton value="hourly">Hourly</ToggleButton>
            <ToggleButton value="daily">Daily</ToggleButton>
          </ToggleButtonGroup>
        </Box>
      }
    >
      {/* the metric selector sits on the left of the strip (spec 01 §2); it stacks above it on phones */}
      <Box
        sx={{
          display: 'flex',
          gap: 1.5,
          flexDirection: { xs: 'column', md: 'row' },
          alignItems: { md: 'flex-start' },
          minWidth: 0,
        }}
      >
        <Box sx={{ flexShrink: 0, pt: { md: 1 } }}>
          <TextField
            select
            size="small"
            label="Metric"
            value={active}
            onChange={(e) => setMetric(e.target.value as ForecastMetric)}
            sx={{ minWidth: 140 }}
          >
            {metrics.map((m) => (
              <MenuItem key={m} value={m}>
                {METRIC_LABELS[m]}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>{body}</Box>
      </Box>
    </Panel>
  );
}
