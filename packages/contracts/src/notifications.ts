// Contracts for the notification calls: history for the bell and My Notifications (spec 02 §2.6, §3
// 'Notification', §7; spec 03 §2.3), push subscriptions, and the audit trail and dead letters.
import { z } from 'zod';

/** GET Notification/History query: count (default 20), startDate and endDate (ISO date-times). */
export const ZNotificationHistoryQuery = z
  .object({
    count: z.coerce.number().int().min(1).max(500).default(20),
    startDate: z.coerce.date().optional(),
    endDate: z.coerce.date().optional(),
  })
  .strict();
export type TNotificationHistoryQuery = z.infer<typeof ZNotificationHistoryQuery>;

/** spec 02 §3 'Notification': id, message, sentUtc, timeZone, eventType, correlationId. */
export const ZNotification = z.object({
  id: z.number().int(),
  message: z.string(),
  sentUtc: z.string(),
  timeZone: z.string(),
  eventType: z.number().int(),
  correlationId: z.string().nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** POST User/PushSubscription: a W3C PushSubscription as the browser serialises it. */
export const ZPushSubscription = z.object({
  endpoint: z.url().max(2048),
  keys: z.object({ p256dh: z.string().min(1).max(512), auth: z.string().min(1).max(256) }),
});
export type TPushSubscription = z.infer<typeof ZPushSubscription>;

/** One delivery of an alert event: who, on which channel, and what became of it. */
export const ZAuditDelivery = z.object({
  id: z.string(),
  recipient: z.string(),
  recipientKey: z.string(),
  channel: z.string(),
  address: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  acceptedAt: z.string().nullable(),
});

/** An alert event with why it fired (details) and its deliveries ('why did this alert fire?'). */
export const ZAuditEvent = z.object({
  id: z.string(),
  kind: z.string(),
  notificationType: z.number().int(),
  locationId: z.number().int().nullable(),
  policyId: z.number().int().nullable(),
  correlationId: z.string(),
  occurredAt: z.string(),
  subject: z.string(),
  body: z.string(),
  details: z.record(z.string(), z.unknown()),
  deliveries: z.array(ZAuditDelivery),
});
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

/** GET Audit/Location/{id} query: newest events first, at most count. */
export const ZAuditQuery = z.object({ count: z.coerce.number().int().min(1).max(500).default(50) }).strict();

/** A dead letter: a delivery that failed for good, with its event. */
export const ZDeadLetter = ZAuditDelivery.extend({
  eventId: z.string(),
  customerId: z.number().int(),
  kind: z.string(),
  subject: z.string(),
  occurredAt: z.string(),
});
export type TDeadLetter = z.infer<typeof ZDeadLetter>;

/**
 * How a notification channel delivers: 'configured' (its provider), 'outbox' (kept in the local outbox at
 * /dev/outbox, not sent), 'off' (turned off by the operator: shown as unavailable, nothing is sent).
 */
export const ZChannelState = z.enum(['configured', 'outbox', 'off']);
export type TChannelState = z.infer<typeof ZChannelState>;

/** GET Notification/Channels: each channel's state, decided at the server's start. */
export const ZNotificationChannels = z.object({
  email: ZChannelState,
  sms: ZChannelState,
  push: ZChannelState,
  webhook: ZChannelState,
  singlewire: ZChannelState,
});
export type TNotificationChannels = z.infer<typeof ZNotificationChannels>;
