// GET Drill, POST Drill, DELETE Drill/{id} (issue 16, beyond the spec: scheduled siren drills).
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { register } from '../../../platform/route.ts';
import { principalOf } from '../../shared/principal.ts';
import { HardwareRepository } from '../hardware/index.ts';
import { DrillRepository } from './drill.repository.ts';
import { DrillService } from './drill.service.ts';

export const drillRoutes: FastifyPluginAsync<Pick<AppDeps, 'db' | 'clock'>> = async (app, { db, clock }) => {
  const service = new DrillService(new DrillRepository(db.db), new HardwareRepository(db.db), clock);
  register(app, routes.drillList, {}, async (request) => service.list(principalOf(request)));
  register(app, routes.drillAdd, {}, async (request) => service.add(principalOf(request), request.body));
  register(app, routes.drillDelete, {}, async (request) =>
    service.remove(principalOf(request), request.params.id),
  );
};
