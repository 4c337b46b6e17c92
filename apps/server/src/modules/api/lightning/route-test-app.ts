// Test support: the lightning and scenario routes served on the test app once the lead registers
// them in modules/api/index.ts; until then, on a small app with the same auth, errors and deps.
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app.ts';
import { authPlugin } from '../../../platform/auth.ts';
import { installErrorHandling } from '../../../platform/errors.ts';
import { simRoutes } from '../sim/sim.routes.ts';
import { lightningRoutes } from './lightning.routes.ts';

/** `app` when it already serves GET /api/location/Delay/:id, else a small app with the lightning and sim routes. */
export async function appWithLightningRoutes(
  app: FastifyInstance,
  deps: AppDeps,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  if (app.hasRoute({ method: 'GET', url: '/api/location/Delay/:id' })) return { app, close: async () => {} };
  const own = Fastify({ logger: false, routerOptions: { caseSensitive: false, ignoreTrailingSlash: true } });
  own.setValidatorCompiler(validatorCompiler);
  own.setSerializerCompiler(serializerCompiler);
  installErrorHandling(own);
  await own.register(authPlugin, { config: deps.config, db: deps.db });
  await own.register(
    async (api) => {
      api.addHook('onRequest', api.authenticate);
      await api.register(lightningRoutes, deps);
      await api.register(simRoutes, deps);
    },
    { prefix: '/api' },
  );
  await own.ready();
  return { app: own, close: () => own.close() };
}
