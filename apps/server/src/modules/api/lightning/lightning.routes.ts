// GET location/Delay/{id} (spec 01 §7 'Locations'), and for the dashboard GET Lightning/Location/{id}
// and GET Lightning/ThreatCounts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZIdParam,
  ZLightningDelay,
  ZLightningLocationStatus,
  ZLightningThreatCounts,
  envelope,
  errorResponses,
} from '@allclear/contracts';
import type { AppDeps } from '../../../app.ts';
import { principalOf } from '../scope.ts';
import { LightningRepository } from './lightning.repository.ts';
import { LightningService } from './lightning.service.ts';

export const lightningRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  const service = new LightningService(new LightningRepository(db.db), db.db, clock);
  const tags = ['lightning'];

  app.get(
    '/location/Delay/:id',
    { schema: { tags, params: ZIdParam, response: { 200: envelope(ZLightningDelay), ...errorResponses } } },
    async (request) => ({ data: await service.delay(principalOf(request), request.params.id) }),
  );
  app.get(
    '/Lightning/Location/:id',
    {
      schema: {
        tags,
        params: ZIdParam,
        response: { 200: envelope(ZLightningLocationStatus), ...errorResponses },
      },
    },
    async (request) => ({ data: await service.status(principalOf(request), request.params.id) }),
  );
  app.get(
    '/Lightning/ThreatCounts',
    { schema: { tags, response: { 200: envelope(ZLightningThreatCounts), ...errorResponses } } },
    async (request) => ({ data: await service.threatCounts(principalOf(request)) }),
  );
};
