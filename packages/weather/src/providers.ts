// Chooses the source of each concern by configuration: the simulator by default, a real adapter
// where one is configured. The scenario API (inject strikes, spawn storms) belongs to simulator
// mode only, which is when no real source is configured.
import { createLightningFeedSource } from './adapters/lightning-feed.ts';
import { createNhcTropicalSource } from './adapters/nhc-tropical.ts';
import { createNwsAlertSource } from './adapters/nws-alerts.ts';
import { createNwsForecastSource } from './adapters/nws-forecast.ts';
import { createNwsObservationSource } from './adapters/nws-observations.ts';
import { createOpenMeteoAirQualitySource } from './adapters/open-meteo-air-quality.ts';
import { createOpenMeteoForecastSource } from './adapters/open-meteo.ts';
import type { FetchLike } from './adapters/resilient-fetch.ts';
import { type Simulator, type SimulatorOptions, createSimulator } from './simulator/simulator.ts';
import type { ForecastSource, LatLon, WeatherLogger, WeatherProviders } from './types.ts';

export interface WeatherConfig {
  /** The simulated world (always built: it fills every concern no real source is configured for). */
  simulator: SimulatorOptions & { startTime: Date };
  /** Official alerts from api.weather.gov. */
  alerts?: { kind: 'nws'; baseUrl?: string; userAgent?: string };
  /** Point forecasts from Open-Meteo, or from NWS (api.weather.gov /points, US only). */
  forecast?: { kind: 'open-meteo'; baseUrl?: string } | { kind: 'nws'; baseUrl?: string; userAgent?: string };
  /** Station observations from NWS: the listed stations, and the nearest station of each point. */
  observations?: {
    kind: 'nws';
    stationIds?: string[];
    points?: LatLon[];
    baseUrl?: string;
    userAgent?: string;
  };
  /** Tropical cyclones from the National Hurricane Center (CurrentStorms.json and its KMZ files). */
  tropical?: { kind: 'nhc'; currentStormsUrl?: string };
  /** Air quality (PM2.5, PM10, ozone) from the Open-Meteo CAMS model. */
  airQuality?: { kind: 'open-meteo'; baseUrl?: string };
  /** A licensed network's NDJSON strike feed over WebSocket (ws/wss URL) or MQTT (mqtt/mqtts URL + topic). */
  lightning?: { kind: 'feed'; url: string; headers?: Record<string, string>; topic?: string };
  fetch?: FetchLike;
  logger?: WeatherLogger;
  /** Per-request timeout for HTTP sources, ms. */
  timeoutMs?: number;
  /** The product's clock (used by the lightning feed to prune old strikes). */
  now: () => Date;
}

export interface ConfiguredWeather {
  providers: WeatherProviders;
  /** The simulator, always present underneath. */
  simulator: Simulator;
  /** True when no real source is configured: only then may the scenario API be offered. */
  simulatorMode: boolean;
  /** Releases sockets held by real sources. */
  close(): Promise<void>;
}

/** Builds the providers from configuration: simulator for every concern without a configured real source. */
export function createWeatherProviders(config: WeatherConfig): ConfiguredWeather {
  const simulator = createSimulator(config.simulator);
  const http = { fetch: config.fetch, logger: config.logger, timeoutMs: config.timeoutMs };
  const alerts = config.alerts
    ? createNwsAlertSource({ ...http, baseUrl: config.alerts.baseUrl, userAgent: config.alerts.userAgent })
    : simulator.alerts;
  const forecast = config.forecast ? realForecast(config.forecast, http) : simulator.forecast;
  const observations = config.observations
    ? createNwsObservationSource({ ...http, ...config.observations, now: config.now })
    : simulator.observations;
  const tropical = config.tropical
    ? createNhcTropicalSource({ ...http, currentStormsUrl: config.tropical.currentStormsUrl })
    : simulator.tropical;
  const airQuality = config.airQuality
    ? createOpenMeteoAirQualitySource({ ...http, baseUrl: config.airQuality.baseUrl })
    : simulator.airQuality;
  const feed = config.lightning
    ? createLightningFeedSource({
        url: config.lightning.url,
        headers: config.lightning.headers,
        topic: config.lightning.topic,
        logger: config.logger,
        now: config.now,
      })
    : null;
  const providers: WeatherProviders = {
    strikes: feed ?? simulator.strikes,
    observations,
    metar: simulator.metar,
    forecast,
    radar: simulator.radar,
    stormCells: simulator.stormCells,
    alerts,
    airQuality,
    tropical,
    roads: simulator.roads,
    surface: simulator.surface,
    skyImages: simulator.skyImages,
  };
  return {
    providers,
    simulator,
    simulatorMode: !realSourceConfigured(config),
    async close() {
      await feed?.close();
    },
  };
}

/** Whether any concern has a real source: the scenario API must then stay off. */
function realSourceConfigured(config: WeatherConfig): boolean {
  return Boolean(
    config.alerts ??
    config.forecast ??
    config.observations ??
    config.airQuality ??
    config.tropical ??
    config.lightning,
  );
}

function realForecast(
  forecast: NonNullable<WeatherConfig['forecast']>,
  http: Pick<WeatherConfig, 'fetch' | 'logger' | 'timeoutMs'>,
): ForecastSource {
  return forecast.kind === 'nws'
    ? createNwsForecastSource({ ...http, baseUrl: forecast.baseUrl, userAgent: forecast.userAgent })
    : createOpenMeteoForecastSource({ ...http, baseUrl: forecast.baseUrl });
}
