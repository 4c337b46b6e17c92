// GET Notification/History (spec 02 §2.6, §7; spec 03 §2.3), POST User/PushSubscription,
// GET User/PushSubscription/PublicKey, GET Audit/Location/{id}, GET Audit/DeadLetters, and GET Notification/Channels
// (which channels deliver, go to the outbox or are off: any signed-in user, whose settings show unavailable ones).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAuditEvent,
  ZAuditQuery,
  ZDeadLetter,
  ZIdParam,
  ZNotification,
  ZNotificationChannels,
  ZNotificationHistoryQuery,
  ZPushSubscription,
  envelope,
  errorResponses,
} from '@allclear/contracts';
import type { AppDeps } from '../../../app.ts';
import { principalOf } from '../scope.ts';
import { NotificationRepository } from './notification.repository.ts';
import { NotificationService } from './notification.service.ts';

export const notificationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { config, db }) => {
  const service = new NotificationService(new NotificationRepository(db.db));
  const tags = ['notifications'];

  app.get(
    '/Notification/History',
    {
      schema: {
        tags,
        querystring: ZNotificationHistoryQuery,
        response: { 200: envelope(z.array(ZNotification)), ...errorResponses },
      },
    },
    async (request) => {
      const { count, startDate, endDate } = request.query;
      return { data: await service.history(principalOf(request), count, startDate, endDate) };
    },
  );

  app.get(
    '/Notification/Channels',
    { schema: { tags, response: { 200: envelope(ZNotificationChannels), ...errorResponses } } },
    async () => ({ data: config.notify.channels }),
  );

  app.post(
    '/User/PushSubscription',
    { schema: { tags, body: ZPushSubscription, response: { 200: envelope(z.string()), ...errorResponses } } },
    async (request) => {
      await service.savePushSubscription(principalOf(request), request.body);
      return { data: 'Subscribed' };
    },
  );

  app.get(
    '/User/PushSubscription/PublicKey',
    { schema: { tags, response: { 200: envelope(z.string().nullable()), ...errorResponses } } },
    async () => ({ data: await service.vapidPublicKey() }),
  );

  app.get(
    '/Audit/Location/:id',
    {
      schema: {
        tags,
        params: ZIdParam,
        querystring: ZAuditQuery,
        response: { 200: envelope(z.array(ZAuditEvent)), ...errorResponses },
      },
    },
    async (request) => ({
      data: await service.locationAudit(principalOf(request), request.params.id, request.query.count),
    }),
  );

  app.get(
    '/Audit/DeadLetters',
    {
      schema: {
        tags,
        querystring: ZAuditQuery,
        response: { 200: envelope(z.array(ZDeadLetter)), ...errorResponses },
      },
    },
    async (request) => ({ data: await service.deadLetters(principalOf(request), request.query.count) }),
  );
};
