// Heat-stress work/rest profiles and risk profiles: spec 02 §3 'Work/rest profile', 'Risk profile', §4 'Heat stress'.
// A row with customer_id null is a product default offered to every customer.
import { boolean, index, integer, pgTable, real, serial, text } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/** A risk profile: an ordered set of risk levels. */
export const riskProfiles = pgTable(
  'risk_profiles',
  {
    id: serial().primaryKey(),
    customerId: integer().references(() => customers.id, { onDelete: 'cascade' }),
    name: text().notNull(),
  },
  (t) => [index('risk_profiles_customer_id_idx').on(t.customerId)],
);

/** A risk level: applies to values up to max (the first level, sorted by max, at or above the value). */
export const riskLevels = pgTable(
  'risk_levels',
  {
    id: serial().primaryKey(),
    riskProfileId: integer()
      .notNull()
      .references(() => riskProfiles.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    max: real(),
    color: text().notNull(),
    colorSecondary: text(),
    description: text().notNull().default(''),
  },
  (t) => [index('risk_levels_risk_profile_id_idx').on(t.riskProfileId)],
);

/** A work/rest profile; primaryMetric 'WBGT', 'Temperature' or 'Heat Index'; durationUnit 'Hour'. */
export const workRestProfiles = pgTable(
  'work_rest_profiles',
  {
    id: serial().primaryKey(),
    customerId: integer().references(() => customers.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    primaryMetric: text().notNull().default('WBGT'),
    useRiskProfile: boolean().notNull().default(false),
    riskProfileId: integer().references(() => riskProfiles.id, { onDelete: 'set null' }),
    durationUnit: text().notNull().default('Hour'),
    customStopText: text(),
    customContinuousText: text(),
  },
  (t) => [index('work_rest_profiles_customer_id_idx').on(t.customerId)],
);

/** A work intensity of a profile (e.g. light, moderate, heavy). */
export const workRestIntensities = pgTable(
  'work_rest_intensities',
  {
    id: serial().primaryKey(),
    workRestProfileId: integer()
      .notNull()
      .references(() => workRestProfiles.id, { onDelete: 'cascade' }),
    name: text().notNull(),
  },
  (t) => [index('work_rest_intensities_profile_id_idx').on(t.workRestProfileId)],
);

/** A clothing or condition modifier; adjustment in °F is added to the observed value. */
export const workRestModifiers = pgTable(
  'work_rest_modifiers',
  {
    id: serial().primaryKey(),
    workRestProfileId: integer()
      .notNull()
      .references(() => workRestProfiles.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    adjustment: real().notNull().default(0),
  },
  (t) => [index('work_rest_modifiers_profile_id_idx').on(t.workRestProfileId)],
);

/** A matrix row: up to max (null = unbounded) an intensity may work workPercent of each 60 minutes. */
export const workRestMatrices = pgTable(
  'work_rest_matrices',
  {
    id: serial().primaryKey(),
    workRestProfileId: integer()
      .notNull()
      .references(() => workRestProfiles.id, { onDelete: 'cascade' }),
    workRestIntensityId: integer()
      .notNull()
      .references(() => workRestIntensities.id, { onDelete: 'cascade' }),
    max: real(),
    workPercent: integer().notNull(),
  },
  (t) => [index('work_rest_matrices_profile_id_idx').on(t.workRestProfileId)],
);
