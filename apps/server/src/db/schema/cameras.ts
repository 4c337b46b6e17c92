// Live camera feeds and viewing logs: spec 03 §3 'Camera', 'Camera log'.
import { index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { users } from './users.ts';

/** A customer's camera feed. */
export const cameraFeeds = pgTable(
  'camera_feeds',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    streamUrl: text().notNull(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('camera_feeds_customer_id_idx').on(t.customerId)],
);

/** One viewing session of a feed; duration in seconds. */
export const cameraLogs = pgTable(
  'camera_logs',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    cameraFeedId: integer()
      .notNull()
      .references(() => cameraFeeds.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    start: timestamp({ withTimezone: true }).notNull(),
    durationSeconds: integer().notNull().default(0),
  },
  (t) => [
    index('camera_logs_customer_id_start_idx').on(t.customerId, t.start),
    index('camera_logs_camera_feed_id_idx').on(t.cameraFeedId),
  ],
);
