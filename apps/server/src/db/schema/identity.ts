// Identity provider storage (oidc-provider adapter, signing keys, secrets): columns per the DB contract.
import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** oidc-provider adapter storage; type is the model name. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text().notNull(),
    type: text().notNull(),
    payload: jsonb().notNull(),
    grantId: text(),
    userCode: text(),
    uid: text(),
    expiresAt: timestamp({ withTimezone: true }),
    consumedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.type] }),
    index('oidc_payloads_grant_id_idx').on(t.grantId),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_uid_idx').on(t.uid),
  ],
);

/** Private signing JWKs, generated once and kept; id is the kid. */
export const signingKeys = pgTable('signing_keys', {
  id: text().primaryKey(),
  jwk: jsonb().notNull(),
  created: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Named secrets generated once (cookie keys, VAPID keys...). */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
});
