// Our sign-in page at the provider's interaction URL: GET renders it, POST .../login checks the
// e-mail and password (argon2id) and hands the result back to oidc-provider. The interaction
// cookie oidc-provider binds to this path, plus a same-origin check, protect the POST.
import { parse as parseQueryString } from 'node:querystring';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { hashPassword, verifyPassword } from '../../platform/password.ts';
import { findSignInAccount, findSignInAccountByEmail } from './account.ts';
import {
  ACTIVATION_COOKIE,
  ACTIVATION_SIGN_IN_MS,
  activationCookieSigner,
  cookieValue,
} from './activation-cookie.ts';
import { ActivationRepository } from './activation.repository.ts';
import { INVALID_CREDENTIALS_MESSAGE, pageCsp, renderMessagePage, renderSignInPage } from './pages.ts';
import { webOrigins, type IdentityConfig } from './provider.ts';
import { accountKey, addressKey, type SlidingWindowLimiter } from './sign-in-rate-limit.ts';
import { AuthEventRepository, type AuthEventInput } from './auth-events.repository.ts';

export interface SignInRouteDeps {
  provider: Provider;
  config: IdentityConfig;
  db: DatabaseHandle;
  limiter: SlidingWindowLimiter;
  /** The clock, ms since epoch. */
  now: () => number;
  /** The product's clock, which invites are dated by (activation-cookie.ts); the system clock when absent. */
  clock?: Clock;
}

/** The message of a 429 answer to the sign-in form. */
export const TOO_MANY_ATTEMPTS_MESSAGE =
  'Too many failed sign-in attempts. Please wait {minutes} and try again.';

const EXPIRED_MESSAGE =
  'This sign-in request has expired or is not valid. Go back to the app and sign in again.';
const FORM_BODY_LIMIT = 4096;

// A hash to check against when the e-mail is unknown, so that both answers take as long.
let dummyHash: Promise<string> | undefined;

/** Registers GET /interaction/:uid and POST /interaction/:uid/login in an encapsulated context. */
export async function signInRoutes(app: FastifyInstance, deps: SignInRouteDeps): Promise<void> {
  const { provider, config } = deps;
  const ownOrigin = new URL(config.publicUrl).origin;
  const csp = pageCsp(webOrigins(config));

  // Our own small parser, whatever the parent registered: the form is two short fields.
  app.removeContentTypeParser('application/x-www-form-urlencoded');
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_req, body, done) => done(null, parseQueryString(body as string)),
  );

  const sendPage = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .header('content-security-policy', csp)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);

  const message = (reply: FastifyReply, status: number, title: string, text: string) =>
    sendPage(reply, status, renderMessagePage({ productName: config.productName, title, message: text }));

  const loadInteraction = async (
    request: FastifyRequest<{ Params: { uid: string } }>,
    reply: FastifyReply,
  ) => {
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      return details.uid === request.params.uid ? details : undefined;
    } catch {
      return undefined;
    }
  };

  // the audit trail: a failure to write it is logged, never turned into a different answer to the caller
  const auditTrail = new AuthEventRepository(deps.db.db);
  const audit = async (request: FastifyRequest, event: Omit<AuthEventInput, 'ip'>) => {
    try {
      await auditTrail.record({ ...event, ip: request.ip });
    } catch (err) {
      request.log.error({ err, event: event.kind }, 'security audit entry not written');
    }
  };

  const loginAction = (uid: string) => `${app.prefix}/interaction/${encodeURIComponent(uid)}/login`;

  /** The account an activation cookie signs in (once, within ACTIVATION_SIGN_IN_MS); the cookie is cleared. */
  const activations = new ActivationRepository(deps.db.db);
  const activationSignIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<string | undefined> => {
    const value = cookieValue(request.headers.cookie, ACTIVATION_COOKIE);
    if (!value) return undefined;
    // on the raw response, so it goes out beside any cookie the provider sets there
    reply.raw.appendHeader(
      'set-cookie',
      `${ACTIVATION_COOKIE}=; Path=${app.prefix}; Max-Age=0; HttpOnly; SameSite=Lax`,
    );
    const now = deps.clock?.now().getTime() ?? Date.now();
    const inviteId = (await activationCookieSigner(deps.db.db)).verify(value, now);
    const userId = inviteId
      ? await activations.takeSignIn(inviteId, new Date(now - ACTIVATION_SIGN_IN_MS), new Date(now))
      : undefined;
    const account = userId ? await findSignInAccount(deps.db, userId) : undefined;
    return account?.userId;
  };

  app.get<{ Params: { uid: string } }>(
    '/interaction/:uid',
    { schema: { hide: true } },
    async (request, reply) => {
      const details = await loadInteraction(request, reply);
      if (!details) return message(reply, 400, 'Sign-in expired', EXPIRED_MESSAGE);
      if (details.prompt.name === 'consent') {
        // Only our own web app reaches this provider, and it needs no consent screen.
        const accountId = details.session?.accountId;
        if (!accountId) return message(reply, 400, 'Sign-in expired', EXPIRED_MESSAGE);
        const grant =
          (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
          new provider.Grant({ accountId, clientId: String(details.params.client_id) });
        const missing = details.prompt.details as {
          missingOIDCScope?: string[];
          missingOIDCClaims?: string[];
          missingResourceScopes?: Record<string, string[]>;
        };
        if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
        if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
        for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
          grant.addResourceScope(indicator, scopes.join(' '));
        }
        const grantId = await grant.save();
        const returnTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          { consent: { grantId } },
          { mergeWithLastSubmission: true },
        );
        return reply.code(303).header('cache-control', 'no-store').redirect(returnTo, 303);
      }
      // the browser that has just set its password (an invite's link) is signed in without it, once
      if (details.prompt.name === 'login') {
        const accountId = await activationSignIn(request, reply);
        if (accountId) {
          const returnTo = await provider.interactionResult(
            request.raw,
            reply.raw,
            { login: { accountId, amr: ['pwd'], remember: true } },
            { mergeWithLastSubmission: false },
          );
          return reply.code(303).header('cache-control', 'no-store').redirect(returnTo, 303);
        }
      }
      const loginHint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
      return sendPage(
        reply,
        200,
        renderSignInPage({
          productName: config.productName,
          action: loginAction(details.uid),
          email: loginHint,
        }),
      );
    },
  );

  app.post<{ Params: { uid: string }; Body: Record<string, unknown> | undefined }>(
    '/interaction/:uid/login',
    { schema: { hide: true } },
    async (request, reply) => {
      if (!isSameOrigin(request, ownOrigin)) {
        return message(reply, 403, 'Sign-in refused', 'The sign-in form must be sent from this site.');
      }
      const details = await loadInteraction(request, reply);
      if (!details || details.prompt.name !== 'login')
        return message(reply, 400, 'Sign-in expired', EXPIRED_MESSAGE);

      const body = request.body ?? {};
      const email = typeof body.email === 'string' ? body.email.trim().slice(0, 320) : '';
      const password = typeof body.password === 'string' ? body.password.slice(0, 1024) : '';
      const now = deps.now();
      // per address and per account typed (also one that does not exist: the same answer for both)
      const keys = [addressKey(request.ip), accountKey(email)];
      const blockedFor = Math.max(...keys.map((k) => deps.limiter.retryAfterMs(k, now)));
      if (blockedFor > 0) {
        await audit(request, {
          kind: 'sign-in-refused',
          at: new Date(now),
          email,
          details: { retryAfterMs: blockedFor },
        });
        const minutes = Math.ceil(blockedFor / 60_000);
        reply.header('retry-after', String(Math.ceil(blockedFor / 1000)));
        return message(
          reply,
          429,
          'Too many attempts',
          TOO_MANY_ATTEMPTS_MESSAGE.replace('{minutes}', `${minutes} minute${minutes === 1 ? '' : 's'}`),
        );
      }

      const found = email ? await findSignInAccountByEmail(deps.db, email) : undefined;
      dummyHash ??= hashPassword('allclear-timing-equaliser');
      const ok = await verifyPassword(found?.passwordHash ?? (await dummyHash), password);
      if (!found || !ok || !password) {
        for (const key of keys) deps.limiter.recordFailure(key, now);
        request.log.info({ event: 'sign_in_failed' }, 'sign-in failed');
        await audit(request, {
          kind: 'sign-in-failed',
          at: new Date(now),
          email,
          userId: found?.account.userId ?? null,
          customerId: found?.account.customerId ?? null,
          details: { reason: found ? 'wrong password' : 'unknown account' },
        });
        return sendPage(
          reply,
          401,
          renderSignInPage({
            productName: config.productName,
            action: loginAction(details.uid),
            email,
            error: INVALID_CREDENTIALS_MESSAGE,
          }),
        );
      }

      // the account's count starts again; the address's does not (one good account must not reset a guesser's count)
      deps.limiter.reset(accountKey(email));
      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: found.account.userId, amr: ['pwd'], remember: true } },
        { mergeWithLastSubmission: false },
      );
      return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
    },
  );
}

/** True when the request's Origin (or, lacking one, its Referer) is our own origin. */
function isSameOrigin(request: FastifyRequest, ownOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin) return origin === ownOrigin;
  const referer = request.headers.referer;
  if (!referer) return false;
  try {
    return new URL(referer).origin === ownOrigin;
  } catch {
    return false;
  }
}
