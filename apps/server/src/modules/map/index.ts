// The map service at /map (spec 01 §7 'Map service'): signed-in data calls, and public images,
// tiles and styles that MapLibre fetches without our bearer header. See README.md for every URL.
import type { FastifyPluginAsync } from 'fastify';
// app.authenticate and app.authenticateHook are declared with the auth plugin
import type {} from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { BaseMap } from './basemap.ts';
import { ImageCache } from './image-cache.ts';
import { LayerService } from './layers.service.ts';
import type { MapConfig } from './map-config.ts';
import { mapRoutes } from './map.routes.ts';
import { publicMapRoutes } from './public.routes.ts';
import { RadarService } from './radar.service.ts';
import { StrikeMapService } from './strikes.service.ts';

export interface MapModuleOptions extends Pick<AppDeps, 'config' | 'clock' | 'weather'> {
  /** Map configuration; the map section of `config` when absent. */
  map?: MapConfig;
  /** HTTP client for the proxied radar source (tests pass a fake). */
  fetch?: typeof fetch;
}

/** The /map service; register with `app.register(mapModule, { prefix: '/map', ...deps })`. */
export const mapModule: FastifyPluginAsync<MapModuleOptions> = async (app, opts) => {
  const config = opts.map ?? opts.config.map;
  const { clock, weather } = opts;
  const cache = new ImageCache(config.imageCacheBytes);
  const radar = new RadarService({ weather, clock, config, cache, fetch: opts.fetch, log: app.log });
  const layers = new LayerService(weather.providers);
  const strikes = new StrikeMapService(weather.providers.strikes);
  const baseMap = new BaseMap();

  await app.register(publicMapRoutes, {
    clock,
    config,
    radar,
    radarSource: weather.providers.radar,
    baseMap,
    layers,
    cache,
  });
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', signedIn.authenticateHook);
    // Alerts/ByPoint is a POST whose inputs are in the query: clients often send it with a JSON
    // content type and no body, which is not an error here.
    signedIn.removeContentTypeParser('application/json');
    signedIn.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = String(body).trim();
      if (text === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(
          badRequest('The request body is not valid JSON.', {
            Body: ['The request body is not valid JSON.'],
          }),
        );
      }
    });
    await signedIn.register(mapRoutes, { clock, strikes, layers, radar });
  });
};

export default mapModule;
export type { MapConfig } from './map-config.ts';
