// Embeddable widgets: spec 03 §3 'Widget'.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { organizationLocations } from './locations.ts';
import { weatherStations } from './hardware.ts';
import { sites } from './sites.ts';
import { users } from './users.ts';

/** Default and minimum widget width, pixels (spec 03 §3, §9). */
export const WIDGET_DEFAULT_WIDTH = 800;
export const WIDGET_MIN_WIDTH = 300;

/** A widget; theme 0 dark 1 light; type 0 default, 1 image, 2 radar. */
export const widgets = pgTable(
  'widgets',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    creatorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    name: text().notNull(),
    size: text().notNull().default('medium'),
    theme: smallint().notNull().default(0),
    type: smallint().notNull().default(0),
    orgLocId: integer().references(() => organizationLocations.id, { onDelete: 'set null' }),
    /** Secondary conditions (at most 4), as sent by the builder. */
    widgetConditions: jsonb()
      .notNull()
      .default(sql`'[]'::jsonb`),
    primaryCondition: text(),
    hourlyWidgetForecast: boolean().notNull().default(false),
    dailyWidgetForecast: boolean().notNull().default(false),
    /** [{ forecastType: 'hourly' | 'daily', conditionType }]. */
    widgetForecasts: jsonb()
      .notNull()
      .default(sql`'[]'::jsonb`),
    weatherStationId: integer().references(() => weatherStations.id, { onDelete: 'set null' }),
    primaryThreshold: real(),
    policyGroupId: integer().references(() => sites.id, { onDelete: 'set null' }),
    /** Policy ids shown on the widget. */
    policies: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Miles. */
    lightningRadius: real(),
    headerMessage: text(),
    headerMessageExpiration: timestamp({ withTimezone: true }),
    width: integer().notNull().default(WIDGET_DEFAULT_WIDTH),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('widgets_customer_id_idx').on(t.customerId),
    index('widgets_policy_group_id_idx').on(t.policyGroupId),
    check('widgets_width_check', sql`${t.width} >= 300`),
  ],
);
