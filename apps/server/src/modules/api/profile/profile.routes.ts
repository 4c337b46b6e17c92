// POST user/profile (spec 02 §7 'Users and groups', §2.11 My Profile; issue 15).
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { register } from '../../../platform/route.ts';
import { principalOf } from '../../shared/principal.ts';
import { presentCurrentUser, UserRepository } from '../users/index.ts';
import { ProfileRepository } from './profile.repository.ts';
import { ProfileService } from './profile.service.ts';

export const profileRoutes: FastifyPluginAsync<Pick<AppDeps, 'db' | 'bus'>> = async (app, { db, bus }) => {
  const users = new UserRepository(db.db);
  const service = new ProfileService(
    new ProfileRepository(db.db),
    async (userId) => {
      const row = await users.findWithRelations(userId);
      return row ? presentCurrentUser(row) : undefined;
    },
    bus,
  );
  register(app, routes.userProfileSave, {}, async (request) =>
    service.save(principalOf(request), request.body),
  );
};
