// Policy types, policies, their user-group links and notification actions: spec 01 §3 and §5, spec 02 §3 'Policy'.
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { sites } from './sites.ts';
import { users } from './users.ts';

/** Reference data: one row per policy type short name (LR1..LR4, CHILL, HEAT, WBGT, PRECIP, WIND, GUST, AQI family). */
export const policyTypes = pgTable('policy_types', {
  id: integer().primaryKey(),
  shortName: text().notNull().unique(),
  name: text().notNull(),
  displayName: text().notNull(),
  unit: text().notNull(),
  precision: integer().notNull().default(0),
  /** Default direction: true when the alert fires as the value falls to or below the threshold. */
  isDesc: boolean().notNull().default(false),
  /** Minimum all-clear minutes a policy of this type may use. */
  minAllClear: integer().notNull().default(10),
  /** One standard deviation for the warning colour band (spec 01 §5); null when none applies. */
  stdDeviation: real(),
});

/** A customer's threshold policy. */
export const policies = pgTable(
  'policies',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    policyTypeId: integer()
      .notNull()
      .references(() => policyTypes.id),
    threshold: doublePrecision().notNull().default(0),
    isDesc: boolean().notNull().default(false),
    unit: text().notNull(),
    precision: integer().notNull().default(0),
    limit: doublePrecision(),
    allClearMinutes: integer().notNull().default(30),
    reAlertMinutes: integer().notNull().default(10),
    creatorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    allGroups: boolean().notNull().default(false),
    showOnDashboard: boolean().notNull().default(true),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('policies_customer_id_idx').on(t.customerId),
    index('policies_policy_type_id_idx').on(t.policyTypeId),
  ],
);

/** The user groups a policy applies to. */
export const policySites = pgTable(
  'policy_sites',
  {
    policyId: integer()
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    siteId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.policyId, t.siteId] }), index('policy_sites_site_id_idx').on(t.siteId)],
);

/** A message a policy sends when it triggers (allClear false) or clears (allClear true). */
export const policyNotificationActions = pgTable(
  'policy_notification_actions',
  {
    id: serial().primaryKey(),
    policyId: integer()
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    triggerId: integer(),
    allClear: boolean().notNull().default(false),
    message: text().notNull(),
  },
  (t) => [index('policy_notification_actions_policy_id_idx').on(t.policyId)],
);
