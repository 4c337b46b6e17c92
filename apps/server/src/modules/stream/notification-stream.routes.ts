// GET /stream/Notifications (issue 15; spec 03 §2.3): server-sent events of the notifications sent to the caller.
// As the lightning stream, the bearer token rides in the Authorization header and the stream ends with the token.
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../platform/deps.ts';
import { register } from '../../platform/route.ts';
import { principalOf } from '../shared/principal.ts';
import { msUntilTokenExpires } from './lightning-stream.routes.ts';
import { NotificationStreamHub } from './notification-stream.service.ts';
import { openSse } from './sse.ts';

export const notificationStreamRoutes: FastifyPluginAsync<Pick<AppDeps, 'bus'>> = async (app, { bus }) => {
  const hub = new NotificationStreamHub(bus);
  app.addHook('preClose', () => hub.close());

  register(app, routes.streamNotifications, {}, async (request, reply) => {
    let remove = () => {};
    const connection = openSse(reply, () => remove(), { lifetimeMs: msUntilTokenExpires(request) });
    remove = hub.add(principalOf(request), connection);
    return reply;
  });
};
