// GET WorkRest/ForLocation/{organizationLocationId} and GET RiskProfile/{id} (spec 02 §7 'Work/rest and relays').
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParam, envelope, errorResponses } from '@allclear/contracts';
import type { AppDeps } from '../../../app.ts';
import { principalOf } from '../scope.ts';
import { HeatStressRepository } from './heat-stress.repository.ts';
import { HeatStressService } from './heat-stress.service.ts';
import { ZRiskProfile, ZWorkRestProfile } from './heat-stress.schemas.ts';

const ZOrganizationLocationParam = z
  .object({ organizationLocationId: z.coerce.number().int().positive() })
  .strict();

/** The heat-stress routes; register under the authenticated /api prefix. */
export const heatStressRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const service = new HeatStressService(new HeatStressRepository(db.db));

  app.get(
    '/WorkRest/ForLocation/:organizationLocationId',
    {
      schema: {
        tags: ['heat-stress'],
        params: ZOrganizationLocationParam,
        response: { 200: envelope(ZWorkRestProfile.nullable()), ...errorResponses },
      },
    },
    async (request) => ({
      data: await service.workRestForOrganizationLocation(
        principalOf(request),
        request.params.organizationLocationId,
      ),
    }),
  );

  app.get(
    '/RiskProfile/:id',
    {
      schema: {
        tags: ['heat-stress'],
        params: ZIdParam,
        response: { 200: envelope(ZRiskProfile), ...errorResponses },
      },
    },
    async (request) => ({ data: await service.riskProfile(principalOf(request), request.params.id) }),
  );
};
