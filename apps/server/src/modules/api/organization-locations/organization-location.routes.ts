// GET organizationLocation, organizationLocation/customer/{id}, organizationLocation/user/{id},
// organizationLocation/NotiUser/{id}, organizationLocation/Sites/{id}; POST organizationLocation/Sites;
// DELETE organizationLocation/Sites/{id} (spec 01 §7 'Organisation locations and sites', spec 02 §7).
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { register } from '../../../platform/route.ts';
import { principalOf } from '../../shared/principal.ts';
import { OrganizationLocationRepository } from './organization-location.repository.ts';
import { OrganizationLocationService } from './organization-location.service.ts';

export const organizationLocationRoutes: FastifyPluginAsync<Pick<AppDeps, 'db'>> = async (app, { db }) => {
  const service = new OrganizationLocationService(new OrganizationLocationRepository(db.db));

  register(app, routes.organizationLocationList, {}, async (request) => service.list(principalOf(request)));
  register(app, routes.organizationLocationForCustomer, {}, async (request) =>
    service.forCustomer(principalOf(request), request.params.id),
  );
  register(app, routes.organizationLocationForUser, {}, async (request) =>
    service.forUser(principalOf(request), request.params.id),
  );
  register(app, routes.organizationLocationForNotificationUser, {}, async (request) =>
    service.forNotificationUser(principalOf(request), request.params.id),
  );
  register(app, routes.organizationLocationSites, {}, async (request) =>
    service.sites(principalOf(request), request.params.id),
  );
  register(app, routes.organizationLocationSiteAdd, {}, async (request) =>
    service.addSite(principalOf(request), request.body),
  );
  register(app, routes.organizationLocationSiteDelete, {}, async (request) => {
    await service.deleteSite(principalOf(request), request.params.id);
    return 'Removed organization location from user group';
  });
};
