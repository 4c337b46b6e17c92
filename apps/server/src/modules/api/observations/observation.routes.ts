// GET (and POST) observations?latitude&longitude&preferred (the map's observation mode), GET observations/ForLocation/{id}
// and Observations/Historical/{id}?hours (location ids: the dashboard's conditions timeline) (spec 01 §7
// 'Observations'). The station historical page's reads (weather station ids) are modules/api/history's.
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { register, type RouteRequest } from '../../../platform/route.ts';
import { principalOf } from '../../shared/principal.ts';
import type { ApiReads } from '../../shared/reads.ts';
import { ObservationService } from './observation.service.ts';

export const observationRoutes: FastifyPluginAsync<
  Pick<AppDeps, 'db' | 'clock' | 'weather'> & { reads: ApiReads }
> = async (app, { db, clock, weather, reads }) => {
  const service = new ObservationService(db.db, clock, weather, reads);

  register(app, routes.observationForLocation, {}, async (request) =>
    service.forLocation(principalOf(request), request.params.id),
  );

  // The map's observation tool asks with GET (apps/web get-observation-at-point.ts); POST is the spec's
  // 'mutation-style' spelling of the same read, kept for clients that use it.
  const atPoint = async (request: RouteRequest<typeof routes.observationAtPoint>) => {
    const { latitude, longitude, preferred } = request.query;
    return service.atPoint(principalOf(request), { latitude, longitude }, preferred);
  };
  register(app, routes.observationAtPoint, {}, (request) => atPoint(request));
  register(app, routes.observationAtPointPost, {}, (request) => atPoint(request));

  register(app, routes.observationHistory, {}, async (request) =>
    service.lastHours(principalOf(request), request.params.id, request.query.hours),
  );
};
