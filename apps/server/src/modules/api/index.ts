// The main API service (/api): every route requires a signed-in caller.
import type { FastifyPluginAsync, onRequestHookHandler } from 'fastify';
import type { AnyRoute } from '@allclear/contracts/routes';
import type { Geocoder } from '../../geocoding/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { addRouteOnRequest } from '../../platform/route-hooks.ts';
import { urlSignerFor } from '../../platform/url-signer.ts';
import { createApiReads } from '../shared/reads.ts';
import { customerRoutes } from './customers/customer.routes.ts';
import { locationRoutes } from './locations/location.routes.ts';
import { siteRoutes } from './sites/site.routes.ts';
import { policyRoutes } from './policies/policy.routes.ts';
import { notificationRoutes } from './notifications/notification.routes.ts';
import { observationRoutes } from './observations/observation.routes.ts';
import { historyRoutes } from './history/history.routes.ts';
import { reportRoutes } from './reports/report.routes.ts';
import { threatRoutes } from './threats/threat.routes.ts';
import { advisoryRoutes } from './advisories/advisory.routes.ts';
import { proactiveForecastRoutes } from './proactive-forecasts/proactive-forecast.routes.ts';
import { airQualityRoutes } from './air-quality/air-quality.routes.ts';
import { forecastRoutes } from './forecasts/forecast.routes.ts';
import { weatherStationRoutes } from './weather-stations/weather-station.routes.ts';
import { userRoutes } from './users/user.routes.ts';
import { notificationUserRoutes } from './users/notification-user.routes.ts';
import { heatStressRoutes } from './heat-stress/heat-stress.routes.ts';
import { lightningRoutes } from './lightning/lightning.routes.ts';
import { simRoutes } from './sim/sim.routes.ts';
import { profileRoutes } from './profile/profile.routes.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { supportRoutes } from './support/support.routes.ts';
import { hardwareRoutes } from './hardware/hardware.routes.ts';
import { relayRoutes } from './relays/relay.routes.ts';
import { paRoutes } from './pa/pa.routes.ts';
import { drillRoutes } from './drills/drill.routes.ts';

export const apiModule: FastifyPluginAsync<AppDeps & { geocoder: Geocoder }> = async (app, opts) => {
  // the options carry this module's prefix too; pass only the dependencies down
  const { config, db, clock, weather, enqueueAlert, bus, geocoder, ingest } = opts;
  // what this process keeps of the reads, dropped by the bus's change events (modules/shared/reads.ts)
  const reads = createApiReads(db.db, bus, clock);
  app.addHook('onClose', async () => reads.close());
  const deps = { config, db, clock, weather, enqueueAlert, bus, geocoder, ingest, reads };
  // Every route needs a bearer token, except a route marked `signedUrl` reached with a valid
  // signature (an <img> of a station image cannot send our header), and a route the table marks public (a
  // contact's unsubscribe link). Each route gets its check at registration, after its security headers: a callback
  // hook, so a token already verified is let through without a promise, and no per-request read of
  // `request.routeOptions`, which builds a new object each time (issue 18 profiles).
  const signedOrToken: onRequestHookHandler = (request, reply, done) => {
    if (request.headers.authorization) return app.authenticateHook(request, reply, done);
    const { exp, sig } = request.query as { exp?: unknown; sig?: unknown };
    const path = request.url.split('?')[0]!;
    urlSignerFor(db.db).then((signer) => {
      if (signer.verify(path, exp, sig, clock.now().getTime())) done();
      else app.authenticateHook(request, reply, done);
    }, done);
  };
  app.addHook('onRoute', (route) => {
    const config = route.config as { route?: AnyRoute; signedUrl?: boolean } | undefined;
    if (config?.route?.public) return;
    const check = config?.signedUrl ? signedOrToken : app.authenticateHook;
    addRouteOnRequest(route, 'last', check);
  });
  await app.register(userRoutes, deps);
  await app.register(customerRoutes, deps);
  await app.register(locationRoutes, deps);
  await app.register(siteRoutes, deps);
  await app.register(policyRoutes, deps);
  await app.register(notificationRoutes, deps);
  await app.register(observationRoutes, deps);
  // the station historical page, its exports (issue 17)
  await app.register(historyRoutes, deps);
  await app.register(reportRoutes, deps);
  await app.register(threatRoutes, deps);
  await app.register(advisoryRoutes, deps);
  await app.register(proactiveForecastRoutes, deps);
  await app.register(airQualityRoutes, deps);
  await app.register(forecastRoutes, deps);
  await app.register(weatherStationRoutes, deps);
  await app.register(heatStressRoutes, deps);
  await app.register(lightningRoutes, deps);
  await app.register(simRoutes, deps);
  await app.register(notificationUserRoutes, deps);
  // the caller's own account (issue 15)
  await app.register(profileRoutes, deps);
  await app.register(settingsRoutes, deps);
  await app.register(supportRoutes, deps);
  // on-site hardware (issue 16)
  await app.register(hardwareRoutes, { ...deps, devices: opts.devices });
  await app.register(relayRoutes, { ...deps, devices: opts.devices });
  await app.register(paRoutes, deps);
  await app.register(drillRoutes, deps);
};
