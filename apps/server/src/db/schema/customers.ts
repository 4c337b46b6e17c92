// Customers (tenants) and roles: spec 01 §3, spec 02 §3 and §6, spec 03 §3; columns per the DB contract.
import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A customer (organisation): status ACTIVE | TRIAL | INACTIVE, feature ids of spec 01 §3, banner text. */
export const customers = pgTable('customers', {
  id: serial().primaryKey(),
  name: text().notNull(),
  status: text().notNull().default('ACTIVE'),
  banner: text(),
  features: integer()
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  companyType: text(),
  /** Monthly live-camera allowance in minutes (spec 03 §3 'Camera usage'). */
  liveStreamMinutes: integer().notNull().default(0),
  created: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Roles: 1 Super Admin, 2 Admin, 3 Assistant Admin, 4 Customer, -1 Notification Only (hierarchy 1..5). */
export const roles = pgTable('roles', {
  id: integer().primaryKey(),
  name: text().notNull().unique(),
  displayName: text().notNull(),
  hierarchy: integer().notNull(),
  description: text().notNull().default(''),
});
