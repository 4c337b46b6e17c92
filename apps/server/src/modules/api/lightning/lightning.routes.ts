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

  // at once when every input is in memory, as most polls find them (the request awaits nothing), else read
  register(app, routes.lightningDelay, {}, (request) => {
    const p = principalOf(request);
    return service.delayNow(p, request.params.id) ?? service.delay(p, request.params.id);
  });
  // one prepared answer per location and second (LightningService.status)
  register(app, routes.lightningStatus, {}, (request) => {
    const p = principalOf(request);
    return service.statusNow(p, request.params.id) ?? service.status(p, request.params.id);
  });
  register(app, routes.lightningThreatCounts, {}, async (request) =>
    service.threatCounts(principalOf(request)),
  );
};
