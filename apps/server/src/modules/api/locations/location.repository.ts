// Locations: the only code that reads and writes the locations table for the API.
import {
  and,
  asc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  like,
  ne,
  notInArray,
  or,
} from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  locations,
  organizationLocations,
  policies,
  policyTypes,
  roles,
  userOrganizationLocations,
  users,
} from '../../../db/schema/index.ts';
import type { LightningPolicy, LocationDraft, UserPolicyRow } from '@allclear/domain';

export type StoredLocation = typeof locations.$inferSelect;

/** A location with its owner's user group (null when shared or the owner has none), which the location policy reads. */
export type LocationRow = StoredLocation & { ownerSiteId: number | null };

const withOwnerGroup = { ...getTableColumns(locations), ownerSiteId: users.siteId };
export type OrganizationLocationRow = typeof organizationLocations.$inferSelect;

/** The stored fields of a location the API writes (radii in miles, minutes, degrees). */
export type LocationValues = Omit<LocationDraft, 'organizationLocationId'> & {
  organizationLocationId: number | null;
};

export class LocationRepository {
  constructor(private readonly db: Database) {}

  /** A user's own locations plus the customer's shared ones (no owner). */
  listForUser(userId: string, customerId: number): Promise<LocationRow[]> {
    return this.db
      .select(withOwnerGroup)
      .from(locations)
      .leftJoin(users, eq(users.id, locations.userId))
      .where(
        and(eq(locations.customerId, customerId), or(eq(locations.userId, userId), isNull(locations.userId))),
      )
      .orderBy(asc(locations.label), asc(locations.id));
  }

  async findById(id: number): Promise<LocationRow | undefined> {
    const [row] = await this.db
      .select(withOwnerGroup)
      .from(locations)
      .leftJoin(users, eq(users.id, locations.userId))
      .where(eq(locations.id, id))
      .limit(1);
    return row;
  }

  /** A user as the user policy reads them (customer, group, role hierarchy), or undefined. */
  async findUserForPolicy(id: string): Promise<UserPolicyRow | undefined> {
    const [row] = await this.db
      .select({
        id: users.id,
        customerId: users.customerId,
        siteId: users.siteId,
        hierarchy: roles.hierarchy,
      })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.id, id))
      .limit(1);
    return row;
  }

  /** Creates a location owned by the user (null: shared); the owner is the caller, so their group is given. */
  async create(
    customerId: number,
    userId: string | null,
    values: LocationValues,
    ownerSiteId: number | null,
  ): Promise<LocationRow> {
    const [row] = await this.db
      .insert(locations)
      .values({ ...values, customerId, userId })
      .returning();
    return { ...row!, ownerSiteId: userId === null ? null : ownerSiteId };
  }

  async update(id: number, values: LocationValues, now: Date): Promise<void> {
    await this.db
      .update(locations)
      .set({ ...values, updated: now })
      .where(eq(locations.id, id));
  }

  async setForecastLocation(id: number, forecastLocation: boolean, now: Date): Promise<void> {
    await this.db.update(locations).set({ forecastLocation, updated: now }).where(eq(locations.id, id));
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(locations).where(eq(locations.id, id));
  }

  /** Another location of the same owner (or shared) already linked to the organisation location, if any. */
  async findUsingOrganizationLocation(
    customerId: number,
    userId: string | null,
    organizationLocationId: number,
    exceptId?: number,
  ): Promise<StoredLocation | undefined> {
    const [row] = await this.db
      .select()
      .from(locations)
      .where(
        and(
          eq(locations.customerId, customerId),
          eq(locations.organizationLocationId, organizationLocationId),
          userId ? eq(locations.userId, userId) : isNull(locations.userId),
          exceptId ? ne(locations.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return row;
  }

  async findOrganizationLocation(id: number): Promise<OrganizationLocationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(organizationLocations)
      .where(eq(organizationLocations.id, id))
      .limit(1);
    return row;
  }

  async findOrganizationLocations(ids: number[]): Promise<OrganizationLocationRow[]> {
    if (ids.length === 0) return [];
    return this.db.select().from(organizationLocations).where(inArray(organizationLocations.id, ids));
  }

  /** The customer's lightning policies LR1..LR4, oldest first (the lock takes the first of each type). */
  async lightningPolicies(customerId: number): Promise<LightningPolicy[]> {
    return this.db
      .select({
        policyTypeShortName: policyTypes.shortName,
        threshold: policies.threshold,
        allClearMinutes: policies.allClearMinutes,
      })
      .from(policies)
      .innerJoin(policyTypes, eq(policyTypes.id, policies.policyTypeId))
      .where(and(eq(policies.customerId, customerId), like(policyTypes.shortName, 'LR_')))
      .orderBy(asc(policies.id));
  }

  /**
   * Replaces a user's preloaded organisation locations in one transaction: links the listed ones,
   * inserts a preload record for each one the user has no location for yet, and removes the user's
   * locations of organisation locations no longer listed (type-1 locations are kept). Returns the
   * ids of the locations created and deleted.
   */
  async replacePreloaded(
    customerId: number,
    userId: string,
    records: LocationValues[],
  ): Promise<{ created: number[]; deleted: number[] }> {
    return this.db.transaction(async (tx) => {
      const orgIds = records.map((r) => r.organizationLocationId!).filter((id) => id != null);
      await tx.delete(userOrganizationLocations).where(eq(userOrganizationLocations.userId, userId));
      if (orgIds.length) {
        await tx
          .insert(userOrganizationLocations)
          .values(orgIds.map((organizationLocationId) => ({ userId, organizationLocationId })));
      }
      const mine = and(eq(locations.userId, userId), eq(locations.customerId, customerId));
      // only locations that came from an organisation location are preloads; the user's own stay
      const stale = await tx
        .delete(locations)
        .where(
          and(
            mine,
            ne(locations.type, 1),
            isNotNull(locations.organizationLocationId),
            orgIds.length ? notInArray(locations.organizationLocationId, orgIds) : undefined,
          ),
        )
        .returning({ id: locations.id });
      const deleted = stale.map((s) => s.id);
      const existing = await tx
        .select({ org: locations.organizationLocationId })
        .from(locations)
        .where(
          and(mine, orgIds.length ? inArray(locations.organizationLocationId, orgIds) : isNull(locations.id)),
        );
      const have = new Set(existing.map((e) => e.org));
      const toAdd = records.filter((r) => !have.has(r.organizationLocationId));
      const created = toAdd.length
        ? (
            await tx
              .insert(locations)
              .values(toAdd.map((r) => ({ ...r, customerId, userId })))
              .returning({ id: locations.id })
          ).map((r) => r.id)
        : [];
      return { created, deleted };
    });
  }
}
