// GET Advisory/{id}, GET Advisory/Detail/{id} (id = location id; spec 01 §7 'Threats, advisories, forecasts').
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParam, ZNwsAdvisories, ZNwsAdvisoryDetails, envelope, errorResponses } from '@allclear/contracts';
import type { AppDeps } from '../../../app.ts';
import { principalOf } from '../scope.ts';
import { AdvisoryService } from './advisory.service.ts';

export const advisoryRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  const service = new AdvisoryService(db.db, clock);
  const tags = ['advisories'];
  app.get(
    '/Advisory/:id',
    { schema: { tags, params: ZIdParam, response: { 200: envelope(ZNwsAdvisories), ...errorResponses } } },
    async (request) => ({ data: await service.list(principalOf(request), request.params.id) }),
  );
  app.get(
    '/Advisory/Detail/:id',
    {
      schema: { tags, params: ZIdParam, response: { 200: envelope(ZNwsAdvisoryDetails), ...errorResponses } },
    },
    async (request) => ({ data: await service.details(principalOf(request), request.params.id) }),
  );
};
