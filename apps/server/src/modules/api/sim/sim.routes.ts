// The simulator's scenario API (issue 4): POST /api/sim/strikes and POST /api/sim/storms.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZSimStorm,
  ZSimStormRequest,
  ZSimStrike,
  ZSimStrikesRequest,
  envelope,
  errorResponses,
} from '@allclear/contracts';
import type { AppDeps } from '../../../app.ts';
import { principalOf } from '../scope.ts';
import { SimService } from './sim.service.ts';

export const simRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { weather, clock }) => {
  const service = new SimService(weather, clock);
  const tags = ['simulator'];

  app.post(
    '/sim/strikes',
    {
      schema: {
        tags,
        body: ZSimStrikesRequest,
        response: { 200: envelope(z.array(ZSimStrike)), ...errorResponses },
      },
    },
    async (request) => ({ data: await service.injectStrikes(principalOf(request), request.body) }),
  );
  app.post(
    '/sim/storms',
    { schema: { tags, body: ZSimStormRequest, response: { 200: envelope(ZSimStorm), ...errorResponses } } },
    async (request) => ({ data: service.spawnStorm(principalOf(request), request.body) }),
  );
};
