// Signed-in map calls (spec 01 §7 'Map service'): lightning, storm cells, tropical forecast, NWS
// alerts, product URLs and the radar frame lists, each registered from its route-table entry. GeoJSON
// answers are bare FeatureCollections ('json' entries), sent as the services serialised them.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { RADAR_TYPES } from '@allclear/contracts';
import { routes } from '@allclear/contracts/routes';
import type { Clock } from '../../platform/clock.ts';
import { register } from '../../platform/route.ts';
import type { LayerService } from './layers.service.ts';
import type { RadarService } from './radar.service.ts';
import { viewportBBox, type StrikeMapService } from './strikes.service.ts';

const GEOJSON = 'application/geo+json; charset=utf-8';

export interface MapRoutesOptions {
  clock: Clock;
  strikes: StrikeMapService;
  layers: LayerService;
  radar: RadarService;
}

function optionalBBox(q: { top?: number; bottom?: number; left?: number; right?: number }) {
  const { top, bottom, left, right } = q;
  return top !== undefined && bottom !== undefined && left !== undefined && right !== undefined
    ? viewportBBox({ top, bottom, left, right })
    : undefined;
}

/**
 * Gives a pooled answer back once the response no longer needs it: when it finished (its bytes are with the
 * operating system) or closed early (an aborted request). Most answers (a dashboard's map at zoom 8) are not
 * pooled, and go without the two listeners.
 */
function releaseWhenSent(reply: FastifyReply, strikes: StrikeMapService, body: Buffer): void {
  if (!strikes.pooled(body)) return;
  const release = () => strikes.release(body);
  reply.raw.once('finish', release);
  reply.raw.once('close', release);
}

export const mapRoutes: FastifyPluginAsync<MapRoutesOptions> = async (app, opts) => {
  const { clock, strikes, layers, radar } = opts;

  register(app, routes.mapClusterStrikes, {}, async (request, reply) => {
    const body = await strikes.clusters(request.query, clock.now());
    releaseWhenSent(reply, strikes, body);
    return reply.header('cache-control', 'private, max-age=10').type(GEOJSON).send(body);
  });

  register(app, routes.mapStrikes, {}, async (request, reply) => {
    const body = await strikes.strikes(request.query, clock.now());
    releaseWhenSent(reply, strikes, body);
    return reply.header('cache-control', 'private, max-age=10').type(GEOJSON).send(body);
  });

  register(app, routes.mapStormVectors, {}, async (request, reply) => {
    const body = await layers.stormVectors(clock.now(), optionalBBox(request.query));
    return reply.header('cache-control', 'private, max-age=60').type(GEOJSON).send(JSON.stringify(body));
  });

  register(app, routes.mapTropicalForecast, {}, async () => layers.tropical(clock.now()));

  register(app, routes.mapAlertsByPoint, {}, async (request, reply) => {
    const { latitude, longitude } = request.query;
    const body = await layers.alertsByPoint(latitude, longitude, clock.now());
    return reply.type(GEOJSON).send(JSON.stringify(body));
  });

  register(app, routes.mapAlerts, {}, async (request, reply) => {
    const body = await layers.activeAlerts(clock.now(), optionalBBox(request.query));
    return reply.header('cache-control', 'private, max-age=60').type(GEOJSON).send(JSON.stringify(body));
  });

  register(app, routes.mapProductUrl, {}, async (request) => {
    const { product } = request.query;
    // Products change at most every 5 minutes: a stable URL per 5 minutes lets the browser cache it.
    const step = 5 * 60_000;
    const time = new Date(Math.floor(clock.now().getTime() / step) * step).toISOString();
    return { product, kind: 'geojson' as const, url: `/map/products/${product}.geojson?time=${time}`, time };
  });

  // one route per radar type (`/map/past`, `/map/future`...), as the table's enum param lists them
  for (const type of RADAR_TYPES) {
    register(app, routes.mapRadarFrames, { fixed: { radarType: type } }, async (request) =>
      radar.preparedFrames(type, request.query, clock.now()),
    );
  }
};
