// GET user/current, GET user/roles (spec 01 §7 'Users and notification users').
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCurrentUser, envelope, errorResponses } from '@allclear/contracts';
import type { AppDeps } from '../../../app.ts';
import { notFound } from '../../../platform/errors.ts';
import { principalOf } from '../scope.ts';
import { UserRepository } from './user.repository.ts';
import { presentCurrentUser } from './user.presenter.ts';

const ZRole = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  hierarchy: z.number().int(),
});

export const userRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const repo = new UserRepository(db.db);

  app.get(
    '/user/current',
    { schema: { tags: ['users'], response: { 200: envelope(ZCurrentUser), ...errorResponses } } },
    async (request) => {
      const p = principalOf(request);
      const row = await repo.findWithRelations(p.userId);
      if (!row || !row.user.isActive) throw notFound('User');
      return { data: presentCurrentUser(row) };
    },
  );

  app.get(
    '/user/roles',
    { schema: { tags: ['users'], response: { 200: envelope(z.array(ZRole)), ...errorResponses } } },
    async () => {
      const rows = await repo.listRoles();
      return {
        data: rows.map(({ id, name, displayName, hierarchy }) => ({ id, name, displayName, hierarchy })),
      };
    },
  );
};
