// The identity service (ARCHITECTURE.md 'identity'): a real OpenID Connect provider under
// /identity with our own sign-in page. Register with
//   app.register(identityModule, { prefix: '/identity', config, db })
// Everything under the prefix that is not our sign-in page is handed to oidc-provider's Koa app,
// with the prefix stripped from the URL and kept in `originalUrl` (as Express would), so the URLs
// it builds are all under the issuer `${publicUrl}/identity`.
import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import type { EnqueueAlert } from '../../platform/alerts.ts';
import type { Bus } from '../../platform/bus.ts';
import { systemClock, type Clock } from '../../platform/clock.ts';
import { activationRoutes } from './activation.routes.ts';
import { createIdentityProvider, identityIssuer, type IdentityConfig } from './provider.ts';
import { signInRoutes } from './sign-in.routes.ts';
import { passwordChangeRoutes } from './password-change.routes.ts';
import { userInfoRoutes } from './userinfo.ts';
import {
  createSlidingWindowLimiter,
  SIGN_IN_FAILURE_LIMIT,
  type SlidingWindowLimiter,
} from './sign-in-rate-limit.ts';
import { inProviderRequest } from './provider-context.ts';

export type { IdentityConfig } from './provider.ts';
export { apiAudience, identityIssuer, WEB_CLIENT_ID } from './provider.ts';
export { createIdentityKeyLoader, loadPublicJwks } from './signing-keys.ts';
export { createAccountCheck } from './account.ts';

export interface IdentityModuleOptions {
  config: IdentityConfig;
  db: DatabaseHandle;
  /** Failed sign-in limiter (default: 10 failures per 15 min per IP and per e-mail, in memory). */
  limiter?: SlidingWindowLimiter;
  /** Wrong current passwords of a password change, per account (default: as the sign-in limit, in memory). */
  passwordLimiter?: SlidingWindowLimiter;
  /** Clock for the limiter, ms since epoch (default Date.now). */
  now?: () => number;
  /** The product's clock: invites' links expire by it (default the system clock). */
  clock?: Clock;
  /** Hands an invite's e-mail to the notifier ('resend?'); without it the set-password pages are not served. */
  enqueueAlert?: EnqueueAlert;
  /** Where 'user-changed' is published when an invited user sets their password. */
  bus?: Bus;
}

const identityModule: FastifyPluginAsync<IdentityModuleOptions> = async (app, opts) => {
  const { config, db } = opts;
  const issuerPath = new URL(identityIssuer(config.publicUrl)).pathname;
  if (app.prefix.toLowerCase() !== issuerPath.toLowerCase()) {
    throw new Error(`identityModule must be registered with prefix '${issuerPath}' (got '${app.prefix}')`);
  }
  const provider = await createIdentityProvider(config, db);
  provider.on('server_error', (_ctx, err) => app.log.error({ err }, 'identity provider error'));
  const handleOidc = provider.callback();
  const publicUrl = new URL(config.publicUrl);

  // Every URL the provider builds uses publicUrl's host and protocol, however it was reached.
  app.addHook('onRequest', async (request) => {
    request.raw.headers['x-forwarded-host'] = publicUrl.host;
    request.raw.headers['x-forwarded-proto'] = publicUrl.protocol.replace(':', '');
  });

  await app.register(signInRoutes, {
    provider,
    config,
    db,
    limiter: opts.limiter ?? createSlidingWindowLimiter(SIGN_IN_FAILURE_LIMIT),
    now: opts.now ?? Date.now,
    clock: opts.clock,
  });

  // An invite's set-password page and 'resend?' (issue 14).
  if (opts.enqueueAlert) {
    await app.register(activationRoutes, {
      config,
      db,
      clock: opts.clock ?? systemClock,
      enqueueAlert: opts.enqueueAlert,
      bus: opts.bus,
    });
  }

  // The password change (issue 15): the caller's own, with the API's bearer token; wrong current passwords are
  // limited per account like sign-in failures.
  if (opts.enqueueAlert) {
    await app.register(passwordChangeRoutes, {
      db,
      limiter: opts.passwordLimiter ?? createSlidingWindowLimiter(SIGN_IN_FAILURE_LIMIT),
      enqueueAlert: opts.enqueueAlert,
      bus: opts.bus,
      now: opts.now ?? Date.now,
      productName: config.productName,
    });
  }

  // Our user-info endpoint, in front of the provider's (userinfo.ts).
  await app.register(userInfoRoutes, { config, db });

  await app.register(async (oidc) => {
    // oidc-provider reads request bodies itself: leave the stream untouched.
    oidc.removeAllContentTypeParsers();
    oidc.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const prefixLength = app.prefix.length;
    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      const url = raw.url ?? '/';
      raw.originalUrl = url;
      raw.url = url.slice(prefixLength) || '/';
      await inProviderRequest(() => handleOidc(raw, reply.raw));
    };
    oidc.all('/', { schema: { hide: true } }, forward);
    oidc.all('/*', { schema: { hide: true } }, forward);
  });
};

export default identityModule;
