// The station page's texts: the spec's own (spec 03 §2.4, §5, §8) and ours where it gives none.
export const NO_ACCESS = 'You do not have access to view this page';
export const HISTORICAL_DATA = 'Historical Data';
export const RANGE_TABS = [
  { value: 'Day', label: 'Hourly' },
  { value: 'Week', label: '7 Days' },
  { value: 'Month', label: '30 Days' },
  { value: 'Custom', label: 'Custom' },
] as const;
export const ET_TABS = [
  { value: '3', label: '3 Days' },
  { value: '7', label: '7 Days' },
  { value: 'custom', label: 'Custom' },
] as const;
export const EVAPOTRANSPIRATION = 'Evapotranspiration';
export const EXPORT_HISTORICAL_REPORT = 'Export Historical Report';
export const EXPORT_DATA = 'Export Data';
export const BACK = 'Back';
export const POWERED_BY = 'Powered by AllClear';
// ours
export const HISTORY_FAILED = 'Unable to load historical data.';
export const NO_DATA = 'No data for this range.';
export const CURRENT_CONDITIONS = 'Current Conditions';
export const SNAPSHOTS_TITLE = 'Lightning & Condition Snapshots';
export const CHOOSE_RANGE = 'Choose a start and an end.';
