// GET site, GET site/user, GET site/{id}, POST site/add, POST site/update, POST site/delete/{id}
// (spec 01 §7 'Organisation locations and sites', spec 02 §7 'Users and groups').
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { register } from '../../../platform/route.ts';
import { principalOf } from '../../shared/principal.ts';
import { SiteRepository } from './site.repository.ts';
import { SiteService } from './site.service.ts';

export const siteRoutes: FastifyPluginAsync<Pick<AppDeps, 'db'>> = async (app, { db }) => {
  const service = new SiteService(new SiteRepository(db.db));

  register(app, routes.siteList, {}, async (request) => service.list(principalOf(request)));
  register(app, routes.siteListForCurrentUser, {}, async (request) =>
    service.forCurrentUser(principalOf(request)),
  );
  register(app, routes.siteGet, {}, async (request) => service.get(principalOf(request), request.params.id));
  register(app, routes.siteAdd, {}, async (request) => service.create(principalOf(request), request.body));
  register(app, routes.siteUpdate, {}, async (request) => service.update(principalOf(request), request.body));
  register(app, routes.siteDelete, {}, async (request) => {
    await service.delete(principalOf(request), request.params.id);
    return 'Deleted user group';
  });
};
