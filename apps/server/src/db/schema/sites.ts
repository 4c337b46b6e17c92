// User groups ("sites") and their alert-time rows: spec 02 §3 'User group (site)'.
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
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { customers } from './customers.ts';

/** A user group of a customer. */
export const sites = pgTable(
  'sites',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sites_customer_id_idx').on(t.customerId)],
);

/** A group's alert window for one weekday (day 0 Sunday .. 6 Saturday); times are local 'HH:MM:SS'. */
export const siteAlertTimes = pgTable(
  'site_alert_times',
  {
    id: serial().primaryKey(),
    siteId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    day: smallint().notNull(),
    startTime: time().notNull().default('05:00:00'),
    endTime: time().notNull().default('23:00:00'),
    allDay: boolean().notNull().default(false),
    enabled: boolean().notNull().default(true),
  },
  (t) => [
    index('site_alert_times_site_id_idx').on(t.siteId),
    check('site_alert_times_day_check', sql`${t.day} between 0 and 6`),
  ],
);
