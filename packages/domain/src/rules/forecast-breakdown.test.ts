import { describe, it, expect } from 'vitest';
import {
  metricAfterViewSwitch,
  forecastMetrics,
  isSnowWeatherCode,
  isSnowMetricVisible,
  forecastPrecision,
  roundForecastValue,
  FORECAST_SERIES_COLOURS,
  DEFAULT_FORECAST_METRIC,
  DEFAULT_FORECAST_VIEW,
} from './forecast-breakdown.ts';

describe('forecast breakdown (spec 01 §4, §9)', () => {
  // the panel opens on these (its test reads Hourly and Feels Like on screen) and falls back to the metric
  // whenever the chosen one is not offered: it must be offered in both views, with or without snow
  it('offers the default metric in the default view and in every view it can switch to', () => {
    for (const view of [DEFAULT_FORECAST_VIEW, 'hourly', 'daily'] as const)
      for (const snow of [false, true])
        expect(forecastMetrics(view, snow)).toContain(DEFAULT_FORECAST_METRIC);
    expect(metricAfterViewSwitch(DEFAULT_FORECAST_METRIC, 'daily')).toBe(DEFAULT_FORECAST_METRIC);
    expect(metricAfterViewSwitch(DEFAULT_FORECAST_METRIC, 'hourly')).toBe(DEFAULT_FORECAST_METRIC);
  });

  it('resets high or low to feelLike on switching to hourly, and temperature to feelLike on switching to daily', () => {
    expect(metricAfterViewSwitch('high', 'hourly')).toBe('feelLike');
    expect(metricAfterViewSwitch('low', 'hourly')).toBe('feelLike');
    expect(metricAfterViewSwitch('ambientTemperature', 'daily')).toBe('feelLike');
    expect(metricAfterViewSwitch('wbgt', 'daily')).toBe('wbgt');
    expect(metricAfterViewSwitch('high', 'daily')).toBe('high');
  });

  it('offers temperature hourly, high and low daily, and snow only when shown', () => {
    expect(forecastMetrics('hourly', false)).toEqual([
      'ambientTemperature',
      'precipitation',
      'feelLike',
      'wbgt',
      'wind',
    ]);
    expect(forecastMetrics('daily', true)).toEqual([
      'high',
      'low',
      'precipitation',
      'feelLike',
      'wbgt',
      'wind',
      'snow',
    ]);
  });

  it('treats weather codes ending in 06, 11, 16, 17, 18, 24, 25 or 26 as snow', () => {
    expect(['1006', '2011', '0016', '5017', '5018', '6024', '6025', '6026'].every(isSnowWeatherCode)).toBe(
      true,
    );
    expect(isSnowWeatherCode(2106)).toBe(true);
    expect(isSnowWeatherCode(6)).toBe(true);
    expect(['1005', '1007', '0012', '0027'].some(isSnowWeatherCode)).toBe(false);
    expect(isSnowWeatherCode(null)).toBe(false);
    expect(isSnowWeatherCode('')).toBe(false);
  });

  it('shows the Snow metric for any snow above 0 or a snow weather code, not for 0 snow alone', () => {
    expect(isSnowMetricVisible([{ snowAccumulation: { value: 0.01 } }], [])).toBe(true);
    expect(isSnowMetricVisible([], [{ snowAccumulation: { value: 0.2 } }])).toBe(true);
    expect(
      isSnowMetricVisible([], [{ weather_code: { value: '5001' } }, { weather_code: { value: '5106' } }]),
    ).toBe(true);
    expect(isSnowMetricVisible([{ snowAccumulation: { value: 0 } }, {}], [{ snowAccumulation: null }])).toBe(
      false,
    );
  });

  it('rounds WBGT to 1 decimal, precipitation and snow to 2, and others to integers', () => {
    expect(forecastPrecision('wbgt')).toBe(1);
    expect(roundForecastValue('wbgt', 81.26)).toBe(81.3);
    expect(roundForecastValue('precipitation', 0.126)).toBe(0.13);
    expect(roundForecastValue('snow', 1.004)).toBe(1);
    expect(roundForecastValue('feelLike', 88.5)).toBe(89);
    expect(roundForecastValue('wind', null)).toBeNull();
  });

  it('colours temperatures yellow, wind grey, precipitation cyan, snow light teal and WBGT orange', () => {
    expect(FORECAST_SERIES_COLOURS).toMatchObject({
      feelLike: 'yellow',
      ambientTemperature: 'yellow',
      wind: 'grey',
      precipitation: 'cyan',
      snow: 'light teal',
      wbgt: 'orange',
    });
  });
});
