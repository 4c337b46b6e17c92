// Export Data (report builder), simple export and historical range rules (spec 03 §2.4, §2.5, §4, §5, §9).

/** Observations of the report builder (spec 03 §3 'Observations and their metrics'). */
export const EXPORT_OBSERVATIONS = [
  'AmbientTemperature',
  'FeelsLike',
  'HeatIndex',
  'WindChill',
  'WBGT',
  'Precipitation',
  'RelativeHumidity',
  'DewPoint',
  'Evapotranspiration',
  'WindGust',
  'WindSpeed',
  'PM2_5_AQI',
  'PM10_AQI',
] as const;
export type ExportObservation = (typeof EXPORT_OBSERVATIONS)[number];

/** Each observation's name in the report builder and in the report's column headers (spec 03 §2.5, §3). */
export const OBSERVATION_LABELS: Record<ExportObservation, string> = {
  AmbientTemperature: 'Ambient Temperature',
  FeelsLike: 'Feels Like',
  HeatIndex: 'Heat Index',
  WindChill: 'Wind Chill',
  WBGT: 'WBGT',
  Precipitation: 'Precipitation',
  RelativeHumidity: 'Relative Humidity',
  DewPoint: 'Dew Point',
  Evapotranspiration: 'Evapotranspiration',
  WindGust: 'Wind Gust',
  WindSpeed: 'Wind Speed',
  PM2_5_AQI: 'PM2.5 AQI',
  PM10_AQI: 'PM10 AQI',
};
export type ExportMetric = 'max' | 'min' | 'avg' | 'sum';

/** Metrics the spec names for an observation; others are not shown (spec 03 §3). */
export const OBSERVATION_METRICS: Readonly<Partial<Record<ExportObservation, readonly ExportMetric[]>>> = {
  HeatIndex: ['avg', 'max'],
  WindChill: ['avg', 'min'],
  WBGT: ['avg', 'max'],
  Precipitation: ['sum'],
  Evapotranspiration: ['sum'],
  WindGust: ['max'],
};

/** A data interval: minutes, label and maximum date range in days (spec 03 §9). */
export interface DataInterval {
  minutes: number;
  label: string;
  maxRangeDays: number;
}
export const DATA_INTERVALS: readonly DataInterval[] = [
  { minutes: 15, label: '15 min', maxRangeDays: 14 },
  { minutes: 30, label: '30 min', maxRangeDays: 31 },
  { minutes: 60, label: '60 min', maxRangeDays: 92 },
  { minutes: 1440, label: '24 hour', maxRangeDays: 1825 },
];
/** Default interval, minutes (spec 03 §9). */
export const DEFAULT_DATA_INTERVAL_MINUTES = 1440;

/** Messages of the report builder (spec 03 §5). */
export const PRECIPITATION_LEGACY_MESSAGE =
  'Precipitation is limited to 24-hour data intervals for legacy weather stations. Newer models capture up to 15-minute intervals.';
export const INTERVAL_RANGE_HINT = 'Update your date range to use this interval.';

/** The interval with these minutes; throws for an interval the spec does not offer. */
export function dataInterval(minutes: number): DataInterval {
  const interval = DATA_INTERVALS.find((i) => i.minutes === minutes);
  if (!interval) throw new RangeError(`no data interval of ${minutes} minutes`);
  return interval;
}

/** Smallest interval an observation allows, minutes: Evapotranspiration 1440, others 15 (spec 03 §9). */
export function minimumIntervalMinutes(observation: ExportObservation): number {
  return observation === 'Evapotranspiration' ? 1440 : 15;
}

/** Tooltip of an observation disabled at this interval, else null (spec 03 §5). */
export function observationDisabledTooltip(
  observation: ExportObservation,
  intervalMinutes: number,
): string | null {
  const min = minimumIntervalMinutes(observation);
  return intervalMinutes >= min
    ? null
    : `This data is only available for a ${dataInterval(min).label} data interval.`;
}

/** Observations kept after an interval change: those the interval allows (spec 03 §4). */
export function removeIncompatibleObservations(
  selected: readonly ExportObservation[],
  intervalMinutes: number,
): ExportObservation[] {
  return selected.filter((o) => intervalMinutes >= minimumIntervalMinutes(o));
}

const DAY_MS = 86_400_000;

/** Calendar days a 'YYYY-MM-DD' range covers, both ends included (a one-day report is 1 day). */
export function rangeDaysInclusive(startDate: string, endDate: string): number {
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / DAY_MS) + 1;
}

/** True when the range fits the interval's maximum days (spec 03 §5, §9). */
export function isRangeWithinInterval(intervalMinutes: number, startDate: string, endDate: string): boolean {
  return rangeDaysInclusive(startDate, endDate) <= dataInterval(intervalMinutes).maxRangeDays;
}

/** The range-exceeded message for an interval (spec 03 §5). */
export function rangeExceededMessage(intervalMinutes: number): string {
  const { maxRangeDays, label } = dataInterval(intervalMinutes);
  return `Your selected date range exceeds the ${maxRangeDays}-day limit for the ${label} interval. Please adjust your date range to continue.`;
}

/** The hint on an interval option the current range exceeds, else null (spec 03 §5). */
export function intervalOptionHint(
  intervalMinutes: number,
  startDate: string | null,
  endDate: string | null,
): string | null {
  if (!startDate || !endDate) return null;
  return isRangeWithinInterval(intervalMinutes, startDate, endDate) ? null : INTERVAL_RANGE_HINT;
}

/** A station is legacy unless its webRelayType is 3 (spec 03 §3 'Hardware list item'). */
export function isLegacyStation(webRelayType: number | null | undefined): boolean {
  return webRelayType !== 3;
}

/** The report form as the Generate Report rule reads it; dates 'YYYY-MM-DD'. */
export interface ReportForm {
  startDate: string | null;
  endDate: string | null;
  observations: readonly ExportObservation[];
  stationIds: readonly (number | string)[];
  name: string;
  intervalMinutes: number;
  anyLegacyStationSelected: boolean;
}

/** Generate Report is enabled with an end date, an observation, a station, a name, a range within the interval limit, and no Precipitation for legacy stations below 24 hours; messages as the spec words them (spec 03 §5). */
export function generateReportState(form: ReportForm): { enabled: boolean; messages: string[] } {
  const messages: string[] = [];
  const rangeOk =
    !form.startDate ||
    !form.endDate ||
    isRangeWithinInterval(form.intervalMinutes, form.startDate, form.endDate);
  if (!rangeOk) messages.push(rangeExceededMessage(form.intervalMinutes));
  const precipitationBlocked =
    form.anyLegacyStationSelected &&
    form.intervalMinutes !== 1440 &&
    form.observations.includes('Precipitation');
  if (precipitationBlocked) messages.push(PRECIPITATION_LEGACY_MESSAGE);
  const enabled =
    !!form.endDate &&
    form.observations.length > 0 &&
    form.stationIds.length > 0 &&
    form.name.trim().length > 0 &&
    rangeOk &&
    !precipitationBlocked;
  return { enabled, messages };
}

/** Unsaved changes: observations chosen, recipients added, dates set or more than one station chosen (spec 03 §4). */
export function hasUnsavedReportChanges(form: {
  observations: readonly unknown[];
  recipients: readonly unknown[];
  startDate: string | null;
  endDate: string | null;
  stationIds: readonly unknown[];
}): boolean {
  return (
    form.observations.length > 0 ||
    form.recipients.length > 0 ||
    !!form.startDate ||
    !!form.endDate ||
    form.stationIds.length > 1
  );
}

/** Auto-generated report name: '{first station} Report {date}', '+{n} more' for further stations; date 'YYYY-MM-DD' (spec 03 §4; wording ours). */
export function generateReportName(stationNames: readonly string[], date: string): string {
  const [first, ...rest] = stationNames;
  const subject = first ? `${first}${rest.length > 0 ? ` +${rest.length} more` : ''}` : 'Weather';
  return `${subject} Report ${date}`;
}

/** The name shown: generated until the user edits it (spec 03 §4). */
export function reportName(current: string, userEdited: boolean, generated: string): string {
  return userEdited ? current : generated;
}

/** Simple export kinds and their range limits in days (spec 03 §9). */
export const SIMPLE_EXPORT_LIMIT_DAYS = { Daily: 180, Hourly: 31, ConditionSnaps: 7 } as const;
export type SimpleExportKind = keyof typeof SIMPLE_EXPORT_LIMIT_DAYS;

/** True when a simple export's 'YYYY-MM-DD' range fits its limit, both ends included (spec 03 §9). */
export function isWithinSimpleExportLimit(
  kind: SimpleExportKind,
  startDate: string,
  endDate: string,
): boolean {
  return rangeDaysInclusive(startDate, endDate) <= SIMPLE_EXPORT_LIMIT_DAYS[kind];
}

/** Historical custom-range limits, days (spec 03 §9). */
export const HISTORICAL_CUSTOM_MAX_DAYS = 90;
export const EVAPOTRANSPIRATION_CUSTOM_MAX_DAYS = 14;
export const HISTORICAL_RANGE_TOO_LONG =
  'Custom Range must be at most 90 days. Try exporting data if longer date range is needed.';
export const EVAPOTRANSPIRATION_RANGE_TOO_LONG = 'Custom Range must be 14 days or less.';
/** Ordering messages are ours; the spec states the rule only. */
export const CUSTOM_RANGE_ORDER_MESSAGE = 'Start must be before end.';
export const CUSTOM_RANGE_FUTURE_MESSAGE = 'End must be before now.';

/** Custom range check, times epoch ms: start before end, end before now, at most 90 days (14 for evapotranspiration); the message or null (spec 03 §5). */
export function customRangeError(range: {
  start: number;
  end: number;
  now: number;
  evapotranspiration: boolean;
}): string | null {
  if (range.start >= range.end) return CUSTOM_RANGE_ORDER_MESSAGE;
  if (range.end >= range.now) return CUSTOM_RANGE_FUTURE_MESSAGE;
  const maxDays = range.evapotranspiration ? EVAPOTRANSPIRATION_CUSTOM_MAX_DAYS : HISTORICAL_CUSTOM_MAX_DAYS;
  if (range.end - range.start > maxDays * DAY_MS)
    return range.evapotranspiration ? EVAPOTRANSPIRATION_RANGE_TOO_LONG : HISTORICAL_RANGE_TOO_LONG;
  return null;
}

export const ET_EMPTY_MESSAGE = 'Error getting ET data. Unable to generate graph.';
export const ET_INSUFFICIENT_MESSAGE = 'Insufficient data. Unable to generate graph.';

/** The evapotranspiration graph's message: empty, too few points (under 2 for 3 days, under 5 for 7 days), or null (spec 03 §5). */
export function evapotranspirationGraphMessage(
  pointCount: number,
  tab: '3-day' | '7-day' | 'custom',
): string | null {
  if (pointCount === 0) return ET_EMPTY_MESSAGE;
  const minimum = tab === '3-day' ? 2 : tab === '7-day' ? 5 : 1;
  return pointCount < minimum ? ET_INSUFFICIENT_MESSAGE : null;
}
