// Sent notifications, mass messages and templates, proactive forecasts: spec 01 §3, spec 02 §3, spec 03 §3.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { locations } from './locations.ts';
import { users } from './users.ts';

/** A notification sent to a user; eventType is the notification type of spec 01 §3 (1..13). */
export const notifications = pgTable(
  'notifications',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text().notNull(),
    sentUtc: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timeZone: text().notNull().default('CST'),
    eventType: integer().notNull(),
    correlationId: text(),
  },
  (t) => [
    index('notifications_customer_id_idx').on(t.customerId),
    index('notifications_user_id_sent_utc_idx').on(t.userId, t.sentUtc),
  ],
);

/** A mass message (isTemplate false) or a saved template (true); channel is a bit set. Limits of spec 03 §9. */
export const massMessages = pgTable(
  'mass_messages',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    creatorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    headline: varchar({ length: 100 }).notNull(),
    message: varchar({ length: 500 }).notNull(),
    senderText: varchar({ length: 100 }).notNull().default(''),
    channel: integer().notNull().default(0),
    overridePreferences: boolean().notNull().default(false),
    /** Recipient ids: user uuids and notification-user ids, as text. */
    recipients: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isTemplate: boolean().notNull().default(false),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mass_messages_customer_id_idx').on(t.customerId)],
);

/** A recipient a mass message was delivered to (deliveredRecipients). */
export const massMessageDeliveries = pgTable(
  'mass_message_deliveries',
  {
    id: serial().primaryKey(),
    massMessageId: integer()
      .notNull()
      .references(() => massMessages.id, { onDelete: 'cascade' }),
    recipientId: text().notNull(),
    recipientName: text().notNull(),
    deliveredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mass_message_deliveries_mass_message_id_idx').on(t.massMessageId)],
);

/** A proactive forecast for a location: type name and colour, expiry. */
export const proactiveForecasts = pgTable(
  'proactive_forecasts',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    locationId: integer().references(() => locations.id, { onDelete: 'cascade' }),
    typeName: text().notNull(),
    typeColor: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('proactive_forecasts_customer_id_idx').on(t.customerId),
    index('proactive_forecasts_location_id_idx').on(t.locationId),
  ],
);

/** One message of a proactive forecast; message is HTML (sanitised when served). */
export const proactiveForecastMessages = pgTable(
  'proactive_forecast_messages',
  {
    id: serial().primaryKey(),
    proactiveForecastId: integer()
      .notNull()
      .references(() => proactiveForecasts.id, { onDelete: 'cascade' }),
    headline: text().notNull(),
    message: text().notNull(),
    correlationId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('proactive_forecast_messages_forecast_id_idx').on(t.proactiveForecastId)],
);
