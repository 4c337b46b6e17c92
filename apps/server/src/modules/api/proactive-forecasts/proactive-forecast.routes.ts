// GET ProactiveForecast/Location/{locationId}, GET ProactiveForecast/Message/{id} (spec 01 §7), and
// POST ProactiveForecast (Super Admin; issue 5: the meteorologists' messages are written through it).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateProactiveForecast,
  ZCreatedProactiveForecasts,
  ZIdParam,
  ZProactiveForecastMessage,
  ZProactiveForecasts,
  envelope,
  errorResponses,
} from '@allclear/contracts';
import type { AppDeps } from '../../../app.ts';
import { principalOf } from '../scope.ts';
import { ProactiveForecastService } from './proactive-forecast.service.ts';

const ZLocationIdParam = z.object({ locationId: z.coerce.number().int().positive() }).strict();

export const proactiveForecastRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, clock, enqueueAlert },
) => {
  const service = new ProactiveForecastService(db.db, clock, enqueueAlert);
  const tags = ['proactive forecasts'];
  app.get(
    '/ProactiveForecast/Location/:locationId',
    {
      schema: {
        tags,
        params: ZLocationIdParam,
        response: { 200: envelope(ZProactiveForecasts), ...errorResponses },
      },
    },
    async (request) => ({ data: await service.forLocation(principalOf(request), request.params.locationId) }),
  );
  app.get(
    '/ProactiveForecast/Message/:id',
    {
      schema: {
        tags,
        params: ZIdParam,
        response: { 200: envelope(ZProactiveForecastMessage), ...errorResponses },
      },
    },
    async (request) => ({ data: await service.message(principalOf(request), request.params.id) }),
  );
  app.post(
    '/ProactiveForecast',
    {
      schema: {
        tags,
        body: ZCreateProactiveForecast,
        response: { 200: envelope(ZCreatedProactiveForecasts), ...errorResponses },
      },
    },
    async (request) => ({ data: { ids: await service.create(principalOf(request), request.body) } }),
  );
};
