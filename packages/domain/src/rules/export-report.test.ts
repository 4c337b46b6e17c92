import { describe, it, expect } from 'vitest';
import {
  DATA_INTERVALS,
  DEFAULT_DATA_INTERVAL_MINUTES,
  EXPORT_OBSERVATIONS,
  dataInterval,
  minimumIntervalMinutes,
  observationDisabledTooltip,
  removeIncompatibleObservations,
  rangeDaysInclusive,
  rangeExceededMessage,
  intervalOptionHint,
  isLegacyStation,
  generateReportState,
  hasUnsavedReportChanges,
  generateReportName,
  reportName,
  isWithinSimpleExportLimit,
  customRangeError,
  evapotranspirationGraphMessage,
  PRECIPITATION_LEGACY_MESSAGE,
  type ReportForm,
} from './export-report.ts';

const DAY = 86_400_000;
const form: ReportForm = {
  startDate: '2026-01-01',
  endDate: '2026-01-14',
  observations: ['AmbientTemperature'],
  stationIds: [1],
  name: 'Report',
  intervalMinutes: 15,
  anyLegacyStationSelected: false,
};

describe('export report (spec 03 §4, §5, §9)', () => {
  it('offers intervals 15, 30, 60 and 1440 minutes with their labels and day limits', () => {
    expect(DATA_INTERVALS.map((i) => [i.minutes, i.label, i.maxRangeDays])).toEqual([
      [15, '15 min', 14],
      [30, '30 min', 31],
      [60, '60 min', 92],
      [1440, '24 hour', 1825],
    ]);
    expect(() => dataInterval(45)).toThrow(RangeError);
  });

  it('starts on the offered 24 hour interval, which allows every observation', () => {
    expect(dataInterval(DEFAULT_DATA_INTERVAL_MINUTES).label).toBe('24 hour');
    expect(removeIncompatibleObservations(EXPORT_OBSERVATIONS, DEFAULT_DATA_INTERVAL_MINUTES)).toEqual(
      EXPORT_OBSERVATIONS,
    );
    expect(
      EXPORT_OBSERVATIONS.map((o) => observationDisabledTooltip(o, DEFAULT_DATA_INTERVAL_MINUTES)),
    ).toEqual(EXPORT_OBSERVATIONS.map(() => null));
  });

  it('needs the 24 hour interval for Evapotranspiration and 15 min for the rest', () => {
    expect(minimumIntervalMinutes('Evapotranspiration')).toBe(1440);
    expect(minimumIntervalMinutes('WBGT')).toBe(15);
    expect(observationDisabledTooltip('Evapotranspiration', 60)).toBe(
      'This data is only available for a 24 hour data interval.',
    );
    expect(observationDisabledTooltip('Evapotranspiration', 1440)).toBeNull();
  });

  it('removes observations the new interval does not allow', () => {
    expect(removeIncompatibleObservations(['WBGT', 'Evapotranspiration'], 60)).toEqual(['WBGT']);
    expect(removeIncompatibleObservations(['WBGT', 'Evapotranspiration'], 1440)).toEqual([
      'WBGT',
      'Evapotranspiration',
    ]);
  });

  it('counts both ends of a range and allows exactly the interval limit', () => {
    expect(rangeDaysInclusive('2026-01-01', '2026-01-01')).toBe(1);
    expect(generateReportState(form)).toEqual({ enabled: true, messages: [] });
    expect(generateReportState({ ...form, endDate: '2026-01-15' })).toEqual({
      enabled: false,
      messages: [
        'Your selected date range exceeds the 14-day limit for the 15 min interval. Please adjust your date range to continue.',
      ],
    });
    expect(rangeExceededMessage(1440)).toContain('1825-day limit for the 24 hour interval');
    expect(intervalOptionHint(15, '2026-01-01', '2026-01-15')).toBe(
      'Update your date range to use this interval.',
    );
    expect(intervalOptionHint(30, '2026-01-01', '2026-01-15')).toBeNull();
    expect(intervalOptionHint(30, null, '2026-01-15')).toBeNull();
  });

  it('needs an end date, an observation, a station and a non-blank name', () => {
    expect(generateReportState({ ...form, endDate: null, startDate: null }).enabled).toBe(false);
    expect(generateReportState({ ...form, observations: [] }).enabled).toBe(false);
    expect(generateReportState({ ...form, stationIds: [] }).enabled).toBe(false);
    expect(generateReportState({ ...form, name: '  ' }).enabled).toBe(false);
  });

  it('blocks Precipitation for legacy stations below the 24 hour interval with the spec message', () => {
    expect(isLegacyStation(3)).toBe(false);
    expect(isLegacyStation(1)).toBe(true);
    const precip = { ...form, observations: ['Precipitation'] as const, anyLegacyStationSelected: true };
    expect(generateReportState({ ...precip, observations: [...precip.observations] })).toEqual({
      enabled: false,
      messages: [PRECIPITATION_LEGACY_MESSAGE],
    });
    expect(
      generateReportState({ ...precip, observations: ['Precipitation'], intervalMinutes: 1440 }).enabled,
    ).toBe(true);
  });

  it('has unsaved changes with observations, recipients, dates or more than one station', () => {
    const clean = { observations: [], recipients: [], startDate: null, endDate: null, stationIds: [1] };
    expect(hasUnsavedReportChanges(clean)).toBe(false);
    expect(hasUnsavedReportChanges({ ...clean, stationIds: [1, 2] })).toBe(true);
    expect(hasUnsavedReportChanges({ ...clean, recipients: [9] })).toBe(true);
    expect(hasUnsavedReportChanges({ ...clean, endDate: '2026-01-01' })).toBe(true);
    expect(hasUnsavedReportChanges({ ...clean, observations: ['WBGT'] })).toBe(true);
  });

  it('generates the report name until the user edits it', () => {
    expect(generateReportName(['North', 'South', 'East'], '2026-01-02')).toBe(
      'North +2 more Report 2026-01-02',
    );
    expect(generateReportName(['North'], '2026-01-02')).toBe('North Report 2026-01-02');
    expect(generateReportName([], '2026-01-02')).toBe('Weather Report 2026-01-02');
    expect(reportName('Mine', true, 'Generated')).toBe('Mine');
    expect(reportName('Mine', false, 'Generated')).toBe('Generated');
  });

  it('limits simple exports to Daily 180, Hourly 31 and ConditionSnaps 7 days', () => {
    expect(isWithinSimpleExportLimit('ConditionSnaps', '2026-01-01', '2026-01-07')).toBe(true);
    expect(isWithinSimpleExportLimit('ConditionSnaps', '2026-01-01', '2026-01-08')).toBe(false);
    expect(isWithinSimpleExportLimit('Hourly', '2026-01-01', '2026-01-31')).toBe(true);
    expect(isWithinSimpleExportLimit('Daily', '2026-01-01', '2026-06-29')).toBe(true);
    expect(isWithinSimpleExportLimit('Daily', '2026-01-01', '2026-06-30')).toBe(false);
  });

  it('allows a historical custom range of up to 90 days, 14 for evapotranspiration, ordered and in the past', () => {
    const now = Date.UTC(2026, 5, 1);
    const end = now - DAY;
    expect(customRangeError({ start: end - 90 * DAY, end, now, evapotranspiration: false })).toBeNull();
    expect(customRangeError({ start: end - 90 * DAY - 1, end, now, evapotranspiration: false })).toBe(
      'Custom Range must be at most 90 days. Try exporting data if longer date range is needed.',
    );
    expect(customRangeError({ start: end - 14 * DAY, end, now, evapotranspiration: true })).toBeNull();
    expect(customRangeError({ start: end - 14 * DAY - 1, end, now, evapotranspiration: true })).toBe(
      'Custom Range must be 14 days or less.',
    );
    expect(customRangeError({ start: end, end, now, evapotranspiration: false })).toBe(
      'Start must be before end.',
    );
    expect(customRangeError({ start: end, end: now, now, evapotranspiration: false })).toBe(
      'End must be before now.',
    );
  });

  it('reports too few ET points under 2 for 3 days and under 5 for 7 days', () => {
    expect(evapotranspirationGraphMessage(0, '3-day')).toBe(
      'Error getting ET data. Unable to generate graph.',
    );
    expect(evapotranspirationGraphMessage(1, '3-day')).toBe('Insufficient data. Unable to generate graph.');
    expect(evapotranspirationGraphMessage(2, '3-day')).toBeNull();
    expect(evapotranspirationGraphMessage(4, '7-day')).toBe('Insufficient data. Unable to generate graph.');
    expect(evapotranspirationGraphMessage(5, '7-day')).toBeNull();
    expect(evapotranspirationGraphMessage(1, 'custom')).toBeNull();
  });
});
