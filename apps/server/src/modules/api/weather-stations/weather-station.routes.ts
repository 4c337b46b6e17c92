// GET Hardware/WeatherStation/{id} (hardware id), Hardware/WeatherStation/Data/{id}, WeatherStation/{id},
// Hardware/WeatherStation/Image/{id}, Hardware/WeatherStation/Image/LastModified/{id} (station ids; spec 01 §7).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZSignedUrlQuery,
  ZIdParam,
  ZStation,
  ZStationData,
  ZStationImageLastModified,
  envelope,
  errorResponses,
} from '@allclear/contracts';
import type { AppDeps } from '../../../app.ts';
import { principalOf } from '../scope.ts';
import { WeatherStationService } from './weather-station.service.ts';

export const weatherStationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock, weather }) => {
  const service = new WeatherStationService(db.db, clock, weather);
  const tags = ['weather stations'];
  const station = { 200: envelope(ZStation), ...errorResponses };

  app.get(
    '/Hardware/WeatherStation/:id',
    { schema: { tags, params: ZIdParam, response: station } },
    async (request) => ({
      data: await service.byHardware(principalOf(request), request.params.id),
    }),
  );
  app.get(
    '/WeatherStation/:id',
    { schema: { tags, params: ZIdParam, response: station } },
    async (request) => ({
      data: await service.byId(principalOf(request), request.params.id),
    }),
  );
  app.get(
    '/Hardware/WeatherStation/Data/:id',
    { schema: { tags, params: ZIdParam, response: { 200: envelope(ZStationData), ...errorResponses } } },
    async (request) => ({ data: await service.data(principalOf(request), request.params.id) }),
  );
  app.get(
    '/Hardware/WeatherStation/Image/LastModified/:id',
    {
      schema: {
        tags,
        params: ZIdParam,
        response: { 200: envelope(ZStationImageLastModified), ...errorResponses },
      },
    },
    async (request) => {
      const at = await service.imageLastModified(principalOf(request), request.params.id);
      return { data: { lastModified: at ? at.toISOString() : null } };
    },
  );
  app.get(
    '/Hardware/WeatherStation/Image/:id',
    {
      schema: { tags, params: ZIdParam, querystring: ZSignedUrlQuery },
      // an <img> sends no bearer: a signed URL from the station data is accepted instead (api/index.ts)
      config: { signedUrl: true },
    },
    async (request, reply) => {
      const image = await service.image(request.principal ?? null, request.params.id);
      const etag = `"${image.stationId}-${image.observedAt.getTime()}"`;
      reply
        .header('content-type', image.contentType)
        .header('last-modified', image.observedAt.toUTCString())
        .header('etag', etag)
        .header('cache-control', 'private, max-age=60');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.send(Buffer.from(image.bytes));
    },
  );
};
