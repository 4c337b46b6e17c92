// GET organizationLocation, organizationLocation/customer/{id}, organizationLocation/user/{id},
// organizationLocation/NotiUser/{id}, organizationLocation/Sites/{id}; POST organizationLocation/Sites;
// DELETE organizationLocation/Sites/{id} (spec 01 §7 'Organisation locations and sites', spec 02 §7).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZIdParam,
  ZNotificationUserIdParam,
  ZOrganizationLocation,
  ZOrganizationLocationSite,
  ZOrganizationLocationSiteAdd,
  ZUserUuidParam,
  envelope,
  errorResponses,
} from '@allclear/contracts';
import type { AppDeps } from '../../../app.ts';
import { principalOf } from '../scope.ts';
import { OrganizationLocationRepository } from './organization-location.repository.ts';
import { OrganizationLocationService } from './organization-location.service.ts';

const tags = ['organization locations'];
const list = { 200: envelope(z.array(ZOrganizationLocation)), ...errorResponses };
const siteList = { 200: envelope(z.array(ZOrganizationLocationSite)), ...errorResponses };

export const organizationLocationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const service = new OrganizationLocationService(new OrganizationLocationRepository(db.db));

  app.get('/organizationLocation', { schema: { tags, response: list } }, async (request) => ({
    data: await service.list(principalOf(request)),
  }));
  app.get(
    '/organizationLocation/customer/:id',
    { schema: { tags, params: ZIdParam, response: list } },
    async (request) => ({ data: await service.forCustomer(principalOf(request), request.params.id) }),
  );
  app.get(
    '/organizationLocation/user/:id',
    { schema: { tags, params: ZUserUuidParam, response: list } },
    async (request) => ({ data: await service.forUser(principalOf(request), request.params.id) }),
  );
  app.get(
    '/organizationLocation/NotiUser/:id',
    { schema: { tags, params: ZNotificationUserIdParam, response: list } },
    async (request) => ({ data: await service.forNotificationUser(principalOf(request), request.params.id) }),
  );
  app.get(
    '/organizationLocation/Sites/:id',
    { schema: { tags, params: ZIdParam, response: siteList } },
    async (request) => ({ data: await service.sites(principalOf(request), request.params.id) }),
  );
  app.post(
    '/organizationLocation/Sites',
    {
      schema: {
        tags,
        body: ZOrganizationLocationSiteAdd,
        response: { 200: envelope(ZOrganizationLocationSite), 409: errorResponses[400], ...errorResponses },
      },
    },
    async (request) => ({ data: await service.addSite(principalOf(request), request.body) }),
  );
  app.delete(
    '/organizationLocation/Sites/:id',
    { schema: { tags, params: ZIdParam, response: { 200: envelope(z.string()), ...errorResponses } } },
    async (request) => {
      await service.deleteSite(principalOf(request), request.params.id);
      return { data: 'Removed organization location from user group' };
    },
  );
};
