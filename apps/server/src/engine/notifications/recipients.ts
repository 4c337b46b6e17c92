// Reads the recipients of an event inside the caller's transaction: for lightning (and anything
// without a policy) the groups linked to the location's organisation location plus the location's
// owner; for a policy the groups it applies to (policy_sites, or every group with allGroups); then
// the webhooks of the customer and the Singlewire scenarios mapped to the policy's groups.
import { and, eq, inArray, or } from 'drizzle-orm';
import type { AlertTimeRow } from '@allclear/domain';
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
import type { AlertEvent, Tx } from '../contracts.ts';
import type { RecipientCandidate } from './recipient-rules.ts';

export interface EventLocation {
  id: number;
  label: string;
  flags: number;
  userId: string | null;
  organizationLocationId: number | null;
}

/** The event's location (null when it has none or it was deleted). */
export async function loadLocation(tx: Tx, locationId: number | null): Promise<EventLocation | null> {
  if (locationId == null) return null;
  const [row] = await tx
    .select({
      id: locations.id,
      label: locations.label,
      flags: locations.flags,
      userId: locations.userId,
      organizationLocationId: locations.organizationLocationId,
    })
    .from(locations)
    .where(eq(locations.id, locationId));
  return row ?? null;
}

/** True when an event reaches the groups of a policy (policy warnings with a policy id; never lightning). */
export function usesPolicyGroups(event: AlertEvent): boolean {
  return event.policyId != null && !event.kind.startsWith('lightning');
}

/** The groups a policy applies to: policy_sites, or every group of the customer with allGroups. */
export async function policyGroups(tx: Tx, policyId: number): Promise<number[]> {
  const [policy] = await tx
    .select({ allGroups: policies.allGroups, customerId: policies.customerId })
    .from(policies)
    .where(eq(policies.id, policyId));
  if (policy?.allGroups) {
    const rows = await tx.select({ id: sites.id }).from(sites).where(eq(sites.customerId, policy.customerId));
    return rows.map((r) => r.id);
  }
  const rows = await tx
    .select({ siteId: policySites.siteId })
    .from(policySites)
    .where(eq(policySites.policyId, policyId));
  return rows.map((r) => r.siteId);
}

/** Group ids an event reaches: the policy's groups, else the groups of the location's organisation location. */
export async function groupsOf(tx: Tx, event: AlertEvent, location: EventLocation | null): Promise<number[]> {
  if (usesPolicyGroups(event)) return policyGroups(tx, event.policyId!);
  if (location?.organizationLocationId == null) return [];
  const rows = await tx
    .select({ siteId: organizationLocationSites.siteId })
    .from(organizationLocationSites)
    .where(eq(organizationLocationSites.organizationLocationId, location.organizationLocationId));
  return rows.map((r) => r.siteId);
}

function toRow(r: {
  id: number;
  day: number;
  startTime: string;
  endTime: string;
  allDay: boolean;
  enabled: boolean;
}): AlertTimeRow {
  return {
    id: r.id,
    day: r.day,
    startTime: r.startTime,
    endTime: r.endTime,
    allDay: r.allDay,
    enabled: r.enabled,
  };
}

/** Users and notification-only contacts of the groups (plus the location's owner unless a policy's groups are used). */
export async function loadCandidates(
  tx: Tx,
  event: AlertEvent,
  location: EventLocation | null,
  groupIds: readonly number[],
): Promise<RecipientCandidate[]> {
  const ownerId = usesPolicyGroups(event) ? null : (location?.userId ?? null);
  const userFilter =
    groupIds.length > 0 && ownerId
      ? or(inArray(users.siteId, [...groupIds]), eq(users.id, ownerId))
      : groupIds.length > 0
        ? inArray(users.siteId, [...groupIds])
        : ownerId
          ? eq(users.id, ownerId)
          : undefined;
  const userRows = userFilter
    ? await tx
        .select({ user: users, settings: userNotificationSettings })
        .from(users)
        .leftJoin(userNotificationSettings, eq(userNotificationSettings.userId, users.id))
        .where(and(eq(users.customerId, event.customerId), userFilter))
    : [];
  const contactRows =
    groupIds.length > 0
      ? await tx
          .select()
          .from(notificationUsers)
          .where(
            and(
              eq(notificationUsers.customerId, event.customerId),
              inArray(notificationUsers.siteId, [...groupIds]),
            ),
          )
      : [];

  const userIds = userRows.map((r) => r.user.id);
  const siteIdsOfPeople = [
    ...new Set(
      [...userRows.map((r) => r.user.siteId), ...contactRows.map((r) => r.siteId)].filter((s) => s != null),
    ),
  ] as number[];
  const [userTimes, groupTimes, subscriptions, ownOrgLocations] = await Promise.all([
    userIds.length > 0 ? tx.select().from(userAlertTimes).where(inArray(userAlertTimes.userId, userIds)) : [],
    siteIdsOfPeople.length > 0
      ? tx.select().from(siteAlertTimes).where(inArray(siteAlertTimes.siteId, siteIdsOfPeople))
      : [],
    userIds.length > 0
      ? tx
          .select({ userId: pushSubscriptions.userId })
          .from(pushSubscriptions)
          .where(inArray(pushSubscriptions.userId, userIds))
      : [],
    userIds.length > 0 && location?.organizationLocationId != null
      ? tx
          .select({ userId: userOrganizationLocations.userId })
          .from(userOrganizationLocations)
          .where(
            and(
              inArray(userOrganizationLocations.userId, userIds),
              eq(userOrganizationLocations.organizationLocationId, location.organizationLocationId),
            ),
          )
      : [],
  ]);
  const timesOfGroup = (siteId: number | null) =>
    siteId == null ? [] : groupTimes.filter((t) => t.siteId === siteId).map(toRow);
  const pushUsers = new Set(subscriptions.map((s) => s.userId));
  const ownOrg = new Set(ownOrgLocations.map((o) => o.userId));

  const people: RecipientCandidate[] = userRows.map(({ user, settings }) => ({
    kind: 'user',
    id: user.id,
    name: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    phone: user.phoneNumber,
    timeZone: user.timeZone,
    isActive: user.isActive,
    declinesNotifications: user.declinesNotifications,
    emailNotifications: user.emailNotifications,
    smsNotifications: user.smsNotifications,
    notificationType: settings?.notificationType ?? 0,
    alertTimesEnabled: user.alertTimesEnabled,
    geofenceAlertsEnabled: user.geofenceAlertsEnabled,
    ownsLocation: location != null && (location.userId === user.id || ownOrg.has(user.id)),
    precipitationNotification: settings?.precipitationNotification ?? true,
    severeWeatherNotification: settings?.severeWeatherNotification ?? true,
    proactiveForecastNotification: settings?.proactiveForecastNotification ?? true,
    optOutForecast: settings?.optOutForecast ?? false,
    emailUnsubscribed: false,
    hasPushSubscription: pushUsers.has(user.id),
    userAlertTimes: userTimes.filter((t) => t.userId === user.id).map(toRow),
    groupAlertTimes: timesOfGroup(user.siteId),
  }));
  for (const c of contactRows) {
    people.push({
      kind: 'notification-user',
      id: String(c.id),
      name: `${c.firstName} ${c.lastName}`.trim(),
      email: c.email,
      phone: c.phoneNumber,
      timeZone: c.timeZone,
      isActive: true,
      declinesNotifications: false,
      emailNotifications: true,
      smsNotifications: true,
      notificationType: 1,
      alertTimesEnabled: true,
      geofenceAlertsEnabled: false,
      ownsLocation: false,
      precipitationNotification: true,
      severeWeatherNotification: true,
      proactiveForecastNotification: true,
      optOutForecast: false,
      emailUnsubscribed: c.emailUnsubscribed,
      hasPushSubscription: false,
      userAlertTimes: [],
      groupAlertTimes: timesOfGroup(c.siteId),
    });
  }
  return people;
}

/** The customer's outgoing webhooks. */
export async function loadWebhooks(tx: Tx, customerId: number) {
  return tx
    .select({ id: webhooks.id, url: webhooks.url, name: webhooks.name })
    .from(webhooks)
    .where(eq(webhooks.customerId, customerId));
}

/** Singlewire scenarios mapped to the event's organisation location and the policy's groups. */
export async function loadScenarioMappings(
  tx: Tx,
  customerId: number,
  orgLocationId: number,
  groupIds: number[],
) {
  if (groupIds.length === 0) return [];
  return tx
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
        eq(scenarioMappings.organizationLocationId, orgLocationId),
        inArray(scenarioMappings.policyGroupId, groupIds),
      ),
    );
}
