// Test support: the observation, threat, advisory, forecast, air-quality, proactive-forecast and station routes
// served on the test app once the lead registers them in modules/api/index.ts; until then, on a small app with
// the same auth, errors and deps.
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app.ts';
import { authPlugin } from '../../../platform/auth.ts';
import { installErrorHandling } from '../../../platform/errors.ts';
import { advisoryRoutes } from '../advisories/advisory.routes.ts';
import { airQualityRoutes } from '../air-quality/air-quality.routes.ts';
import { forecastRoutes } from '../forecasts/forecast.routes.ts';
import { proactiveForecastRoutes } from '../proactive-forecasts/proactive-forecast.routes.ts';
import { threatRoutes } from '../threats/threat.routes.ts';
import { weatherStationRoutes } from '../weather-stations/weather-station.routes.ts';
import { observationRoutes } from './observation.routes.ts';

/** `app` when it already serves these routes, else a small app serving them under /api. */
export async function appWithConditionRoutes(
  app: FastifyInstance,
  deps: AppDeps,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  if (app.hasRoute({ method: 'GET', url: '/api/observations/ForLocation/:id' }))
    return { app, close: async () => {} };
  const own = Fastify({ logger: false, routerOptions: { caseSensitive: false, ignoreTrailingSlash: true } });
  own.setValidatorCompiler(validatorCompiler);
  own.setSerializerCompiler(serializerCompiler);
  installErrorHandling(own);
  await own.register(authPlugin, { config: deps.config, db: deps.db });
  await own.register(
    async (api) => {
      api.addHook('onRequest', api.authenticate);
      for (const routes of [
        observationRoutes,
        threatRoutes,
        advisoryRoutes,
        proactiveForecastRoutes,
        airQualityRoutes,
        forecastRoutes,
        weatherStationRoutes,
      ]) {
        await api.register(routes, deps);
      }
    },
    { prefix: '/api' },
  );
  await own.ready();
  return { app: own, close: () => own.close() };
}
