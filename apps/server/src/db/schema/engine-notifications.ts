// Engine tables of the notifier (issue 5): alert events (the audit trail 'why did this alert fire?'),
// their deliveries (the transactional outbox: one row per event, recipient and channel, unique, so a
// recipient never gets one alert twice), web-push subscriptions, and the local development outbox.
import { index, integer, jsonb, pgTable, serial, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { users } from './users.ts';

/** One engine decision people may need to hear about (engine/contracts.ts AlertEvent). */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: uuid().primaryKey(),
    kind: text().notNull(),
    /** spec 01 §3 'Notification type' (1..13). */
    notificationType: integer().notNull(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** No foreign key: the audit trail outlives a deleted location. */
    locationId: integer(),
    sirenId: integer(),
    policyId: integer(),
    policyTypeShortName: text(),
    correlationId: text().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    details: jsonb().$type<Record<string, unknown>>().notNull(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('alert_events_customer_location_idx').on(t.customerId, t.locationId, t.occurredAt),
    index('alert_events_correlation_id_idx').on(t.correlationId),
  ],
);

/**
 * One message of an event to one recipient on one channel: the outbox row written in the event's
 * transaction. status: pending, retrying, delivered, dead (dead letters are kept).
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid()
      .notNull()
      .references(() => alertEvents.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** 'user:<uuid>', 'notification-user:<id>', 'webhook:<id>', 'singlewire:<mapping id>'. */
    recipientKey: text().notNull(),
    userId: uuid(),
    notificationUserId: integer(),
    recipientName: text().notNull().default(''),
    /** email, sms, push, webhook, singlewire. */
    channel: text().notNull(),
    /** E-mail address, phone number, URL or scenario id, as sent. */
    address: text().notNull().default(''),
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the channel accepted the message (SMTP 250, Twilio 201, push 201, webhook 2xx). */
    acceptedAt: timestamp({ withTimezone: true }),
    /**
     * The delivery whose message carried this one (status 'merged', then its outcome): a burst of life-safety
     * messages to one address goes as one message naming every location.
     */
    mergedInto: uuid(),
  },
  (t) => [
    unique('alert_deliveries_dedup_key').on(t.eventId, t.recipientKey, t.channel),
    index('alert_deliveries_status_idx').on(t.status),
    index('alert_deliveries_channel_address_idx').on(t.channel, t.address, t.acceptedAt),
  ],
);

/** A browser's web-push subscription (W3C Push API) for a user. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    endpoint: text().notNull().unique(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_id_idx').on(t.userId)],
);

/** A message the embedded default 'sent' to the local outbox instead of SMTP or Twilio (/dev/outbox). */
export const devOutboxMessages = pgTable('dev_outbox_messages', {
  id: serial().primaryKey(),
  channel: text().notNull(),
  recipient: text().notNull(),
  subject: text().notNull().default(''),
  body: text().notNull(),
  /** Headers an e-mail carried (List-Unsubscribe and List-Unsubscribe-Post for a notification-only contact). */
  headers: jsonb().$type<Record<string, string>>().notNull().default({}),
  /** Files an e-mail carried (an e-mailed report, issue 17), each with its bytes in base64. */
  attachments: jsonb()
    .$type<{ fileName: string; contentType: string; sizeBytes: number; contentBase64: string }[]>()
    .notNull()
    .default([]),
  created: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
