// The stream service (/stream, ARCHITECTURE.md 'API conventions'): long-lived pushes to the web app.
// Every route needs the same bearer token as /api.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { lightningStreamRoutes } from './lightning-stream.routes.ts';

export const streamModule: FastifyPluginAsync<AppDeps> = async (app, opts) => {
  // the options carry this module's prefix too; pass only the dependencies down
  const { config, db, clock, weather, enqueueAlert, bus } = opts;
  app.addHook('onRequest', app.authenticate);
  await app.register(lightningStreamRoutes, { config, db, clock, weather, enqueueAlert, bus });
};
