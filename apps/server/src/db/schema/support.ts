// Requests to talk to a meteorologist: spec 02 §3 'Consultation request'.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { users } from './users.ts';

/** A consultation request; preferredContact 'email', 'phone' or 'text'. */
export const consultationRequests = pgTable(
  'consultation_requests',
  {
    id: serial().primaryKey(),
    /** The reference the asker and the meteorologists quote ('MET-7K2Q9XWD'; issue 15), unique. */
    reference: text().notNull().unique(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    email: text().notNull(),
    phone: text(),
    message: text().notNull(),
    preferredContact: text().notNull().default('email'),
    ccdEmails: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consultation_requests_customer_id_idx').on(t.customerId)],
);
