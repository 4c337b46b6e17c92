// GET Customer, GET Customer/{id} (spec 01 §7 'Customers'); the customer service decides who reads which.
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { register } from '../../../platform/route.ts';
import { principalOf } from '../../shared/principal.ts';
import type { ApiReads } from '../../shared/reads.ts';
import { CustomerRepository } from './customer.repository.ts';
import { CustomerService } from './customer.service.ts';

export const customerRoutes: FastifyPluginAsync<Pick<AppDeps, 'db'> & { reads: ApiReads }> = async (
  app,
  { db, reads },
) => {
  const service = new CustomerService(new CustomerRepository(db.db), reads.cache);

  register(app, routes.customerList, {}, async (request) => service.list(principalOf(request)));
  register(app, routes.customerGet, {}, async (request) =>
    service.get(principalOf(request), request.params.id),
  );
};
