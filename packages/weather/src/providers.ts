// Chooses the source of each concern by configuration: the simulator by default, a real adapter
// where one is configured. The scenario API (inject strikes, spawn storms) belongs to simulator
// mode only, which is when no real source is configured.
import { createLightningFeedSource } from './adapters/lightning-feed.ts';
import { createNwsAlertSource } from './adapters/nws-alerts.ts';
import { createOpenMeteoAirQualitySource } from './adapters/open-meteo-air-quality.ts';
import { createOpenMeteoForecastSource } from './adapters/open-meteo.ts';
import type { FetchLike } from './adapters/resilient-fetch.ts';
import { type Simulator, type SimulatorOptions, createSimulator } from './simulator/simulator.ts';
import type { WeatherLogger, WeatherProviders } from './types.ts';

export interface WeatherConfig {
  /** The simulated world (always built: it fills every concern no real source is configured for). */
  simulator: SimulatorOptions & { startTime: Date };
  /** Official alerts from api.weather.gov. */
  alerts?: { kind: 'nws'; baseUrl?: string; userAgent?: string };
  /** Point forecasts from Open-Meteo. */
  forecast?: { kind: 'open-meteo'; baseUrl?: string };
  /** Air quality (PM2.5, PM10, ozone) from the Open-Meteo CAMS model. */
  airQuality?: { kind: 'open-meteo'; baseUrl?: string };
  /** A licensed network's NDJSON-over-WebSocket strike feed. */
  lightning?: { kind: 'feed'; url: string; headers?: Record<string, string> };
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
  const forecast = config.forecast
    ? createOpenMeteoForecastSource({ ...http, baseUrl: config.forecast.baseUrl })
    : simulator.forecast;
  const airQuality = config.airQuality
    ? createOpenMeteoAirQualitySource({ ...http, baseUrl: config.airQuality.baseUrl })
    : simulator.airQuality;
  const feed = config.lightning
    ? createLightningFeedSource({
        url: config.lightning.url,
        headers: config.lightning.headers,
        logger: config.logger,
        now: config.now,
      })
    : null;
  const providers: WeatherProviders = {
    strikes: feed ?? simulator.strikes,
    observations: simulator.observations,
    metar: simulator.metar,
    forecast,
    radar: simulator.radar,
    stormCells: simulator.stormCells,
    alerts,
    airQuality,
    tropical: simulator.tropical,
    roads: simulator.roads,
    surface: simulator.surface,
    skyImages: simulator.skyImages,
  };
  return {
    providers,
    simulator,
    simulatorMode: !config.alerts && !config.forecast && !config.airQuality && !config.lightning,
    async close() {
      await feed?.close();
    },
  };
}
