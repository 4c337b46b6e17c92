// GET Customer, GET Customer/{id} (spec 01 §7 'Customers').
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCustomer, ZIdParam, envelope, errorResponses } from '@allclear/contracts';
import type { AppDeps } from '../../../app.ts';
import { CustomerRepository } from './customer.repository.ts';
import { presentCustomer } from './customer.presenter.ts';
import { assertCustomerScope, isSuperAdmin, principalOf } from '../scope.ts';

export const customerRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const repo = new CustomerRepository(db.db);

  app.get(
    '/Customer',
    { schema: { tags: ['customers'], response: { 200: envelope(z.array(ZCustomer)), ...errorResponses } } },
    async (request) => {
      const p = principalOf(request);
      if (isSuperAdmin(p)) return { data: (await repo.list()).map(presentCustomer) };
      const own = await repo.findById(p.customerId);
      return { data: own ? [presentCustomer(own)] : [] };
    },
  );

  app.get(
    '/Customer/:id',
    {
      schema: {
        tags: ['customers'],
        params: ZIdParam,
        response: { 200: envelope(ZCustomer), ...errorResponses },
      },
    },
    async (request) => {
      const p = principalOf(request);
      const row = await repo.findById(request.params.id);
      assertCustomerScope(p, row?.id, 'Customer');
      return { data: presentCustomer(row!) };
    },
  );
};
