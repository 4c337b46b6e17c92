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
import { register } from '../../../platform/route.ts';
import { principalKey, principalOf } from '../../shared/principal.ts';
import { readTags } from '../../shared/read-tags.ts';
import { keep, type ApiReads } from '../../shared/reads.ts';
import { organizationLocationRoutes } from '../organization-locations/index.ts';
import { geocodeRoutes } from './geocode.routes.ts';
import { LocationRepository } from './location.repository.ts';
import { LOCATION_MESSAGES, LocationService } from './location.service.ts';

export const locationRoutes: FastifyPluginAsync<
  Pick<AppDeps, 'db' | 'bus' | 'clock'> & { geocoder: Geocoder; reads: ApiReads }
> = async (app, { db, bus, clock, geocoder, reads }) => {
  // the geocoding and organisation-location calls the location form uses, live with it
  await app.register(geocodeRoutes, { geocoder });
  await app.register(organizationLocationRoutes, { db });
  // the service authorises: the location policy for a location, the user policy for the user a call names
  const service = new LocationService(new LocationRepository(db.db), bus, clock);

  // the dashboard's list, kept per caller (it carries their abilities) until the customer's locations, users or
  // policies change
  register(app, routes.locationList, {}, async (request) => {
    const p = principalOf(request);
    return keep(reads.cache, `locationList:${principalKey(p)}`, [readTags.customer(p.customerId)], () =>
      service.list(p, p.userId, p.customerId),
    );
  });

  register(app, routes.locationListForUser, {}, async (request) =>
    service.listOfUser(principalOf(request), request.params.userId),
  );

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
    await service.replacePreloadedOf(principalOf(request), request.params.userId, request.body);
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
