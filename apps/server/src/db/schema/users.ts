// Users, their notification settings and schedule, and notification-only contacts: spec 02 §3 'User', 'User notification settings'; columns of users per the DB contract.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers, roles } from './customers.ts';
import { sites } from './sites.ts';

/** A user who can sign in (or a full user without a password yet). id is the OIDC subject. */
export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Stored lower-case; unique where not null. */
    email: text().unique(),
    userName: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull().default(''),
    /** argon2id PHC string; null means no password sign-in. */
    passwordHash: text(),
    roleId: integer()
      .notNull()
      .references(() => roles.id),
    siteId: integer().references(() => sites.id, { onDelete: 'set null' }),
    phoneNumber: text(),
    timeZone: text().notNull().default('CST'),
    smsNotifications: boolean().notNull().default(true),
    emailNotifications: boolean().notNull().default(true),
    /** Alert mode flags (spec 02 §4 'Alert mode'): location-based alerts. */
    geofenceAlertsEnabled: boolean().notNull().default(false),
    /** Alert mode flags: scheduled alerts. */
    alertTimesEnabled: boolean().notNull().default(true),
    declinesNotifications: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    activated: timestamp({ withTimezone: true }),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Per-user permissions of spec 02 §6 beyond those the customer's features grant. */
    permissions: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** 'ALL' for a Super Admin with full widget admin. */
    widgetAdmin: text(),
    /**
     * When the user last changed their password (issue 15): an access token issued before it is refused, except the
     * tokens of the session that made the change (passwordChangeSessionUid), so every other session ends at once.
     */
    passwordChangedAt: timestamp({ withTimezone: true }),
    /** The identity session (oidc-provider's session uid, the tokens' `sid`) that made the last change; it goes on. */
    passwordChangeSessionUid: text(),
  },
  (t) => [
    index('users_customer_id_idx').on(t.customerId),
    index('users_site_id_idx').on(t.siteId),
    check('users_email_lower_case_check', sql`${t.email} = lower(${t.email})`),
  ],
);

/** A user's notification settings (spec 02 §3); declines, alert-mode flags and time zone live on users. */
export const userNotificationSettings = pgTable('user_notification_settings', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  optOutForecast: boolean().notNull().default(false),
  precipitationNotification: boolean().notNull().default(true),
  severeWeatherNotification: boolean().notNull().default(true),
  proactiveForecastNotification: boolean().notNull().default(true),
  /** 0 push, 1 SMS (spec 02 §9). */
  notificationType: smallint().notNull().default(0),
});

/** A user's per-day notification schedule (day 0 Sunday .. 6 Saturday; local 'HH:MM:SS'). */
export const userAlertTimes = pgTable(
  'user_alert_times',
  {
    id: serial().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: smallint().notNull(),
    enabled: boolean().notNull().default(true),
    allDay: boolean().notNull().default(false),
    startTime: time().notNull().default('05:00:00'),
    endTime: time().notNull().default('23:00:00'),
  },
  (t) => [
    index('user_alert_times_user_id_idx').on(t.userId),
    check('user_alert_times_day_check', sql`${t.day} between 0 and 6`),
  ],
);

/** A notification-only contact (role -1, hierarchy 5): receives alerts, never signs in. */
export const notificationUsers = pgTable(
  'notification_users',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    siteId: integer().references(() => sites.id, { onDelete: 'set null' }),
    firstName: text().notNull(),
    lastName: text().notNull().default(''),
    email: text(),
    phoneNumber: text(),
    timeZone: text().notNull().default('CST'),
    emailUnsubscribed: boolean().notNull().default(false),
    /** When the contact used an e-mail's unsubscribe link (RFC 8058); null while subscribed. */
    emailUnsubscribedAt: timestamp({ withTimezone: true }),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notification_users_customer_id_idx').on(t.customerId),
    index('notification_users_site_id_idx').on(t.siteId),
  ],
);

/**
 * An invite to set a password (issue 14): a new full user is e-mailed a link holding a random token, and only the
 * token's SHA-256 is kept. The token is made when the e-mail is composed (sentAt), so it is never stored in clear;
 * it is single-use (usedAt), expires 72 h after it was sent, and a newer invite revokes the older ones. After the
 * password is set, the browser that set it is signed in once (signInUsedAt).
 */
export const userInvites = pgTable(
  'user_invites',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the token; null until the e-mail is composed. */
    tokenHash: text().unique(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    usedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    signInUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('user_invites_user_id_idx').on(t.userId),
    index('user_invites_customer_id_idx').on(t.customerId),
  ],
);
