// The notificationuser calls of spec 02 §7 'Users and groups' (issue 14): GET notificationuser, POST
// notificationuser, POST notificationuser/update, DELETE notificationuser/{id}, GET
// notificationuser/{id}/emailsubscriptions; and the contacts' unsubscribe link, reached without sign-in (the
// table marks it public): GET shows a page with an Unsubscribe button, POST (the button, or a mail client's RFC 8058
// one-click 'List-Unsubscribe=One-Click') unsubscribes at once.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { register } from '../../../platform/route.ts';
import { principalOf } from '../../shared/principal.ts';
import { NotificationUserService } from './notification-user.service.ts';
import { renderUnsubscribePage, UNSUBSCRIBE_PAGE_CSP } from './unsubscribe-page.ts';

/** The largest body the unsubscribe POST reads (a one-click body is 26 bytes). */
const UNSUBSCRIBE_BODY_LIMIT = 4096;

export const notificationUserRoutes: FastifyPluginAsync<
  Pick<AppDeps, 'db' | 'enqueueAlert' | 'clock'>
> = async (app, { db, enqueueAlert, clock }) => {
  const service = new NotificationUserService(db.db, enqueueAlert, clock);
  // RFC 8058 lets a mail client post the one-click body as multipart/form-data: its content is not read
  app.addContentTypeParser(
    'multipart/form-data',
    { bodyLimit: UNSUBSCRIBE_BODY_LIMIT },
    (_request, payload, done) => {
      payload.resume();
      payload.on('end', () => done(null, {}));
      payload.on('error', (err) => done(err, undefined));
    },
  );

  register(app, routes.notificationUserList, {}, async (request) =>
    service.list(principalOf(request), request.query),
  );
  register(app, routes.notificationUserAdd, {}, async (request) =>
    service.create(principalOf(request), request.body),
  );
  register(app, routes.notificationUserUpdate, {}, async (request) =>
    service.update(principalOf(request), request.body),
  );
  register(app, routes.notificationUserDelete, {}, async (request) =>
    service.delete(principalOf(request), request.params.id),
  );
  register(app, routes.notificationUserEmailSubscriptions, {}, async (request) =>
    service.emailSubscriptions(principalOf(request), request.params.id),
  );

  const page = (status: number, html: string) => ({ status, html });
  const answer = async (u: number, s: string, apply: boolean) => {
    const outcome = await service.unsubscribe(u, s, apply);
    return page(outcome === 'invalid' ? 400 : 200, renderUnsubscribePage(outcome, apply, u, s));
  };
  register(app, routes.notificationUserUnsubscribePage, {}, async (request, reply) => {
    const { status, html } = await answer(request.query.u, request.query.s, false);
    return sendPage(reply, status, html);
  });
  register(app, routes.notificationUserUnsubscribe, {}, async (request, reply) => {
    const { status, html } = await answer(request.query.u, request.query.s, true);
    return sendPage(reply, status, html);
  });
};

function sendPage(reply: FastifyReply, status: number, html: string) {
  return (
    reply
      .code(status)
      .header('cache-control', 'no-store')
      // the link's signature is in the URL: never sent on to another site
      .header('referrer-policy', 'same-origin')
      .header('content-security-policy', UNSUBSCRIBE_PAGE_CSP)
      .type('text/html; charset=utf-8')
      .send(html)
  );
}
