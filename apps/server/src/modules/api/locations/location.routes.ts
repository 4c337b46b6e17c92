// Location calls of spec 01 §7 'Locations' (except location/Delay/{id}, owned by the lightning module):
// GET location, GET location/user/{userId}, POST location/Add, POST location/Update,
// POST location/Update/ForecastLocation/{id}, DELETE location/{id},
// POST location/Update/OrganizationLocation/{userId}, GET Location/HasCoverage/{latitude}/{longitude},
// the location-add warning lookup GET Location/AddWarning?Latitude&Longitude, and the organisation's
// lightning policies for the form's lock (GET location/LightningPolicies).
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import { isInRadarCoverage } from '@allclear/domain';
import type { Geocoder } from '../../../geocoding/index.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { notFound } from '../../../platform/errors.ts';
import { register } from '../../../platform/route.ts';
import { UserRepository } from '../users/user.repository.ts';
import { assertCustomerScope, principalOf } from '../scope.ts';
import { LocationRepository } from './location.repository.ts';
import { canManageUser } from '../users/user.policy.ts';
import { LOCATION_MESSAGES, LocationService } from './location.service.ts';
import { geocodeRoutes } from './geocode.routes.ts';
import { organizationLocationRoutes } from '../organization-locations/organization-location.routes.ts';

export const locationRoutes: FastifyPluginAsync<
  Pick<AppDeps, 'db' | 'bus' | 'clock'> & { geocoder: Geocoder }
> = async (app, { db, bus, clock, geocoder }) => {
  // the geocoding and organisation-location calls the location form uses, live with it
  await app.register(geocodeRoutes, { geocoder });
  await app.register(organizationLocationRoutes, { db });
  const repo = new LocationRepository(db.db);
  const usersRepo = new UserRepository(db.db);
  const service = new LocationService(repo, bus, clock);

  /** The user a call names, when the caller is that user or manages them (404 otherwise). */
  async function managedUser(request: Parameters<typeof principalOf>[0], userId: string) {
    const p = principalOf(request);
    const target = await usersRepo.findWithRelations(userId);
    assertCustomerScope(p, target?.user.customerId, 'User');
    if (target!.user.id !== p.userId && !canManageUser(p, target!)) throw notFound('User');
    return target!.user;
  }

  register(app, routes.locationList, {}, async (request) => {
    const p = principalOf(request);
    return service.list(p, p.userId, p.customerId);
  });

  register(app, routes.locationListForUser, {}, async (request) => {
    const user = await managedUser(request, request.params.userId);
    return service.list(principalOf(request), user.id, user.customerId);
  });

  register(app, routes.locationAdd, {}, async (request) => {
    const location = await service.add(principalOf(request), request.body);
    const returnLocation = request.headers.returnlocation?.toLowerCase() !== 'false';
    return { message: LOCATION_MESSAGES.added, location: returnLocation ? location : null };
  });

  register(app, routes.locationUpdate, {}, async (request) => {
    await service.update(principalOf(request), request.body);
    return LOCATION_MESSAGES.updated;
  });

  register(app, routes.locationSetForecastLocation, {}, async (request) => {
    await service.setForecastLocation(
      principalOf(request),
      request.params.id,
      request.body?.forecastLocation ?? true,
    );
    return LOCATION_MESSAGES.forecastUpdated;
  });

  register(app, routes.locationReplacePreloaded, {}, async (request) => {
    const user = await managedUser(request, request.params.userId);
    await service.replacePreloaded(principalOf(request), user, request.body);
    return LOCATION_MESSAGES.preloadsUpdated;
  });

  register(app, routes.locationDelete, {}, async (request) => {
    await service.delete(principalOf(request), request.params.id);
    return LOCATION_MESSAGES.deleted;
  });

  register(app, routes.locationHasCoverage, {}, async (request) =>
    isInRadarCoverage(request.params.latitude, request.params.longitude),
  );

  register(app, routes.locationAddWarning, {}, async (request) =>
    service.addWarning(principalOf(request), request.query.Latitude, request.query.Longitude),
  );

  register(app, routes.locationLightningPolicies, {}, async (request) =>
    service.lightningPolicies(principalOf(request)),
  );
};
