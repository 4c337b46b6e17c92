// The station page's chart options (spec 03 §2.4): Temperature (low/avg/high per day, or one temperature per hour),
// Wind Speed and Gust (mph), Precipitation (in: the day's total, or the hour's highest 1-hour rain). Pure, so they are
// tested without drawing; the page draws them with <LazyChart>.
import type { TEvapotranspirationRow, TStationHistory } from '@allclear/contracts';
import type { ChartOption } from '../../../components/chart/lazy-chart.tsx';

const COLOURS = {
  low: '#1e88e5',
  avg: '#43a047',
  high: '#e53935',
  speed: '#1e88e5',
  gust: '#fb8c00',
  rain: '#3949ab',
  et: '#00897b',
};

/** The x-axis labels: 'Jul 9' for local days, the browser's 'HH:mm' for hours. */
export function axisLabels(history: TStationHistory): string[] {
  return history.rows.map((r) =>
    history.interval === 'Daily'
      ? new Date(`${r.date}T12:00:00Z`).toLocaleDateString('en-US', {
          month: 'short',
          day: 'numeric',
          timeZone: 'UTC',
        })
      : new Date(r.date).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }),
  );
}

function base(labels: string[], unit: string): ChartOption {
  return {
    animation: false,
    grid: { left: 48, right: 16, top: 28, bottom: 28 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v) => (v === null || v === undefined ? '--' : `${String(v)} ${unit}`),
    },
    xAxis: { type: 'category', data: labels, boundaryGap: false },
    yAxis: { type: 'value', name: unit, scale: true },
  } as ChartOption;
}

const line = (name: string, data: (number | null)[], color: string, area = false) => ({
  type: 'line' as const,
  name,
  data,
  color,
  showSymbol: data.length <= 31,
  connectNulls: false,
  ...(area ? { areaStyle: { opacity: 0.25 } } : {}),
});

export function temperatureOption(history: TStationHistory): ChartOption {
  const labels = axisLabels(history);
  const series =
    history.interval === 'Daily'
      ? [
          line(
            'Low',
            history.rows.map((r) => r.minAmbientTemperature),
            COLOURS.low,
          ),
          line(
            'Average',
            history.rows.map((r) => r.avgAmbientTemperature),
            COLOURS.avg,
          ),
          line(
            'High',
            history.rows.map((r) => r.maxAmbientTemperature),
            COLOURS.high,
          ),
        ]
      : [
          line(
            'Temperature',
            history.rows.map((r) => r.avgAmbientTemperature),
            COLOURS.avg,
          ),
        ];
  return { ...base(labels, '°F'), series } as ChartOption;
}

export function windOption(history: TStationHistory): ChartOption {
  return {
    ...base(axisLabels(history), 'mph'),
    series: [
      line(
        'Wind Speed',
        history.rows.map((r) => r.maxWindSpeed),
        COLOURS.speed,
      ),
      line(
        'Wind Gust',
        history.rows.map((r) => r.maxWindGust),
        COLOURS.gust,
      ),
    ],
  } as ChartOption;
}

export function precipitationOption(history: TStationHistory): ChartOption {
  const daily = history.interval === 'Daily';
  return {
    ...base(axisLabels(history), 'in'),
    yAxis: { type: 'value', name: 'in', min: 0 },
    series: [
      line(
        daily ? 'Rain Total' : 'Max Rain 1 Hr',
        history.rows.map((r) => (daily ? r.rainTotal : r.maxRain1Hr)),
        COLOURS.rain,
        true,
      ),
    ],
  } as ChartOption;
}

export function evapotranspirationOption(rows: readonly TEvapotranspirationRow[]): ChartOption {
  const labels = rows.map((r) =>
    new Date(`${r.date}T12:00:00Z`).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    }),
  );
  return {
    ...base(labels, 'in'),
    yAxis: { type: 'value', name: 'in', min: 0 },
    series: [
      line(
        'Evapotranspiration',
        rows.map((r) => Math.round(r.value * 100) / 100),
        COLOURS.et,
        true,
      ),
    ],
  } as ChartOption;
}
