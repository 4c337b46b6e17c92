// Reference data every database needs: roles (spec 02 §6) and policy types (spec 01 §3, §5; spec 02 §3).
// Idempotent: run on every start; existing rows are brought up to date.
import { ROLE_HIERARCHY, ROLE_IDS, type PolicyTypeShortName, type RoleName } from '@allclear/domain';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../client.ts';
import { policyTypes, roles } from '../schema/index.ts';

const ROLE_DESCRIPTIONS: Record<RoleName, string> = {
  'Super Admin': 'Full access across every customer.',
  Admin: 'Manages the organisation: users, groups, policies and hardware.',
  'Assistant Admin': 'Limited admin, scoped to their own user group.',
  Customer: 'Basic user: cannot edit policies, users or hardware settings.',
  'Notification Only': 'Receives notifications; cannot sign in.',
};

/** The role rows: ids and hierarchy from @allclear/domain (ROLE_IDS, ROLE_HIERARCHY). */
export const ROLE_ROWS = (Object.keys(ROLE_IDS) as RoleName[]).map((name) => ({
  id: ROLE_IDS[name],
  name,
  displayName: name,
  hierarchy: ROLE_HIERARCHY[name],
  description: ROLE_DESCRIPTIONS[name],
}));

export interface PolicyTypeRow {
  id: number;
  shortName: PolicyTypeShortName;
  name: string;
  displayName: string;
  unit: string;
  precision: number;
  isDesc: boolean;
  minAllClear: number;
  stdDeviation: number | null;
}

const lightning = (zone: number): PolicyTypeRow => ({
  id: zone,
  shortName: `LR${zone}` as PolicyTypeShortName,
  name: `Lightning Radius ${zone}`,
  displayName: 'Lightning',
  unit: 'mi',
  precision: 1,
  // A strike at or nearer than the radius breaches: the distance falls to the threshold.
  isDesc: true,
  minAllClear: 10,
  stdDeviation: null,
});

const airQuality = (
  id: number,
  shortName: PolicyTypeShortName,
  name: string,
  displayName: string,
): PolicyTypeRow => ({
  id,
  shortName,
  name,
  displayName,
  unit: 'AQI',
  precision: 0,
  isDesc: false,
  minAllClear: 10,
  stdDeviation: null,
});

/** The policy types with stable ids; standard deviations of spec 01 §5 (precip 0.5, feels-like 1, WBGT 1, wind 1). */
export const POLICY_TYPE_ROWS: readonly PolicyTypeRow[] = [
  lightning(1),
  lightning(2),
  lightning(3),
  lightning(4),
  {
    id: 5,
    shortName: 'CHILL',
    name: 'Wind Chill',
    displayName: 'Wind Chill',
    unit: '°F',
    precision: 0,
    isDesc: true,
    minAllClear: 10,
    stdDeviation: 1,
  },
  {
    id: 6,
    shortName: 'HEAT',
    name: 'Heat Index',
    displayName: 'Heat Index',
    unit: '°F',
    precision: 0,
    isDesc: false,
    minAllClear: 10,
    stdDeviation: 1,
  },
  {
    id: 7,
    shortName: 'WBGT',
    name: 'Wet Bulb Globe Temperature',
    displayName: 'WBGT',
    unit: '°F',
    precision: 1,
    isDesc: false,
    minAllClear: 10,
    stdDeviation: 1,
  },
  {
    id: 8,
    shortName: 'PRECIP',
    name: 'Precipitation',
    displayName: 'Precip',
    unit: 'in',
    precision: 2,
    isDesc: false,
    minAllClear: 10,
    stdDeviation: 0.5,
  },
  {
    id: 9,
    shortName: 'WIND',
    name: 'Wind Speed',
    displayName: 'Wind Speed',
    unit: 'mph',
    precision: 0,
    isDesc: false,
    minAllClear: 10,
    stdDeviation: 1,
  },
  {
    id: 10,
    shortName: 'GUST',
    name: 'Wind Gust',
    displayName: 'Wind Gust',
    unit: 'mph',
    precision: 0,
    isDesc: false,
    minAllClear: 10,
    stdDeviation: 1,
  },
  airQuality(11, 'AQI', 'Air Quality Index', 'Air Quality'),
  airQuality(12, 'AQI-MAX', 'Air Quality Index (highest pollutant)', 'Air Quality'),
  airQuality(13, 'AQI-PM2.5', 'PM2.5 Air Quality Index', 'PM2.5'),
  airQuality(14, 'AQI-PM10', 'PM10 Air Quality Index', 'PM10'),
  airQuality(15, 'AQI-O3', 'Ozone Air Quality Index', 'Ozone'),
];

/** Inserts or updates the roles and policy types (idempotent; run on every start). */
export async function seedReferenceData(handle: DatabaseHandle | Database): Promise<void> {
  const db = 'exec' in handle ? handle.db : handle;
  await db
    .insert(roles)
    .values(ROLE_ROWS)
    .onConflictDoUpdate({
      target: roles.id,
      set: {
        name: sql`excluded.name`,
        displayName: sql`excluded.display_name`,
        hierarchy: sql`excluded.hierarchy`,
        description: sql`excluded.description`,
      },
    });
  await db
    .insert(policyTypes)
    .values([...POLICY_TYPE_ROWS])
    .onConflictDoUpdate({
      target: policyTypes.id,
      set: {
        shortName: sql`excluded.short_name`,
        name: sql`excluded.name`,
        displayName: sql`excluded.display_name`,
        unit: sql`excluded.unit`,
        precision: sql`excluded.precision`,
        isDesc: sql`excluded.is_desc`,
        minAllClear: sql`excluded.min_all_clear`,
        stdDeviation: sql`excluded.std_deviation`,
      },
    });
}
