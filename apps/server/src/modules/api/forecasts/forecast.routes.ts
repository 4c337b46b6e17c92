// GET forecast/Today/ForLocation/{id}, forecast/Hourly/ForLocation/{id}?hours, forecast/Today/Hourly?latitude&longitude,
// forecast/Today/Hourly/ForLocation/{id}, forecast/Daily/ForLocation/{id} (spec 01 §7; the daily call's version
// header 2.0 is accepted, and this is its only version).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZDailyForecast,
  ZForecastPointQuery,
  ZHourlyForecast,
  ZHourlyForecastQuery,
  ZIdParam,
  ZTodayForecast,
  envelope,
  errorResponses,
} from '@allclear/contracts';
import type { AppDeps } from '../../../app.ts';
import { principalOf } from '../scope.ts';
import { ForecastService } from './forecast.service.ts';

export const forecastRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock, weather }) => {
  const service = new ForecastService(db.db, clock, weather);
  const tags = ['forecasts'];
  const hourly = { 200: envelope(ZHourlyForecast), ...errorResponses };

  app.get(
    '/forecast/Today/ForLocation/:id',
    { schema: { tags, params: ZIdParam, response: { 200: envelope(ZTodayForecast), ...errorResponses } } },
    async (request) => ({ data: await service.today(principalOf(request), request.params.id) }),
  );
  app.get(
    '/forecast/Hourly/ForLocation/:id',
    { schema: { tags, params: ZIdParam, querystring: ZHourlyForecastQuery, response: hourly } },
    async (request) => ({
      data: await service.hourly(principalOf(request), request.params.id, request.query.hours),
    }),
  );
  app.get(
    '/forecast/Today/Hourly',
    { schema: { tags, querystring: ZForecastPointQuery, response: hourly } },
    async (request) => ({ data: await service.todayHourlyAt(request.query) }),
  );
  app.get(
    '/forecast/Today/Hourly/ForLocation/:id',
    { schema: { tags, params: ZIdParam, response: hourly } },
    async (request) => ({ data: await service.todayHourly(principalOf(request), request.params.id) }),
  );
  app.get(
    '/forecast/Daily/ForLocation/:id',
    { schema: { tags, params: ZIdParam, response: { 200: envelope(ZDailyForecast), ...errorResponses } } },
    async (request, reply) => {
      reply.header('api-version', '2.0');
      return { data: await service.daily(principalOf(request), request.params.id) };
    },
  );
};
