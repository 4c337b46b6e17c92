// GET location/Delay/{id} (spec 01 §7 'Locations'), and for the dashboard GET Lightning/Location/{id}
// and GET Lightning/ThreatCounts.
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { register } from '../../../platform/route.ts';
import { principalOf } from '../../shared/principal.ts';
import { LightningRepository } from './lightning.repository.ts';
import { LightningService } from './lightning.service.ts';

export const lightningRoutes: FastifyPluginAsync<Pick<AppDeps, 'db' | 'clock'>> = async (
  app,
  { db, clock },
) => {
  const service = new LightningService(new LightningRepository(db.db), db.db, clock);

  register(app, routes.lightningDelay, {}, async (request) =>
    service.delay(principalOf(request), request.params.id),
  );
  register(app, routes.lightningStatus, {}, async (request) =>
    service.status(principalOf(request), request.params.id),
  );
  register(app, routes.lightningThreatCounts, {}, async (request) =>
    service.threatCounts(principalOf(request)),
  );
};
