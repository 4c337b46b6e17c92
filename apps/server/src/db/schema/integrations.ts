// Integrations: Singlewire configs and scenario mappings, webhooks, SSO configs: spec 03 §3.
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { organizationLocations } from './locations.ts';
import { sites } from './sites.ts';

/** A customer's integration configuration (Singlewire: webhookId and token). */
export const integrationConfigs = pgTable(
  'integration_configs',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: text().notNull().default('SINGLEWIRE'),
    webhookId: text(),
    token: text(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('integration_configs_customer_id_idx').on(t.customerId)],
);

/** Maps an organisation location and policy group to a Singlewire site and scenario. */
export const scenarioMappings = pgTable(
  'scenario_mappings',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    integrationConfigId: integer()
      .notNull()
      .references(() => integrationConfigs.id, { onDelete: 'cascade' }),
    organizationLocationId: integer()
      .notNull()
      .references(() => organizationLocations.id, { onDelete: 'cascade' }),
    policyGroupId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    singlewireSiteId: text().notNull(),
    singlewireScenarioId: text().notNull(),
    /** Mapping version; '1.0' (spec 03 §9). */
    version: text().notNull().default('1.0'),
  },
  (t) => [
    index('scenario_mappings_customer_id_idx').on(t.customerId),
    index('scenario_mappings_integration_config_id_idx').on(t.integrationConfigId),
  ],
);

/** An outgoing webhook; deliveries are signed with secret (Standard Webhooks). */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    versionNumber: text().notNull().default('1.0'),
    readonly: boolean().notNull().default(false),
    name: text().notNull(),
    description: text().notNull().default(''),
    secret: text().notNull(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_customer_id_idx').on(t.customerId)],
);

/** A customer's single sign-on configuration (one per customer); idpType 'Google' or 'Saml2'. */
export const ssoConfigs = pgTable('sso_configs', {
  id: serial().primaryKey(),
  customerId: integer()
    .notNull()
    .unique()
    .references(() => customers.id, { onDelete: 'cascade' }),
  idpType: text().notNull(),
  idpDisplayName: text().notNull(),
  /** IDPScheme: the customer id as text. */
  idpScheme: text().notNull(),
  autoProvision: boolean().notNull().default(false),
  forceSso: boolean().notNull().default(false),
  defaultUserGroupSiteId: integer().references(() => sites.id, { onDelete: 'set null' }),
  spEntityId: text(),
  idpEntityId: text(),
  metadataUrl: text(),
  created: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
