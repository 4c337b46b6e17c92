// Location calls of spec 01 §7 'Locations' (except location/Delay/{id}, owned by the lightning module):
// GET location, GET location/user/{userId}, POST location/Add, POST location/Update,
// POST location/Update/ForecastLocation/{id}, DELETE location/{id},
// POST location/Update/OrganizationLocation/{userId}, GET Location/HasCoverage/{latitude}/{longitude},
// the location-add warning lookup GET Location/AddWarning?Latitude&Longitude, and the organisation's
// lightning policies for the form's lock (GET location/LightningPolicies).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCoverageParams,
  ZForecastLocationBody,
  ZIdParam,
  ZLightningPolicy,
  ZLocation,
  ZLocationAddResult,
  ZLocationAddWarning,
  ZLocationAddWarningQuery,
  ZLocationInput,
  ZPreloadLocations,
  ZUserIdParam,
  envelope,
  errorResponses,
} from '@allclear/contracts';
import { isInRadarCoverage } from '@allclear/domain';
import type { AppDeps } from '../../../app.ts';
import { notFound } from '../../../platform/errors.ts';
import { UserRepository } from '../users/user.repository.ts';
import { assertCustomerScope, principalOf } from '../scope.ts';
import { LocationRepository } from './location.repository.ts';
import { canManageUser } from '../users/user.policy.ts';
import { LOCATION_MESSAGES, LocationService } from './location.service.ts';
import { geocodeRoutes } from './geocode.routes.ts';
import { organizationLocationRoutes } from '../organization-locations/organization-location.routes.ts';

const tags = ['locations'];
const text = { 200: envelope(z.string()), ...errorResponses };

export const locationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, bus, clock } = deps;
  // the geocoding and organisation-location calls the location form uses, live with it
  await app.register(geocodeRoutes, deps);
  await app.register(organizationLocationRoutes, deps);
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

  app.get(
    '/location',
    { schema: { tags, response: { 200: envelope(z.array(ZLocation)), ...errorResponses } } },
    async (request) => {
      const p = principalOf(request);
      return { data: await service.list(p, p.userId, p.customerId) };
    },
  );

  app.get(
    '/location/user/:userId',
    {
      schema: {
        tags,
        params: ZUserIdParam,
        response: { 200: envelope(z.array(ZLocation)), ...errorResponses },
      },
    },
    async (request) => {
      const user = await managedUser(request, request.params.userId);
      return { data: await service.list(principalOf(request), user.id, user.customerId) };
    },
  );

  app.post(
    '/location/Add',
    {
      schema: {
        tags,
        body: ZLocationInput,
        headers: z.object({ returnlocation: z.string().optional() }),
        response: { 200: envelope(ZLocationAddResult), ...errorResponses },
      },
    },
    async (request) => {
      const location = await service.add(principalOf(request), request.body);
      const returnLocation = request.headers.returnlocation?.toLowerCase() !== 'false';
      return { data: { message: LOCATION_MESSAGES.added, location: returnLocation ? location : null } };
    },
  );

  app.post(
    '/location/Update',
    { schema: { tags, body: ZLocationInput, response: text } },
    async (request) => {
      await service.update(principalOf(request), request.body);
      return { data: LOCATION_MESSAGES.updated };
    },
  );

  app.post(
    '/location/Update/ForecastLocation/:id',
    { schema: { tags, params: ZIdParam, body: ZForecastLocationBody, response: text } },
    async (request) => {
      await service.setForecastLocation(
        principalOf(request),
        request.params.id,
        request.body?.forecastLocation ?? true,
      );
      return { data: LOCATION_MESSAGES.forecastUpdated };
    },
  );

  app.post(
    '/location/Update/OrganizationLocation/:userId',
    { schema: { tags, params: ZUserIdParam, body: ZPreloadLocations, response: text } },
    async (request) => {
      const user = await managedUser(request, request.params.userId);
      await service.replacePreloaded(principalOf(request), user, request.body);
      return { data: LOCATION_MESSAGES.preloadsUpdated };
    },
  );

  app.delete('/location/:id', { schema: { tags, params: ZIdParam, response: text } }, async (request) => {
    await service.delete(principalOf(request), request.params.id);
    return { data: LOCATION_MESSAGES.deleted };
  });

  app.get(
    '/Location/HasCoverage/:latitude/:longitude',
    {
      schema: { tags, params: ZCoverageParams, response: { 200: envelope(z.boolean()), ...errorResponses } },
    },
    async (request) => ({ data: isInRadarCoverage(request.params.latitude, request.params.longitude) }),
  );

  app.get(
    '/Location/AddWarning',
    {
      schema: {
        tags,
        querystring: ZLocationAddWarningQuery,
        response: { 200: envelope(ZLocationAddWarning), ...errorResponses },
      },
    },
    async (request) => ({
      data: await service.addWarning(principalOf(request), request.query.Latitude, request.query.Longitude),
    }),
  );

  app.get(
    '/location/LightningPolicies',
    { schema: { tags, response: { 200: envelope(z.array(ZLightningPolicy)), ...errorResponses } } },
    async (request) => ({ data: await service.lightningPolicies(principalOf(request)) }),
  );
};
