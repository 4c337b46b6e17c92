// GET Customer, GET Customer/{id} (spec 01 §7 'Customers').
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { register } from '../../../platform/route.ts';
import { CustomerRepository } from './customer.repository.ts';
import { presentCustomer } from './customer.presenter.ts';
import { assertCustomerScope, isSuperAdmin, principalOf } from '../scope.ts';

export const customerRoutes: FastifyPluginAsync<Pick<AppDeps, 'db'>> = async (app, { db }) => {
  const repo = new CustomerRepository(db.db);

  register(app, routes.customerList, {}, async (request) => {
    const p = principalOf(request);
    if (isSuperAdmin(p)) return (await repo.list()).map(presentCustomer);
    const own = await repo.findById(p.customerId);
    return own ? [presentCustomer(own)] : [];
  });

  register(app, routes.customerGet, {}, async (request) => {
    const p = principalOf(request);
    const row = await repo.findById(request.params.id);
    assertCustomerScope(p, row?.id, 'Customer');
    return presentCustomer(row!);
  });
};
