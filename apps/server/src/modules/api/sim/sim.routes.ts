// The simulator's scenario API (issue 4): POST /api/sim/strikes and POST /api/sim/storms.
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { register } from '../../../platform/route.ts';
import { principalOf } from '../../shared/principal.ts';
import { SimService } from './sim.service.ts';

export const simRoutes: FastifyPluginAsync<Pick<AppDeps, 'weather' | 'clock'>> = async (
  app,
  { weather, clock },
) => {
  const service = new SimService(weather, clock);

  register(app, routes.simStrikes, {}, async (request) =>
    service.injectStrikes(principalOf(request), request.body),
  );
  register(app, routes.simStorms, {}, async (request) =>
    service.spawnStorm(principalOf(request), request.body),
  );
};
