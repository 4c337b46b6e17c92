// GET user/current, GET user/roles (spec 01 §7), and the users calls of spec 02 §7 'Users and groups' (issue 14):
// GET user/customer, POST user/roles, POST user, POST user/update, DELETE user/{id}, DELETE user/demote,
// POST user/PromoteNotificationOnlyUser.
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { notFound } from '../../../platform/errors.ts';
import { register } from '../../../platform/route.ts';
import { principalOf } from '../../shared/principal.ts';
import { readTags } from '../../shared/read-tags.ts';
import { keep, type ApiReads } from '../../shared/reads.ts';
import { UserRepository } from './user.repository.ts';
import { presentCurrentUser } from './user.presenter.ts';
import { UserService } from './user.service.ts';

export const userRoutes: FastifyPluginAsync<
  Pick<AppDeps, 'db' | 'enqueueAlert' | 'bus' | 'clock'> & { reads: ApiReads }
> = async (app, { db, enqueueAlert, bus, clock, reads }) => {
  const repo = new UserRepository(db.db);
  const service = new UserService(db.db, enqueueAlert, bus, clock);

  // the shell's first call: kept until the user or their customer changes, at most READ_TTL_MS (a group renamed)
  register(app, routes.userCurrent, {}, async (request) => {
    const p = principalOf(request);
    const tags = [readTags.user(p.userId), readTags.customer(p.customerId)];
    return keep(reads.cache, `userCurrent:${p.userId}`, tags, async () => {
      const row = await repo.findWithRelations(p.userId);
      if (!row || !row.user.isActive) throw notFound('User');
      return presentCurrentUser(row);
    });
  });

  register(app, routes.userRoles, {}, async () => {
    const rows = await repo.listRoles();
    return rows.map(({ id, name, displayName, hierarchy, description }) => ({
      id,
      name,
      displayName,
      hierarchy,
      description,
    }));
  });

  register(app, routes.userListForCustomer, {}, async (request) =>
    service.list(principalOf(request), request.query),
  );
  register(app, routes.userListByRoles, {}, async (request) =>
    service.list(principalOf(request), {}, request.body),
  );
  register(app, routes.userAdd, {}, async (request) => service.create(principalOf(request), request.body));
  register(app, routes.userUpdate, {}, async (request) => service.update(principalOf(request), request.body));
  register(app, routes.userDelete, {}, async (request) =>
    service.delete(principalOf(request), request.params.id),
  );
  register(app, routes.userDemote, {}, async (request) => service.demote(principalOf(request), request.body));
  register(app, routes.userPromote, {}, async (request) =>
    service.promote(principalOf(request), request.body),
  );
};
