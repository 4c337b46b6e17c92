// GET policy, policy/site, policy/customer/{id}, policy/userPolicies/{id}, policy/site/{id}, policy/types;
// POST policy; PATCH policy; DELETE policy/{id} (spec 02 §7 'Policies and settings', spec 01 §7 'Policies').
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { register } from '../../../platform/route.ts';
import { principalOf } from '../../shared/principal.ts';
import { PolicyRepository } from './policy.repository.ts';
import { PolicyService } from './policy.service.ts';

export const policyRoutes: FastifyPluginAsync<
  Pick<AppDeps, 'db' | 'bus' | 'clock' | 'enqueueAlert'>
> = async (app, { db, bus, clock, enqueueAlert }) => {
  const service = new PolicyService(new PolicyRepository(db.db), bus, clock, enqueueAlert);

  register(app, routes.policyTypes, {}, async () => service.types());
  register(app, routes.policyList, {}, async (request) => service.list(principalOf(request)));
  register(app, routes.policyListForCurrentSite, {}, async (request) =>
    service.forCurrentSite(principalOf(request)),
  );
  register(app, routes.policyListForCustomer, {}, async (request) =>
    service.forCustomer(principalOf(request), request.params.id),
  );
  register(app, routes.policyListForUser, {}, async (request) =>
    service.forUser(principalOf(request), request.params.id),
  );
  register(app, routes.policyListForSite, {}, async (request) =>
    service.forSite(principalOf(request), request.params.id),
  );
  register(app, routes.policyAdd, {}, async (request) => service.create(principalOf(request), request.body));
  register(app, routes.policyUpdate, {}, async (request) =>
    service.update(principalOf(request), request.body),
  );
  register(app, routes.policyDelete, {}, async (request) => {
    await service.delete(principalOf(request), request.params.id);
    return 'Deleted';
  });
};
