// Public map resources (no token: MapLibre fetches them itself, and they hold no customer data):
// radar frame images (WMS and XYZ tiles), base-map vector tiles, styles, simulated satellite
// tiles and product GeoJSON ('raw' entries of the route table). Each answer carries Cache-Control and an ETag.
import type { FastifyPluginAsync } from 'fastify';
import { RADAR_TYPES, ZMapStyleName, ZMapUrlProduct } from '@allclear/contracts';
import { routes } from '@allclear/contracts/routes';
import type { RadarSource } from '@allclear/weather';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { register } from '../../platform/route.ts';
import type { BaseMap } from './basemap.ts';
import { etagOf, type ImageCache } from './image-cache.ts';
import { requestOrigin, sendImage, tileIndex } from './http.ts';
import type { LayerService } from './layers.service.ts';
import { withApiKey, type MapConfig } from './map-config.ts';
import { parseMercatorBBox } from './mercator.ts';
import type { RadarService } from './radar.service.ts';
import { latestFrameMs } from './radar.service.ts';
import { renderSatelliteTile } from './satellite.ts';
import { buildStyle } from './styles.ts';

export interface PublicRoutesOptions {
  clock: Clock;
  config: MapConfig;
  radar: RadarService;
  radarSource: RadarSource;
  baseMap: BaseMap;
  layers: LayerService;
  cache: ImageCache;
}

const MAX_TILE_ZOOM = 14;

/** z/x/y of a tile path (y may end in the extension); 404 outside the pyramid. */
function tileOf(params: { z: string; x: string; y: string }, extension: string, maxZoom: number) {
  const z = tileIndex(params.z, '');
  const x = tileIndex(params.x, '');
  const y = tileIndex(params.y, extension);
  if (z === null || x === null || y === null || z > maxZoom || x >= 2 ** z || y >= 2 ** z)
    throw notFound('Tile');
  return { z, x, y };
}

export const publicMapRoutes: FastifyPluginAsync<PublicRoutesOptions> = async (app, opts) => {
  const { clock, config, radar, radarSource, baseMap, layers, cache } = opts;

  // one WMS and one tile route per radar type (`/map/past/WMS`...), as the table's enum param lists them
  for (const type of RADAR_TYPES) {
    register(app, routes.mapRadarWms, { fixed: { radarType: type } }, async (request, reply) => {
      const box = parseMercatorBBox(request.query.bbox);
      if (!box)
        throw badRequest('The bbox is not valid.', {
          Bbox: ['Expected minx,miny,maxx,maxy in EPSG:3857 metres.'],
        });
      const time = request.query.time ? new Date(request.query.time) : undefined;
      return sendImage(
        request,
        reply,
        await radar.wms(type, box, request.query.width, request.query.height, time),
      );
    });
    register(app, routes.mapRadarTile, { fixed: { radarType: type } }, async (request, reply) => {
      const { z: zoom, x, y } = tileOf(request.params, '.png', MAX_TILE_ZOOM);
      const time = request.query.time ? new Date(request.query.time) : undefined;
      return sendImage(request, reply, await radar.tile(type, zoom, x, y, time));
    });
  }

  register(app, routes.mapBasemapTile, {}, async (request, reply) => {
    const { z: zoom, x, y } = tileOf(request.params, '.pbf', 14);
    const tile = await baseMap.tile(zoom, x, y);
    return sendImage(request, reply, { ...tile, cacheControl: 'public, max-age=86400' });
  });

  register(app, routes.mapSatelliteTile, {}, async (request, reply) => {
    const { z: zoom, x, y } = tileOf(request.params, '.png', 10);
    const step = 5 * 60_000;
    const latest = latestFrameMs(clock.now());
    const requested = request.query.time ? new Date(request.query.time).getTime() : latest;
    const frameMs = Math.min(latest, Math.floor(requested / step) * step);
    const key = `satellite|${frameMs}|${zoom}/${x}/${y}`;
    let image = cache.get(key);
    if (!image) {
      const body = await renderSatelliteTile(radarSource, zoom, x, y, new Date(frameMs));
      image = { body, etag: etagOf(body), contentType: 'image/png' };
      cache.set(key, image);
    }
    const cacheControl = frameMs < latest ? 'public, max-age=31536000, immutable' : 'public, max-age=300';
    return sendImage(request, reply, { ...image, cacheControl });
  });

  register(app, routes.mapStyle, {}, async (request, reply) => {
    const parsed = ZMapStyleName.safeParse(request.params.name.replace(/\.json$/i, '').toLowerCase());
    if (!parsed.success) throw notFound('Style');
    const name = parsed.data;
    const satelliteTilesUrl = config.satelliteTilesUrl
      ? withApiKey(config.satelliteTilesUrl, config.mapApiKey)
      : undefined;
    // A configured style provider replaces the offline dark and light styles (and satellite without imagery).
    if (config.mapStyleUrl && !(name === 'satellite' && satelliteTilesUrl)) {
      const target = withApiKey(config.mapStyleUrl.replaceAll('{style}', name), config.mapApiKey);
      return reply.header('cache-control', 'public, max-age=300').redirect(target, 302);
    }
    const style = JSON.stringify(buildStyle(name, { origin: requestOrigin(request), satelliteTilesUrl }));
    return sendImage(request, reply, {
      body: Buffer.from(style),
      etag: etagOf(style),
      contentType: 'application/json; charset=utf-8',
      cacheControl: 'public, max-age=300',
    });
  });

  register(app, routes.mapProduct, {}, async (request, reply) => {
    const parsed = ZMapUrlProduct.safeParse(request.params.file.replace(/\.geojson$/i, ''));
    if (!parsed.success) throw notFound('Product');
    const at = request.query.time ? new Date(request.query.time) : clock.now();
    const body = JSON.stringify(await layers.product(parsed.data, at));
    return sendImage(request, reply, {
      body: Buffer.from(body),
      etag: etagOf(body),
      contentType: 'application/geo+json; charset=utf-8',
      cacheControl: 'public, max-age=60',
    });
  });
};
