// GET location, GET location/user/{userId} (spec 01 §7 'Locations'). The writes come with the locations issue.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZLocation, ZUserIdParam, envelope, errorResponses } from '@allclear/contracts';
import type { AppDeps } from '../../../app.ts';
import { notFound } from '../../../platform/errors.ts';
import { UserRepository } from '../users/user.repository.ts';
import { assertCustomerScope, principalOf } from '../scope.ts';
import { LocationRepository } from './location.repository.ts';
import { presentLocation } from './location.presenter.ts';
import { canManageUser } from '../users/user.policy.ts';

export const locationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const repo = new LocationRepository(db.db);
  const usersRepo = new UserRepository(db.db);

  app.get(
    '/location',
    { schema: { tags: ['locations'], response: { 200: envelope(z.array(ZLocation)), ...errorResponses } } },
    async (request) => {
      const p = principalOf(request);
      return { data: (await repo.listForUser(p.userId, p.customerId)).map(presentLocation) };
    },
  );

  app.get(
    '/location/user/:userId',
    {
      schema: {
        tags: ['locations'],
        params: ZUserIdParam,
        response: { 200: envelope(z.array(ZLocation)), ...errorResponses },
      },
    },
    async (request) => {
      const p = principalOf(request);
      const target = await usersRepo.findWithRelations(request.params.userId);
      assertCustomerScope(p, target?.user.customerId, 'User');
      if (target!.user.id !== p.userId && !canManageUser(p, target!)) throw notFound('User');
      return { data: (await repo.listForUser(target!.user.id, target!.user.customerId)).map(presentLocation) };
    },
  );
};
