// Locations, organisation locations and their user-group links: spec 01 §3 'Location',
// 'Organization location'; spec 02 §3 'Organization location'; spec 03 §3 'Org location site'.
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  unique,
  uuid,
  primaryKey,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { sites } from './sites.ts';
import { users } from './users.ts';

/** An organisation location (a venue), shared by the customer's users. */
export const organizationLocations = pgTable(
  'organization_locations',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    address: text().notNull().default(''),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    label: text(),
    forecastLocation: boolean().notNull().default(false),
    /** sirenSettings.radius, miles. */
    sirenRadius: real(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('organization_locations_customer_id_idx').on(t.customerId)],
);

/** Which user groups an organisation location belongs to. */
export const organizationLocationSites = pgTable(
  'organization_location_sites',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    organizationLocationId: integer()
      .notNull()
      .references(() => organizationLocations.id, { onDelete: 'cascade' }),
    siteId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('organization_location_sites_customer_id_idx').on(t.customerId),
    index('organization_location_sites_site_id_idx').on(t.siteId),
    unique('organization_location_sites_pair_unique').on(t.organizationLocationId, t.siteId),
  ],
);

/** A monitored location with up to four lightning zones (radii in miles; 0 = off). */
export const locations = pgTable(
  'locations',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The owner; null for a location shared by the customer. */
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    label: text().notNull(),
    /** Address text. */
    locationName: text().notNull().default(''),
    latitude: doublePrecision().notNull().default(0),
    longitude: doublePrecision().notNull().default(0),
    radius1: real().notNull().default(10),
    radius2: real().notNull().default(0),
    radius3: real().notNull().default(0),
    radius4: real().notNull().default(0),
    allClearMinutes: integer().notNull().default(30),
    /** Bitmask; 30 silences every alert channel (spec 01 §5). */
    flags: integer().notNull().default(0),
    forecastLocation: boolean().notNull().default(false),
    organizationLocationId: integer().references(() => organizationLocations.id, { onDelete: 'set null' }),
    /** 1 = locked against rename and delete. */
    type: integer().notNull().default(0),
    countCloudToGroundOnly: boolean().notNull().default(false),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('locations_customer_id_idx').on(t.customerId),
    index('locations_user_id_idx').on(t.userId),
    index('locations_organization_location_id_idx').on(t.organizationLocationId),
  ],
);

/** A user's organisation locations (orgLocations, spec 02 §3): preloaded as the user's own locations. */
export const userOrganizationLocations = pgTable(
  'user_organization_locations',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationLocationId: integer()
      .notNull()
      .references(() => organizationLocations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.organizationLocationId] }),
    index('user_organization_locations_org_location_id_idx').on(t.organizationLocationId),
  ],
);
