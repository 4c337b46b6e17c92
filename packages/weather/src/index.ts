// @allclear/weather: provider interfaces, the seeded weather simulator (the default source), and
// adapters for real public sources. The engine and the API see weather only through WeatherProviders.
export * from './types.ts';
export { createSimulator, radarFrameTimes, stationMeasures } from './simulator/simulator.ts';
export { mulberry32 } from './simulator/prng.ts';
// the fair-weather climate alone (no storms): what a station's years of history are backfilled from (issue 17)
export { baseWeather, type BaseWeather } from './simulator/climate.ts';
export type {
  FocusPoint,
  Simulator,
  SpawnedStorm,
  InjectStrikeInput,
  SimulatorOptions,
  SpawnStormInput,
} from './simulator/simulator.ts';
export { parseMetar } from './adapters/metar.ts';
export {
  createNwsAlertSource,
  parseNwsAlerts,
  parseNwsPointZones,
  alertAppliesToPoint,
  alertInForce,
  classifyNwsEvent,
  NWS_SOURCE,
} from './adapters/nws-alerts.ts';
export type { NwsAlertSourceOptions, ParsedNwsAlerts } from './adapters/nws-alerts.ts';
export {
  createOpenMeteoForecastSource,
  parseOpenMeteoForecast,
  weatherCodeForWmo,
  OPEN_METEO_SOURCE,
} from './adapters/open-meteo.ts';
export type { OpenMeteoForecast, OpenMeteoOptions } from './adapters/open-meteo.ts';
export {
  createResilientFetch,
  MalformedResponseError,
  SourceUnavailableError,
} from './adapters/resilient-fetch.ts';
export type { FetchLike, Fetched, ResilientFetchOptions } from './adapters/resilient-fetch.ts';
export {
  createLightningFeedSource,
  parseLightningLine,
  LIGHTNING_FEED_SOURCE,
} from './adapters/lightning-feed.ts';
export type { LightningFeed, LightningFeedOptions } from './adapters/lightning-feed.ts';
export { iemRadarWmsUrl, iemFrameTime, RADAR_IMAGE_MAX_PX } from './adapters/iem-radar.ts';
export { decodeN0qPng, n0qIndexToDbz } from './adapters/iem-radar.ts';
export type { ReflectivityImage } from './adapters/iem-radar.ts';
export { weatherCodeForNwsIcon } from './adapters/nws-common.ts';
export type { NwsHttpOptions } from './adapters/nws-common.ts';
export {
  createNwsForecastSource,
  parseNwsForecast,
  nwsHourlyItems,
  nwsDailyItems,
  NWS_FORECAST_SOURCE,
} from './adapters/nws-forecast.ts';
export type { NwsForecastDocument, NwsForecastPeriod } from './adapters/nws-forecast.ts';
export {
  createNwsObservationSource,
  parseNwsObservation,
  parseNwsStation,
  NWS_OBSERVATIONS_SOURCE,
} from './adapters/nws-observations.ts';
export type { NwsObservationOptions, NwsObservationSource } from './adapters/nws-observations.ts';
export {
  createNhcTropicalSource,
  parseNhcCurrentStorms,
  parseNhcConeKmz,
  parseNhcTrackKmz,
  tropicalCategoryForKt,
  NHC_SOURCE,
} from './adapters/nhc-tropical.ts';
export type { NhcStormSummary, NhcTropicalOptions } from './adapters/nhc-tropical.ts';
export { DEFAULT_LIGHTNING_TOPIC } from './adapters/lightning-feed-mqtt.ts';
export type { MercatorBox } from './adapters/iem-radar.ts';
export { createWeatherProviders } from './providers.ts';
export type { ConfiguredWeather, WeatherConfig } from './providers.ts';
export { WEATHER_CODE_TEXT, weatherCodeText, isSnowWeatherCode, weatherCodeFor } from './weather-codes.ts';
export type { WeatherCodeInputs } from './weather-codes.ts';
