// GET Advisory/{id}, GET Advisory/Detail/{id} (id = location id; spec 01 §7 'Threats, advisories, forecasts').
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { register } from '../../../platform/route.ts';
import { principalOf } from '../../shared/principal.ts';
import type { ApiReads } from '../../shared/reads.ts';
import { AdvisoryService } from './advisory.service.ts';

export const advisoryRoutes: FastifyPluginAsync<Pick<AppDeps, 'db' | 'clock'> & { reads: ApiReads }> = async (
  app,
  { db, clock, reads },
) => {
  const service = new AdvisoryService(db.db, clock, reads);

  register(app, routes.advisoryList, {}, async (request) =>
    service.list(principalOf(request), request.params.id),
  );
  register(app, routes.advisoryDetails, {}, async (request) =>
    service.details(principalOf(request), request.params.id),
  );
};
