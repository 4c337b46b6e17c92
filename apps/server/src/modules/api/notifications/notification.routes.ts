// GET Notification/History (spec 02 §2.6, §7; spec 03 §2.3), POST User/PushSubscription,
// GET User/PushSubscription/PublicKey, GET Audit/Location/{id}, GET Audit/DeadLetters, and GET Notification/Channels
// (which channels deliver, go to the outbox or are off: any signed-in user, whose settings show unavailable ones),
// GET Notification/IngestStatus (whether alerts are held back by a database outage: the admin roles' banner).
import type { FastifyPluginAsync } from 'fastify';
import { routes } from '@allclear/contracts/routes';
import type { AppDeps } from '../../../platform/deps.ts';
import { register } from '../../../platform/route.ts';
import { principalOf } from '../../shared/principal.ts';
import { NotificationRepository } from './notification.repository.ts';
import { HeldBackService } from './held-back.service.ts';
import { NotificationService } from './notification.service.ts';

export const notificationRoutes: FastifyPluginAsync<
  Pick<AppDeps, 'config' | 'db' | 'clock' | 'ingest'>
> = async (app, { config, db, clock, ingest }) => {
  const service = new NotificationService(new NotificationRepository(db.db));
  const heldBack = new HeldBackService(ingest, clock);

  register(app, routes.notificationHistory, {}, async (request) => {
    const { count, startDate, endDate } = request.query;
    return service.history(principalOf(request), count, startDate, endDate);
  });

  register(app, routes.notificationChannels, {}, async () => config.notify.channels);

  register(app, routes.ingestStatus, {}, async (request) => heldBack.status(principalOf(request)));

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
