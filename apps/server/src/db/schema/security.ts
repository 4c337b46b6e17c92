// The security audit trail of the identity service (issue 15): every failed sign-in, every sign-in refused by the
// limiter, every password change and failed attempt at one (OWASP ASVS 5.0 §16 'Security logging').
import { index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { users } from './users.ts';

/**
 * One security event. kind: 'sign-in-failed', 'sign-in-refused' (the limiter), 'password-changed',
 * 'password-change-failed'. email is what was typed at sign-in (lower-case, at most 320 characters), also for an
 * account that does not exist; userId when the account is known. No password is ever kept.
 */
export const authEvents = pgTable(
  'auth_events',
  {
    id: serial().primaryKey(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    kind: text().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    customerId: integer().references(() => customers.id, { onDelete: 'set null' }),
    email: text(),
    /** The caller's address as the server saw it (request.ip). */
    ip: text().notNull().default(''),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('auth_events_at_idx').on(t.at), index('auth_events_user_id_idx').on(t.userId, t.at)],
);
