// GET location/Delay/{id} (spec 01 §7 'Locations'), and for the dashboard GET Lightning/Location/{id}
// and GET Lightning/ThreatCounts.
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { register } from '../../../platform/route.ts';
import { principalOf } from '../../shared/principal.ts';
import type { ApiReads } from '../../shared/reads.ts';
import { LightningRepository } from './lightning.repository.ts';
import { LightningService } from './lightning.service.ts';
import { ZoneStateMirror } from './zone-state-mirror.ts';

export const lightningRoutes: FastifyPluginAsync<
  Pick<AppDeps, 'db' | 'clock' | 'bus'> & { reads: ApiReads }
> = async (app, { db, clock, bus, reads }) => {
  const zoneStates = new ZoneStateMirror(db.db, bus);
  app.addHook('onClose', async () => zoneStates.close());
  const service = new LightningService(new LightningRepository(db.db), db.db, clock, reads, zoneStates);

  register(app, routes.lightningDelay, {}, async (request) =>
    service.delay(principalOf(request), request.params.id),
  );
  // one prepared answer per location and second (LightningService.status)
  register(app, routes.lightningStatus, {}, async (request) =>
    service.status(principalOf(request), request.params.id),
  );
  register(app, routes.lightningThreatCounts, {}, async (request) =>
    service.threatCounts(principalOf(request)),
  );
};
