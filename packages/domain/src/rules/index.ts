// Rules of the spec (issue 3), one module per concept: pure functions, time and units as parameters.
// This room owns the product rules (zones, delays, breach, forms, permissions, texts); the weather formulas
// (heat index, wind chill, WBGT, distances, unit conversions) live in ../science and are passed in, not imported.
export * from './air-quality-gauge.ts';
export * from './alert-times.ts';
export * from './compass.ts';
export * from './drills.ts';
export * from './elapsed-time.ts';
export * from './export-report.ts';
export * from './forecast-breakdown.ts';
export * from './hardware.ts';
export * from './heat-stress.ts';
export * from './lightning-delay.ts';
export * from './local-time.ts';
export * from './location-defaults.ts';
export * from './location-flags.ts';
export * from './map-menus.ts';
export * from './map-overlays.ts';
export * from './mass-notify.ts';
export * from './notification-settings.ts';
export * from './number-format.ts';
export * from './pa-message.ts';
export * from './password.ts';
export * from './policy-breach.ts';
export * from './policy-form.ts';
export * from './policy-lock.ts';
export * from './radar-playback.ts';
export * from './severe-locations.ts';
export * from './strike-age.ts';
export * from './timeline-gaps.ts';
export * from './toast.ts';
export * from './user-directory.ts';
export * from './user-form.ts';
export * from './user-permissions.ts';
export * from './widget-form.ts';
export * from './zones.ts';
export * from './zones-in-force.ts';
