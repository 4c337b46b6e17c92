// The main API service (/api): every route requires a signed-in caller.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { customerRoutes } from './customers/customer.routes.ts';
import { locationRoutes } from './locations/location.routes.ts';
import { siteRoutes } from './sites/site.routes.ts';
import { userRoutes } from './users/user.routes.ts';

export const apiModule: FastifyPluginAsync<AppDeps> = async (app, opts) => {
  // the options carry this module's prefix too; pass only the dependencies down
  const { config, db, clock, weather, enqueueAlert, bus } = opts;
  const deps: AppDeps = { config, db, clock, weather, enqueueAlert, bus };
  app.addHook('onRequest', app.authenticate);
  await app.register(userRoutes, deps);
  await app.register(customerRoutes, deps);
  await app.register(locationRoutes, deps);
  await app.register(siteRoutes, deps);
};
