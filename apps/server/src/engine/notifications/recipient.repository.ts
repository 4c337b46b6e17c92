// The only code of the notifier that reads who an event reaches: the event's location, groups, users,
// notification-only contacts, their alert times and push subscriptions, the customer's webhooks and its
// Singlewire scenario mappings. Built on the caller's transaction (recipients are resolved inside it).
import { and, eq, inArray, or } from 'drizzle-orm';
import {
  integrationConfigs,
  locations,
  notificationUsers,
  organizationLocationSites,
  policies,
  policySites,
  pushSubscriptions,
  scenarioMappings,
  siteAlertTimes,
  sites,
  userAlertTimes,
  userNotificationSettings,
  userOrganizationLocations,
  users,
  webhooks,
} from '../../db/schema/index.ts';
import type { Tx } from '../contracts.ts';

export interface EventLocation {
  id: number;
  label: string;
  flags: number;
  userId: string | null;
  organizationLocationId: number | null;
}

export type UserRow = typeof users.$inferSelect;
export type UserNotificationSettingsRow = typeof userNotificationSettings.$inferSelect;
export type NotificationUserRow = typeof notificationUsers.$inferSelect;
export type UserAlertTimeRow = typeof userAlertTimes.$inferSelect;
export type SiteAlertTimeRow = typeof siteAlertTimes.$inferSelect;

export class RecipientRepository {
  constructor(private readonly db: Tx) {}

  /** A location as the notifier reads it, or undefined. */
  async location(locationId: number): Promise<EventLocation | undefined> {
    const [row] = await this.db
      .select({
        id: locations.id,
        label: locations.label,
        flags: locations.flags,
        userId: locations.userId,
        organizationLocationId: locations.organizationLocationId,
      })
      .from(locations)
      .where(eq(locations.id, locationId));
    return row;
  }

  /** Whether a policy applies to all its customer's groups, and its customer; undefined when there is no such policy. */
  async policy(policyId: number): Promise<{ allGroups: boolean; customerId: number } | undefined> {
    const [policy] = await this.db
      .select({ allGroups: policies.allGroups, customerId: policies.customerId })
      .from(policies)
      .where(eq(policies.id, policyId));
    return policy;
  }

  /** Ids of every group of a customer. */
  async groupIdsOfCustomer(customerId: number): Promise<number[]> {
    const rows = await this.db.select({ id: sites.id }).from(sites).where(eq(sites.customerId, customerId));
    return rows.map((r) => r.id);
  }

  /** Ids of the groups a policy names (policy_sites). */
  async groupIdsOfPolicy(policyId: number): Promise<number[]> {
    const rows = await this.db
      .select({ siteId: policySites.siteId })
      .from(policySites)
      .where(eq(policySites.policyId, policyId));
    return rows.map((r) => r.siteId);
  }

  /** Ids of the groups linked to an organisation location. */
  async groupIdsOfOrganizationLocation(organizationLocationId: number): Promise<number[]> {
    const rows = await this.db
      .select({ siteId: organizationLocationSites.siteId })
      .from(organizationLocationSites)
      .where(eq(organizationLocationSites.organizationLocationId, organizationLocationId));
    return rows.map((r) => r.siteId);
  }

  /**
   * The customer's users in the groups, plus the owner when given, each with their notification settings
   * (null when they have none); nothing when there are neither groups nor an owner.
   */
  async usersOf(
    customerId: number,
    groupIds: readonly number[],
    ownerId: string | null,
  ): Promise<{ user: UserRow; settings: UserNotificationSettingsRow | null }[]> {
    const userFilter =
      groupIds.length > 0 && ownerId
        ? or(inArray(users.siteId, [...groupIds]), eq(users.id, ownerId))
        : groupIds.length > 0
          ? inArray(users.siteId, [...groupIds])
          : ownerId
            ? eq(users.id, ownerId)
            : undefined;
    if (!userFilter) return [];
    return this.db
      .select({ user: users, settings: userNotificationSettings })
      .from(users)
      .leftJoin(userNotificationSettings, eq(userNotificationSettings.userId, users.id))
      .where(and(eq(users.customerId, customerId), userFilter));
  }

  /** The customer's notification-only contacts in the groups. */
  async contactsOf(customerId: number, groupIds: readonly number[]): Promise<NotificationUserRow[]> {
    if (groupIds.length === 0) return [];
    return this.db
      .select()
      .from(notificationUsers)
      .where(
        and(eq(notificationUsers.customerId, customerId), inArray(notificationUsers.siteId, [...groupIds])),
      );
  }

  /** The alert times of the users. */
  async userAlertTimes(userIds: readonly string[]): Promise<UserAlertTimeRow[]> {
    if (userIds.length === 0) return [];
    return this.db
      .select()
      .from(userAlertTimes)
      .where(inArray(userAlertTimes.userId, [...userIds]));
  }

  /** The alert times of the groups. */
  async groupAlertTimes(siteIds: readonly number[]): Promise<SiteAlertTimeRow[]> {
    if (siteIds.length === 0) return [];
    return this.db
      .select()
      .from(siteAlertTimes)
      .where(inArray(siteAlertTimes.siteId, [...siteIds]));
  }

  /** Those of the users who have a push subscription (once per subscription). */
  async usersWithPushSubscription(userIds: readonly string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, [...userIds]));
    return rows.map((r) => r.userId);
  }

  /** Those of the users who are assigned the organisation location. */
  async usersOfOrganizationLocation(
    userIds: readonly string[],
    organizationLocationId: number,
  ): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .select({ userId: userOrganizationLocations.userId })
      .from(userOrganizationLocations)
      .where(
        and(
          inArray(userOrganizationLocations.userId, [...userIds]),
          eq(userOrganizationLocations.organizationLocationId, organizationLocationId),
        ),
      );
    return rows.map((r) => r.userId);
  }

  /** The customer's outgoing webhooks. */
  async webhooksOf(customerId: number): Promise<{ id: number; url: string; name: string }[]> {
    return this.db
      .select({ id: webhooks.id, url: webhooks.url, name: webhooks.name })
      .from(webhooks)
      .where(eq(webhooks.customerId, customerId));
  }

  /** Singlewire scenarios mapped to an organisation location and any of the groups. */
  async scenarioMappings(
    customerId: number,
    organizationLocationId: number,
    groupIds: readonly number[],
  ): Promise<{ id: number; scenarioId: string; siteId: string }[]> {
    if (groupIds.length === 0) return [];
    return this.db
      .select({
        id: scenarioMappings.id,
        scenarioId: scenarioMappings.singlewireScenarioId,
        siteId: scenarioMappings.singlewireSiteId,
      })
      .from(scenarioMappings)
      .innerJoin(integrationConfigs, eq(integrationConfigs.id, scenarioMappings.integrationConfigId))
      .where(
        and(
          eq(scenarioMappings.customerId, customerId),
          eq(scenarioMappings.organizationLocationId, organizationLocationId),
          inArray(scenarioMappings.policyGroupId, [...groupIds]),
        ),
      );
  }
}
