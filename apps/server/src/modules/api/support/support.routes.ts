// POST Support (spec 02 §7 'Support': the consultation request; issue 15).
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { register } from '../../../platform/route.ts';
import { principalOf } from '../../shared/principal.ts';
import { SupportRepository } from './support.repository.ts';
import { SupportService } from './support.service.ts';

export const supportRoutes: FastifyPluginAsync<
  Pick<AppDeps, 'config' | 'db' | 'clock' | 'enqueueAlert'>
> = async (app, { config, db, clock, enqueueAlert }) => {
  const service = new SupportService({
    repo: new SupportRepository(db.db),
    enqueueAlert,
    clock,
    deskEmail: config.notify.settings.SUPPORT_EMAIL,
    productName: 'AllClear',
  });
  register(app, routes.supportRequest, {}, async (request) =>
    service.send(principalOf(request), request.body),
  );
};
