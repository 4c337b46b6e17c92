// Polling intervals of the dashboard's queries (spec 01 §9 'Polling and caching', spec 02 §7), ms.

/**
 * Lightning delay on cards and the Lightning Status panel: every 10 s. A strike shows sooner through the lightning
 * stream, which refetches the location's delay and status at once (hooks/use-lightning-stream.ts).
 */
export const DELAY_POLL_MS = 10_000;
/** NWS alerts, policy warnings, proactive forecasts, current observations (spec 02 §7 'weather observations every 60 seconds'). */
export const ALERTS_POLL_MS = 60_000;
/** Threat forecast ('Today's Policy Risks'): 180 s. */
export const THREAT_FORECAST_POLL_MS = 180_000;
/** Hourly forecast: 15 min. */
export const HOURLY_FORECAST_POLL_MS = 15 * 60_000;
/** Daily forecast: 6 h. */
export const DAILY_FORECAST_POLL_MS = 6 * 3_600_000;
/** Conditions timeline, station data and the station image's last-modified: 5 min. */
export const FIVE_MINUTES_MS = 5 * 60_000;
