// GET user/current, GET user/roles (spec 01 §7 'Users and notification users').
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { notFound } from '../../../platform/errors.ts';
import { register } from '../../../platform/route.ts';
import { principalOf } from '../../shared/principal.ts';
import { UserRepository } from './user.repository.ts';
import { presentCurrentUser } from './user.presenter.ts';

export const userRoutes: FastifyPluginAsync<Pick<AppDeps, 'db'>> = async (app, { db }) => {
  const repo = new UserRepository(db.db);

  register(app, routes.userCurrent, {}, async (request) => {
    const p = principalOf(request);
    const row = await repo.findWithRelations(p.userId);
    if (!row || !row.user.isActive) throw notFound('User');
    return presentCurrentUser(row);
  });

  register(app, routes.userRoles, {}, async () => {
    const rows = await repo.listRoles();
    return rows.map(({ id, name, displayName, hierarchy }) => ({ id, name, displayName, hierarchy }));
  });
};
