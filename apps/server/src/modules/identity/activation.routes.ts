// The invite's set-password page (issue 14) and 'resend?' (GET account/sendactivateemail, spec 02 §7):
// - GET  /account/activate?token=…  the page, when the link's token is one of ours, unused, unreplaced and unexpired;
// - POST /account/activate          the password (domain rules, argon2id) is set and the user activated, the invite
//   used, in one transaction; the browser gets a short-lived signed cookie and goes to the web app, whose sign-in
//   then completes without the password once (sign-in.routes.ts reads the cookie);
// - GET  /account/sendactivateemail?id=…  with the API's bearer token: a new invite, under the user policy.
// A link is found by the SHA-256 of its token only, so a token is never stored or compared in clear.
import { parse as parseQueryString } from 'node:querystring';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordConfirmationProblems,
  passwordProblems,
} from '@allclear/domain';
import type { DatabaseHandle } from '../../db/client.ts';
import type { EnqueueAlert } from '../../platform/alerts.ts';
import type { Bus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import { inviteTokenHash } from '../../platform/message-links.ts';
import { commonPasswordCheck } from '../../platform/common-passwords.ts';
import { hashPassword } from '../../platform/password.ts';
import { register } from '../../platform/route.ts';
import { InviteService } from '../shared/invites.ts';
import { principalOf } from '../shared/principal.ts';
import { ACTIVATION_COOKIE, ACTIVATION_SIGN_IN_MS, activationCookieSigner } from './activation-cookie.ts';
import { ActivationRepository, type InviteWithUser } from './activation.repository.ts';
import { pageCsp, renderMessagePage, renderSetPasswordPage } from './pages.ts';
import { webOrigins, type IdentityConfig } from './provider.ts';

export interface ActivationRouteDeps {
  config: IdentityConfig;
  db: DatabaseHandle;
  clock: Clock;
  enqueueAlert: EnqueueAlert;
  bus?: Bus;
}

/** Why a link does not open the page (ours; the spec shows only the admin's side, spec 02 §4). */
export const ACTIVATION_MESSAGES = {
  invalid:
    'This link is not valid. Use the link of the latest invite e-mail, or ask your administrator to send it again.',
  used: 'This link was already used: your password is set. Sign in with it.',
  expired:
    'This link has expired (links work for 72 hours). Ask your administrator to send the invite again.',
  replaced: 'A newer invite was sent to you: use the link of the latest e-mail.',
} as const;

const FORM_BODY_LIMIT = 4096;

/** The state of a link: the invite when it may set a password, else which message to show. */
export function linkState(
  invite: InviteWithUser | undefined,
  now: Date,
): { invite: InviteWithUser } | { refused: keyof typeof ACTIVATION_MESSAGES } {
  if (!invite || !invite.expiresAt || !invite.email) return { refused: 'invalid' };
  if (invite.usedAt || invite.isActive) return { refused: 'used' };
  if (invite.revokedAt) return { refused: 'replaced' };
  if (invite.expiresAt.getTime() <= now.getTime()) return { refused: 'expired' };
  return { invite };
}

export async function activationRoutes(app: FastifyInstance, deps: ActivationRouteDeps): Promise<void> {
  const { config, db, clock } = deps;
  const repo = new ActivationRepository(db.db);
  const ownOrigin = new URL(config.publicUrl).origin;
  const csp = pageCsp(webOrigins(config));
  const action = `${app.prefix}/account/activate`;

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
      // the token is in the URL: never sent on to another site
      .header('referrer-policy', 'same-origin')
      .type('text/html; charset=utf-8')
      .send(html);
  const refusal = (reply: FastifyReply, refused: keyof typeof ACTIVATION_MESSAGES) =>
    sendPage(
      reply,
      refused === 'used' ? 409 : 400,
      renderMessagePage({
        productName: config.productName,
        title: refused === 'used' ? 'Password already set' : 'Link not valid',
        message: ACTIVATION_MESSAGES[refused],
      }),
    );
  const form = (
    reply: FastifyReply,
    status: number,
    token: string,
    email: string,
    errors?: { password?: string; confirmPassword?: string },
  ) =>
    sendPage(
      reply,
      status,
      renderSetPasswordPage({
        productName: config.productName,
        action,
        token,
        email,
        minLength: PASSWORD_MIN_LENGTH,
        maxLength: PASSWORD_MAX_LENGTH,
        errors,
      }),
    );
  const lookUp = async (token: unknown) => {
    const hash = inviteTokenHash(token);
    return linkState(hash ? await repo.findByTokenHash(hash) : undefined, clock.now());
  };

  app.get<{ Querystring: { token?: string } }>(
    '/account/activate',
    { schema: { hide: true } },
    async (request, reply) => {
      const state = await lookUp(request.query.token);
      if ('refused' in state) return refusal(reply, state.refused);
      return form(reply, 200, request.query.token!, state.invite.email!);
    },
  );

  app.post<{ Body: Record<string, unknown> | undefined }>(
    '/account/activate',
    { schema: { hide: true } },
    async (request, reply) => {
      if (!isSameOrigin(request, ownOrigin)) {
        return sendPage(
          reply,
          403,
          renderMessagePage({
            productName: config.productName,
            title: 'Refused',
            message: 'The form must be sent from this site.',
          }),
        );
      }
      const body = request.body ?? {};
      const token = typeof body.token === 'string' ? body.token : '';
      const password = typeof body.password === 'string' ? body.password : '';
      const confirmation = typeof body.confirmPassword === 'string' ? body.confirmPassword : '';
      const state = await lookUp(token);
      if ('refused' in state) return refusal(reply, state.refused);
      const { invite } = state;
      const problems = passwordProblems(password, {
        email: invite.email,
        names: [`${invite.firstName} ${invite.lastName}`, invite.firstName, invite.lastName],
        // the common passwords a package ships, beside the domain's own (issue 15)
        isCommon: await commonPasswordCheck(),
      });
      const mismatch = problems.length === 0 ? passwordConfirmationProblems(password, confirmation) : [];
      if (problems.length > 0 || mismatch.length > 0) {
        return form(reply, 400, token, invite.email!, {
          password: problems[0],
          confirmPassword: mismatch[0],
        });
      }
      const now = clock.now();
      const activated = await repo.activate(invite.id, invite.userId, await hashPassword(password), now);
      if (!activated) return refusal(reply, 'used');
      deps.bus?.publish('user-changed', {
        userId: invite.userId,
        customerId: invite.customerId,
        deleted: false,
      });
      const signer = await activationCookieSigner(db.db);
      const cookie = [
        `${ACTIVATION_COOKIE}=${signer.sign(invite.id, now.getTime() + ACTIVATION_SIGN_IN_MS)}`,
        `Path=${app.prefix}`,
        'HttpOnly',
        'SameSite=Lax',
        `Max-Age=${ACTIVATION_SIGN_IN_MS / 1000}`,
        ...(config.cookieSecure ? ['Secure'] : []),
      ].join('; ');
      return reply
        .header('set-cookie', cookie)
        .header('cache-control', 'no-store')
        .redirect(`${config.publicUrl.replace(/\/$/, '')}/`, 303);
    },
  );

  // 'resend?' of the Users page: the API's bearer token (the auth plugin is registered after this module, so its
  // hook is read when a request comes)
  await app.register(async (resend) => {
    resend.addHook('onRequest', (request, reply) => request.server.authenticate(request, reply));
    const invites = new InviteService(db.db, deps.enqueueAlert, clock);
    register(resend, routes.accountSendActivateEmail, {}, async (request) =>
      invites.resend(principalOf(request), request.query.id),
    );
  });
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
