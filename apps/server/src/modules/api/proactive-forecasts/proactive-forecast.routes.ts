// GET ProactiveForecast/Location/{locationId}, GET ProactiveForecast/Message/{id} (spec 01 §7), and
// POST ProactiveForecast (Super Admin; issue 5: the meteorologists' messages are written through it).
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { register } from '../../../platform/route.ts';
import { principalOf } from '../../shared/principal.ts';
import type { ApiReads } from '../../shared/reads.ts';
import { ProactiveForecastService } from './proactive-forecast.service.ts';

export const proactiveForecastRoutes: FastifyPluginAsync<
  Pick<AppDeps, 'db' | 'clock' | 'enqueueAlert' | 'bus'> & { reads: ApiReads }
> = async (app, { db, clock, enqueueAlert, bus, reads }) => {
  const service = new ProactiveForecastService(db.db, clock, enqueueAlert, bus, reads);

  register(app, routes.proactiveForecastsForLocation, {}, async (request) =>
    service.forLocation(principalOf(request), request.params.locationId),
  );
  register(app, routes.proactiveForecastMessage, {}, async (request) =>
    service.message(principalOf(request), request.params.id),
  );
  register(app, routes.proactiveForecastCreate, {}, async (request) => ({
    ids: await service.create(principalOf(request), request.body),
  }));
};
