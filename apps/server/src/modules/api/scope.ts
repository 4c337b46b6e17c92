// TODO: removed once the route modules still importing principalOf from here (advisories, air quality, forecasts,
// heat stress, lightning, notifications, observations, organisation locations, proactive forecasts, sim, sites,
// threats, weather stations) import it from modules/shared/principal.ts. Who may do what is decided by the
// domain's entity policies through modules/shared/authorize.ts; the role helpers that were here are gone.
export { principalOf } from '../shared/principal.ts';
