// Signed-in map calls (spec 01 §7 'Map service'): lightning, storm cells, tropical forecast, NWS
// alerts, product URLs and the radar frame lists. GeoJSON answers are bare FeatureCollections.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  RADAR_TYPES,
  ZAlertsByPointQuery,
  ZClusterStrikesQuery,
  ZMapUrlQuery,
  ZRadarFramesQuery,
  ZStrikesQuery,
  ZViewportQuery,
  type TMapUrlResponse,
  type TRadarFramesResponse,
} from '@allclear/contracts';
import type { Clock } from '../../platform/clock.ts';
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

const ZOptionalViewport = ZViewportQuery.partial();

function optionalBBox(q: z.infer<typeof ZOptionalViewport>) {
  const { top, bottom, left, right } = q;
  return top !== undefined && bottom !== undefined && left !== undefined && right !== undefined
    ? viewportBBox({ top, bottom, left, right })
    : undefined;
}

/**
 * Runs `release` once the response no longer needs its body: when it finished (its bytes are
 * with the operating system) or closed early (an aborted request).
 */
function releaseWhenSent(reply: FastifyReply, release: () => void): void {
  reply.raw.once('finish', release);
  reply.raw.once('close', release);
}

export const mapRoutes: FastifyPluginAsync<MapRoutesOptions> = async (instance, opts) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { clock, strikes, layers, radar } = opts;
  const tags = ['map'];

  app.get(
    '/ClusterStrikes',
    {
      schema: {
        tags,
        summary: 'Strike clusters (Count, Age) or single strikes of the viewport',
        querystring: ZClusterStrikesQuery,
      },
    },
    async (request, reply) => {
      const body = await strikes.clusters(request.query, clock.now());
      releaseWhenSent(reply, () => strikes.release(body));
      return reply.header('cache-control', 'private, max-age=10').type(GEOJSON).send(body);
    },
  );

  app.get(
    '/Strikes',
    {
      schema: { tags, summary: 'Strikes of the last 30 minutes in the viewport', querystring: ZStrikesQuery },
    },
    async (request, reply) => {
      const body = await strikes.strikes(request.query, clock.now());
      releaseWhenSent(reply, () => strikes.release(body));
      return reply.header('cache-control', 'private, max-age=10').type(GEOJSON).send(body);
    },
  );

  app.get(
    '/StormVectors/All',
    { schema: { tags, summary: 'Storm-cell vectors (spec 01 §3)', querystring: ZOptionalViewport } },
    async (request, reply) => {
      const body = await layers.stormVectors(clock.now(), optionalBBox(request.query));
      return reply.header('cache-control', 'private, max-age=60').type(GEOJSON).send(JSON.stringify(body));
    },
  );

  app.get('/TropicalForecast', { schema: { tags, summary: 'Active tropical systems' } }, async () => ({
    data: await layers.tropical(clock.now()),
  }));

  app.post(
    '/Alerts/ByPoint',
    { schema: { tags, summary: 'NWS alerts in force containing a point', querystring: ZAlertsByPointQuery } },
    async (request, reply) => {
      const { latitude, longitude } = request.query;
      const body = await layers.alertsByPoint(latitude, longitude, clock.now());
      return reply.type(GEOJSON).send(JSON.stringify(body));
    },
  );

  app.get(
    '/Alerts',
    {
      schema: {
        tags,
        summary: 'Every NWS alert in force (NWS Alerts overlay)',
        querystring: ZOptionalViewport,
      },
    },
    async (request, reply) => {
      const body = await layers.activeAlerts(clock.now(), optionalBBox(request.query));
      return reply.header('cache-control', 'private, max-age=60').type(GEOJSON).send(JSON.stringify(body));
    },
  );

  app.get(
    '/url',
    { schema: { tags, summary: 'Where to fetch a map product', querystring: ZMapUrlQuery } },
    async (request): Promise<TMapUrlResponse> => {
      const { product } = request.query;
      // Products change at most every 5 minutes: a stable URL per 5 minutes lets the browser cache it.
      const step = 5 * 60_000;
      const time = new Date(Math.floor(clock.now().getTime() / step) * step).toISOString();
      return {
        data: { product, kind: 'geojson', url: `/map/products/${product}.geojson?time=${time}`, time },
      };
    },
  );

  for (const type of RADAR_TYPES) {
    app.get(
      `/${type}`,
      { schema: { tags, summary: `Radar frame list (${type})`, querystring: ZRadarFramesQuery } },
      async (request): Promise<TRadarFramesResponse> => ({
        data: radar.frames(type, request.query, clock.now()),
      }),
    );
  }
};
