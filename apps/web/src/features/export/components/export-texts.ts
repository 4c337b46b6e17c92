// The export texts: the spec's own (spec 03 §2.4, §2.5, §8) and ours where it gives none.
export const EXPORT_DATA = 'Export Data';
export const EXPORT_HISTORICAL_REPORT = 'Export Historical Report';
export const EXPORT_SUBTITLE = 'Customize and export the data you need';
export const ERROR_REQUESTING_DATA = 'Error requesting data.';
export const DISCARD_CHANGES = 'Discard Changes';
export const KEEP_EDITING = 'Keep Editing';
export const GENERATE_REPORT = 'Generate Report';
export const GOT_IT = 'Got it!';
export const VIEW_MORE = 'View more';
export const COLLAPSE = 'Collapse';
export const NEW_REPORT = 'New Report';
export const REPORT_TEMPLATES = 'Report Templates';
export const SELECT_ALL = 'Select All';
// ours
export const DOWNLOAD = 'Download';
export const CANCEL = 'Cancel';
