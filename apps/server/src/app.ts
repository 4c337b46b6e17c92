// Builds the Fastify application: the modules of ARCHITECTURE.md mounted at their prefixes, the
// `{ data }` envelope and `responseException` errors, OpenAPI at /api/docs, the SPA at /.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import formbody from '@fastify/formbody';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { ServerConfig } from './platform/config.ts';
import { errorBody, frameworkErrors, installErrorHandling, validatorCompiler } from './platform/errors.ts';
import { lazyChildLogger, loggerOptions, requestLogging } from './platform/logger.ts';
import { securityHeaders } from './platform/security-headers.ts';
import { ReadLane, ROUTER_OPTIONS } from './platform/read-lane.ts';
import { apiModule } from './modules/api/index.ts';
import { devFaultsPlugin, devModule } from './modules/dev/index.ts';
import { mapModule } from './modules/map/index.ts';
import { streamModule } from './modules/stream/index.ts';
import identityModule, { createAccountCheck, createIdentityKeyLoader } from './modules/identity/index.ts';
import { createConfiguredGeocoder } from './geocoding/index.ts';
import { authPlugin } from './platform/auth.ts';
import type { AppDeps } from './platform/deps.ts';
import { alertsHeldBack, reportIngest } from './platform/ingest-status.ts';

/** Service prefixes (ARCHITECTURE.md 'API conventions'); requests under them never fall back to the SPA. */
export const SERVICE_PREFIXES = [
  '/api',
  '/map',
  '/identity',
  '/integration',
  '/stream',
  '/widget-service',
  '/dev',
];

/** What buildApp takes besides the dependencies. */
export interface BuildOptions {
  /** Sees every route as it is registered (the route-table test compares them with the table). */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  // quick reads answered beside Fastify's pipeline, exactly as it would answer them (platform/read-lane.ts)
  const lane = config.server.readLane ? new ReadLane() : undefined;
  const app = Fastify({
    ...(deps.log ? { loggerInstance: deps.log } : { logger: loggerOptions(config.server.logLevel) }),
    bodyLimit: config.server.bodyLimitBytes,
    frameworkErrors,
    routerOptions: lane?.routerOptions ?? ROUTER_OPTIONS,
    ...(lane && { serverFactory: lane.serverFactory }),
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // one line per request, at info only when it matters (platform/logger.ts requestLogging)
    logController: new LogController({ disableRequestLogging: true }),
    // a request's logger is made when it first writes (platform/logger.ts)
    childLoggerFactory: lazyChildLogger,
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  await app.register(requestLogging);

  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'"],
        // the sign-in form posts to the identity service, which redirects to the SPA
        formAction: ["'self'", ...config.server.webDevOrigins],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Browsers send `Origin: null` on form POSTs under no-referrer; the sign-in form's same-origin
    // check needs the real origin.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(formbody);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'AllClear API',
        version: '0.1.0',
        description: 'Weather-risk monitoring and lightning alerting.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const healthy = { status: 'ok' };
  const healthyBody = JSON.stringify(healthy);
  const healthz = async () => healthy;
  app.get(
    '/healthz',
    {
      schema: { hide: true },
      config: { dataAnswer: true, lane: { handler: healthz, body: () => healthyBody, fixed: healthyBody } },
    },
    healthz,
  );
  // readiness is the database's (503 while it does not answer); 'degraded' while alerts are held back (the
  // database away, or the strikes that waited being applied), with what waits in the ingest journals and
  // what was dropped (no strike is lost while the database is away); each notification channel's state (configured, outbox, off) beside it, and the
  // process's unhandled rejections (a fault of ours, counted rather than ending the process)
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const channels = config.notify.channels;
    const queues = deps.ingest?.read() ?? [];
    const ingest = reportIngest(queues, deps.clock.now());
    let database: 'ready' | 'unavailable' = 'ready';
    try {
      await deps.db.query('select 1');
    } catch {
      database = 'unavailable';
    }
    const alertsHeld = database === 'unavailable' || alertsHeldBack(queues);
    const body = {
      status: alertsHeld ? 'degraded' : 'ready',
      database,
      alertsHeldBack: alertsHeld,
      ingest,
      channels,
      ...(deps.faults && { unhandledRejections: deps.faults.unhandledRejections() }),
    };
    return reply.code(database === 'ready' ? 200 : 503).send(body);
  });

  await app.register(identityModule, {
    prefix: '/identity',
    db: deps.db,
    clock: deps.clock,
    enqueueAlert: deps.enqueueAlert,
    bus: deps.bus,
    config: {
      publicUrl: config.server.publicUrl,
      webRedirectOrigins: config.server.webDevOrigins,
      cookieSecure: config.server.publicUrl.startsWith('https:'),
      productName: 'AllClear',
      accessTokenTtlSeconds: config.identity.accessTokenTtlSeconds,
    },
  });
  await app.register(authPlugin, {
    config,
    identityKeys: createIdentityKeyLoader(deps.db),
    bus: deps.bus,
    // our own users must still be able to sign in; an external issuer's tokens are its own business
    accountActive: config.identity.oidcIssuer ? undefined : createAccountCheck(deps.db),
  });
  await app.register(devFaultsPlugin, { config });
  // one geocoder for the process, from its section (GEOCODER_URL, else the bundled gazetteer)
  const geocoder =
    deps.geocoder ??
    createConfiguredGeocoder(config.geocoding, (err) =>
      app.log.warn({ err }, 'geocoder failed; answered offline'),
    );
  await app.register(apiModule, { prefix: '/api', ...deps, geocoder });
  await app.register(mapModule, { prefix: '/map', ...deps });
  await app.register(streamModule, { prefix: '/stream', ...deps });
  await app.register(devModule, { prefix: '/dev', config, db: deps.db });

  registerSpa(app, config.server);
  app.decorate('readLane', lane ?? null);
  if (lane) {
    app.addHook('onReady', async () =>
      lane.index(app, {
        log: app.log,
        keptPrincipal: app.keptPrincipal,
        faultsSet: () => (app.devFaults?.list().length ?? 0) > 0,
        dataHeaders: app.dataAnswerHeaders,
      }),
    );
    app.addHook('preClose', async () => lane.close());
  }
  return app;
}

/** Serves the built web app, with index.html for every client-side route. */
function registerSpa(app: FastifyInstance, server: ServerConfig): void {
  const dist = resolve(server.webDist ?? join(process.cwd(), 'apps/web/dist'));
  const indexPath = join(dist, 'index.html');
  const hasWeb = existsSync(indexPath);
  if (hasWeb) {
    void app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      maxAge: '1h',
      immutable: false,
    });
  }
  const indexHtml = hasWeb ? readFileSync(indexPath, 'utf8') : undefined;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!.toLowerCase();
    const isService = SERVICE_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
    if (!isService && request.method === 'GET' && indexHtml) {
      return reply.header('cache-control', 'no-cache').type('text/html').send(indexHtml);
    }
    return reply.code(404).send(errorBody('Not Found'));
  });
}
