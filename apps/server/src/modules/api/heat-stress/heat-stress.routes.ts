// GET WorkRest/ForLocation/{organizationLocationId} and GET RiskProfile/{id} (spec 02 §7 'Work/rest and relays').
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { register } from '../../../platform/route.ts';
import { principalOf } from '../../shared/principal.ts';
import type { ApiReads } from '../../shared/reads.ts';
import { HeatStressRepository } from './heat-stress.repository.ts';
import { HeatStressService } from './heat-stress.service.ts';

/** The heat-stress routes; register under the authenticated /api prefix. */
export const heatStressRoutes: FastifyPluginAsync<Pick<AppDeps, 'db'> & { reads: ApiReads }> = async (
  app,
  { db, reads },
) => {
  const service = new HeatStressService(new HeatStressRepository(db.db), reads.cache);

  register(app, routes.workRestForOrganizationLocation, {}, async (request) =>
    service.workRestForOrganizationLocation(principalOf(request), request.params.organizationLocationId),
  );
  register(app, routes.riskProfile, {}, async (request) =>
    service.riskProfile(principalOf(request), request.params.id),
  );
};
