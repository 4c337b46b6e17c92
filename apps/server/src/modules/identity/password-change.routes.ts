// POST /identity/account/change (spec 02 §7 'Change password: identity service POST account/change'): with the API's
// bearer token, as 'resend?' (activation.routes.ts); the auth plugin is registered after the identity module, so its
// hook is read when a request comes.
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { routes } from '@allclear/contracts/routes';
import type { DatabaseHandle } from '../../db/client.ts';
import type { EnqueueAlert } from '../../platform/alerts.ts';
import type { Bus } from '../../platform/bus.ts';
import { register } from '../../platform/route.ts';
import { principalOf } from '../shared/principal.ts';
import { SESSION_CLAIM } from './account.ts';
import { AuthEventRepository } from './auth-events.repository.ts';
import { PasswordChangeRepository } from './password-change.repository.ts';
import { PasswordChangeService } from './password-change.service.ts';
import type { SlidingWindowLimiter } from './sign-in-rate-limit.ts';

export interface PasswordChangeRouteDeps {
  db: DatabaseHandle;
  limiter: SlidingWindowLimiter;
  enqueueAlert: EnqueueAlert;
  bus?: Bus;
  /** Real time, ms since epoch: tokens are dated by it, never by the product's clock. */
  now: () => number;
  productName: string;
}

/** The session the bearer token was issued to (its `session_uid` claim), or null. */
function sessionOf(authorization: string | undefined): string | null {
  const token = /^Bearer\s+(\S+)/i.exec(authorization ?? '')?.[1];
  if (!token) return null;
  const claim = decodeJwt(token)[SESSION_CLAIM];
  return typeof claim === 'string' && claim ? claim : null;
}

export async function passwordChangeRoutes(
  app: FastifyInstance,
  deps: PasswordChangeRouteDeps,
): Promise<void> {
  const service = new PasswordChangeService({
    repo: new PasswordChangeRepository(deps.db.db),
    audit: new AuthEventRepository(deps.db.db),
    limiter: deps.limiter,
    enqueueAlert: deps.enqueueAlert,
    bus: deps.bus,
    productName: deps.productName,
  });
  app.addHook('onRequest', (request, reply) => request.server.authenticate(request, reply));
  register(app, routes.accountChangePassword, {}, async (request) =>
    service.change(principalOf(request), request.body, {
      ip: request.ip,
      sessionUid: sessionOf(request.headers.authorization),
      nowMs: deps.now(),
    }),
  );
}
