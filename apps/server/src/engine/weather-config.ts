// Which real weather sources to use, from the weather section of the configuration (platform/config.ts;
// its variables are in the README's configuration table). Unset, every concern is the simulator; any
// real source set turns simulator mode (and with it the scenario API) off.
import type { LatLon, WeatherConfig } from '@allclear/weather';
import type { WeatherSettings } from '../platform/config.ts';

/** The real sources part of WeatherConfig (the simulator, clock and logger are added by the caller). */
export type WeatherSources = Pick<
  WeatherConfig,
  'alerts' | 'forecast' | 'observations' | 'airQuality' | 'tropical' | 'lightning' | 'timeoutMs'
>;

/**
 * The sources of the weather section; `points` (the customers' locations) get their nearest NWS station
 * when OBSERVATIONS_SOURCE=nws.
 */
export function weatherSources(w: WeatherSettings, points: LatLon[] = []): WeatherSources {
  const userAgent = w.nwsUserAgent;
  return {
    timeoutMs: w.timeoutMs,
    ...(w.alertsSource === 'nws' && { alerts: { kind: 'nws', userAgent } }),
    ...(w.forecastSource === 'nws' && { forecast: { kind: 'nws', userAgent } }),
    ...(w.forecastSource === 'open-meteo' && { forecast: { kind: 'open-meteo' } }),
    ...(w.observationsSource === 'nws' && {
      observations: { kind: 'nws', stationIds: w.nwsStations, points, userAgent },
    }),
    ...(w.airQualitySource === 'open-meteo' && { airQuality: { kind: 'open-meteo' } }),
    ...(w.tropicalSource === 'nhc' && { tropical: { kind: 'nhc' } }),
    ...(w.lightningFeedUrl && {
      lightning: { kind: 'feed', url: w.lightningFeedUrl, topic: w.lightningFeedTopic },
    }),
  };
}
