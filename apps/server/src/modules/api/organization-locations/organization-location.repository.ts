// Organisation locations and their user-group links: the only code that touches those tables for the API.
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  notificationUsers,
  organizationLocationSites,
  organizationLocations,
  roles,
  sites,
  userOrganizationLocations,
  users,
} from '../../../db/schema/index.ts';
import type { UserPolicyRow } from '@allclear/domain';

export type OrganizationLocationRow = typeof organizationLocations.$inferSelect;
export type OrganizationLocationSiteRow = typeof organizationLocationSites.$inferSelect;

export class OrganizationLocationRepository {
  constructor(private readonly db: Database) {}

  listForCustomer(customerId: number): Promise<OrganizationLocationRow[]> {
    return this.db
      .select()
      .from(organizationLocations)
      .where(eq(organizationLocations.customerId, customerId))
      .orderBy(asc(organizationLocations.name), asc(organizationLocations.id));
  }

  async findById(id: number): Promise<OrganizationLocationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(organizationLocations)
      .where(eq(organizationLocations.id, id))
      .limit(1);
    return row;
  }

  /** A user as the user policy reads them (customer, group, role hierarchy), or undefined. */
  async findUser(id: string): Promise<UserPolicyRow | undefined> {
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

  async findNotificationUser(id: number) {
    const [row] = await this.db
      .select({
        id: notificationUsers.id,
        customerId: notificationUsers.customerId,
        siteId: notificationUsers.siteId,
      })
      .from(notificationUsers)
      .where(eq(notificationUsers.id, id))
      .limit(1);
    return row;
  }

  async findSite(id: number) {
    const [row] = await this.db.select().from(sites).where(eq(sites.id, id)).limit(1);
    return row;
  }

  /** A user's organisation locations: the ones assigned to them and the ones of their user group. */
  async listForUser(
    userId: string,
    customerId: number,
    siteId: number | null,
  ): Promise<OrganizationLocationRow[]> {
    const assigned = this.db
      .select({ id: userOrganizationLocations.organizationLocationId })
      .from(userOrganizationLocations)
      .where(eq(userOrganizationLocations.userId, userId));
    const ofGroup = this.db
      .select({ id: organizationLocationSites.organizationLocationId })
      .from(organizationLocationSites)
      .where(eq(organizationLocationSites.siteId, siteId ?? -1));
    return this.db
      .select()
      .from(organizationLocations)
      .where(
        and(
          eq(organizationLocations.customerId, customerId),
          or(inArray(organizationLocations.id, assigned), inArray(organizationLocations.id, ofGroup)),
        ),
      )
      .orderBy(asc(organizationLocations.name), asc(organizationLocations.id));
  }

  /** The organisation locations of a user group. */
  listForSite(customerId: number, siteId: number | null): Promise<OrganizationLocationRow[]> {
    const ofGroup = this.db
      .select({ id: organizationLocationSites.organizationLocationId })
      .from(organizationLocationSites)
      .where(eq(organizationLocationSites.siteId, siteId ?? -1));
    return this.db
      .select()
      .from(organizationLocations)
      .where(
        and(eq(organizationLocations.customerId, customerId), inArray(organizationLocations.id, ofGroup)),
      )
      .orderBy(asc(organizationLocations.name), asc(organizationLocations.id));
  }

  listSites(organizationLocationId: number): Promise<OrganizationLocationSiteRow[]> {
    return this.db
      .select()
      .from(organizationLocationSites)
      .where(eq(organizationLocationSites.organizationLocationId, organizationLocationId))
      .orderBy(asc(organizationLocationSites.id));
  }

  async findSiteLink(id: number): Promise<OrganizationLocationSiteRow | undefined> {
    const [row] = await this.db
      .select()
      .from(organizationLocationSites)
      .where(eq(organizationLocationSites.id, id))
      .limit(1);
    return row;
  }

  async findSiteLinkByPair(organizationLocationId: number, siteId: number) {
    const [row] = await this.db
      .select()
      .from(organizationLocationSites)
      .where(
        and(
          eq(organizationLocationSites.organizationLocationId, organizationLocationId),
          eq(organizationLocationSites.siteId, siteId),
        ),
      )
      .limit(1);
    return row;
  }

  async addSiteLink(customerId: number, organizationLocationId: number, siteId: number) {
    const [row] = await this.db
      .insert(organizationLocationSites)
      .values({ customerId, organizationLocationId, siteId })
      .returning();
    return row!;
  }

  async deleteSiteLink(id: number): Promise<void> {
    await this.db.delete(organizationLocationSites).where(eq(organizationLocationSites.id, id));
  }
}
