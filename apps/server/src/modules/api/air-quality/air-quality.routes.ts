// GET AirQuality, AirQuality/Location/{id}, AirQuality/Categories (spec 01 §7 'Public address, settings,
// hardware, support, communication'; spec 03 §2.7).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAirQualityCategory,
  ZAirQualitySensorRow,
  ZIdParam,
  ZLocationAirQuality,
  envelope,
  errorResponses,
} from '@allclear/contracts';
import type { AppDeps } from '../../../app.ts';
import { principalOf } from '../scope.ts';
import { AirQualityService } from './air-quality.service.ts';

export const airQualityRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock, weather }) => {
  const service = new AirQualityService(db.db, clock, weather);
  const tags = ['air quality'];
  app.get(
    '/AirQuality',
    { schema: { tags, response: { 200: envelope(z.array(ZAirQualitySensorRow)), ...errorResponses } } },
    async (request) => ({ data: await service.sensors(principalOf(request)) }),
  );
  app.get(
    '/AirQuality/Categories',
    { schema: { tags, response: { 200: envelope(z.array(ZAirQualityCategory)), ...errorResponses } } },
    async () => ({ data: service.categories() }),
  );
  app.get(
    '/AirQuality/Location/:id',
    {
      schema: { tags, params: ZIdParam, response: { 200: envelope(ZLocationAirQuality), ...errorResponses } },
    },
    async (request) => ({ data: await service.forLocation(principalOf(request), request.params.id) }),
  );
};
