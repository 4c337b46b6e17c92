// Polling intervals of the dashboard's queries (spec 01 §9 'Polling and caching', spec 02 §7), ms.

/** Lightning delay on cards and the panel: every 10 s. */
export const DELAY_POLL_MS = 10_000;
/** While a zone is in delay the panel polls faster, so a new strike shows within 2 s (issue 6 'Beyond the spec'). */
export const DELAY_ACTIVE_POLL_MS = 2_000;
/**
 * The selected location's Lightning Status panel: every second, so a new strike shows within 2 s of the engine
 * seeing it (issue 6 'Beyond the spec'; there is no push channel yet). One indexed read per open dashboard.
 */
export const SELECTED_LIGHTNING_POLL_MS = 1_000;
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
