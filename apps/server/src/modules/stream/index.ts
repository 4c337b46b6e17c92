// The stream service (/stream, ARCHITECTURE.md 'API conventions'): long-lived pushes to the web app.
// Every route needs the same bearer token as /api.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { lightningStreamRoutes } from './lightning-stream.routes.ts';
import { notificationStreamRoutes } from './notification-stream.routes.ts';
import { hardwareStreamRoutes } from './hardware-stream.routes.ts';

export const streamModule: FastifyPluginAsync<Pick<AppDeps, 'db' | 'clock' | 'bus'>> = async (app, opts) => {
  // the options carry this module's prefix too; pass only the dependencies down
  const { db, clock, bus } = opts;
  app.addHook('onRequest', app.authenticate);
  await app.register(lightningStreamRoutes, { db, clock, bus });
  await app.register(notificationStreamRoutes, { bus });
  await app.register(hardwareStreamRoutes, { bus });
};
