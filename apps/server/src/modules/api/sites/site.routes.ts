// GET site, GET site/user, GET site/{id}, POST site/add, POST site/update, POST site/delete/{id}
// (spec 01 §7 'Organisation locations and sites', spec 02 §7 'Users and groups').
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParam, ZSite, ZSiteAdd, ZSiteUpdate, envelope, errorResponses } from '@allclear/contracts';
import type { AppDeps } from '../../../app.ts';
import { principalOf } from '../scope.ts';
import { SiteRepository } from './site.repository.ts';
import { SiteService } from './site.service.ts';

export const siteRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const service = new SiteService(new SiteRepository(db.db));
  const list = {
    schema: { tags: ['groups'], response: { 200: envelope(z.array(ZSite)), ...errorResponses } },
  };
  const one = { 200: envelope(ZSite), ...errorResponses };

  app.get('/site', list, async (request) => ({ data: await service.list(principalOf(request)) }));
  app.get('/site/user', list, async (request) => ({
    data: await service.forCurrentUser(principalOf(request)),
  }));
  app.get(
    '/site/:id',
    { schema: { tags: ['groups'], params: ZIdParam, response: one } },
    async (request) => ({
      data: await service.get(principalOf(request), request.params.id),
    }),
  );
  app.post('/site/add', { schema: { tags: ['groups'], body: ZSiteAdd, response: one } }, async (request) => ({
    data: await service.create(principalOf(request), request.body),
  }));
  app.post(
    '/site/update',
    { schema: { tags: ['groups'], body: ZSiteUpdate, response: one } },
    async (request) => ({
      data: await service.update(principalOf(request), request.body),
    }),
  );
  app.post(
    '/site/delete/:id',
    {
      schema: {
        tags: ['groups'],
        params: ZIdParam,
        response: { 200: envelope(z.string()), ...errorResponses },
      },
    },
    async (request) => {
      await service.delete(principalOf(request), request.params.id);
      return { data: 'Deleted user group' };
    },
  );
};
