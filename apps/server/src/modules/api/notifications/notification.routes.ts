// GET Notification/History (spec 02 §2.6, §7; spec 03 §2.3), POST User/PushSubscription,
// GET User/PushSubscription/PublicKey, GET Audit/Location/{id}, GET Audit/DeadLetters, and GET Notification/Channels
// (which channels deliver, go to the outbox or are off: any signed-in user, whose settings show unavailable ones).
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { register } from '../../../platform/route.ts';
import { principalOf } from '../../shared/principal.ts';
import { NotificationRepository } from './notification.repository.ts';
import { NotificationService } from './notification.service.ts';

export const notificationRoutes: FastifyPluginAsync<Pick<AppDeps, 'config' | 'db'>> = async (
  app,
  { config, db },
) => {
  const service = new NotificationService(new NotificationRepository(db.db));

  register(app, routes.notificationHistory, {}, async (request) => {
    const { count, startDate, endDate } = request.query;
    return service.history(principalOf(request), count, startDate, endDate);
  });

  register(app, routes.notificationChannels, {}, async () => config.notify.channels);

  register(app, routes.pushSubscriptionSave, {}, async (request) => {
    await service.savePushSubscription(principalOf(request), request.body);
    return 'Subscribed';
  });

  register(app, routes.pushSubscriptionPublicKey, {}, async () => service.vapidPublicKey());

  register(app, routes.auditLocation, {}, async (request) =>
    service.locationAudit(principalOf(request), request.params.id, request.query.count),
  );

  register(app, routes.auditDeadLetters, {}, async (request) =>
    service.deadLetters(principalOf(request), request.query.count),
  );
};
