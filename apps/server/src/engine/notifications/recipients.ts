// Who an event reaches, read inside the caller's transaction (the queries are in recipient.repository.ts):
// for lightning (and anything without a policy) the groups linked to the location's organisation location
// plus the location's owner; for a policy the groups it applies to (policy_sites, or every group with
// allGroups). The webhooks of the customer and the Singlewire scenarios mapped to the policy's groups are
// read by planDeliveries (enqueue.ts) from the same repository.
import type { AlertTimeRow } from '@allclear/domain';
import type { AlertEvent } from '../contracts.ts';
import type { RecipientCandidate } from './recipient-rules.ts';
import type { EventLocation, RecipientRepository } from './recipient.repository.ts';

/** The event's location (null when it has none or it was deleted). */
export async function loadLocation(
  repo: RecipientRepository,
  locationId: number | null,
): Promise<EventLocation | null> {
  if (locationId == null) return null;
  return (await repo.location(locationId)) ?? null;
}

/** True when an event reaches the groups of a policy (policy warnings with a policy id; never lightning). */
export function usesPolicyGroups(event: AlertEvent): boolean {
  return event.policyId != null && !event.kind.startsWith('lightning');
}

/** The groups a policy applies to: policy_sites, or every group of the customer with allGroups. */
export async function policyGroups(repo: RecipientRepository, policyId: number): Promise<number[]> {
  const policy = await repo.policy(policyId);
  if (policy?.allGroups) return repo.groupIdsOfCustomer(policy.customerId);
  return repo.groupIdsOfPolicy(policyId);
}

/** Group ids an event reaches: the policy's groups, else the groups of the location's organisation location. */
export async function groupsOf(
  repo: RecipientRepository,
  event: AlertEvent,
  location: EventLocation | null,
): Promise<number[]> {
  if (usesPolicyGroups(event)) return policyGroups(repo, event.policyId!);
  if (location?.organizationLocationId == null) return [];
  return repo.groupIdsOfOrganizationLocation(location.organizationLocationId);
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
  repo: RecipientRepository,
  event: AlertEvent,
  location: EventLocation | null,
  groupIds: readonly number[],
): Promise<RecipientCandidate[]> {
  const ownerId = usesPolicyGroups(event) ? null : (location?.userId ?? null);
  const userRows = await repo.usersOf(event.customerId, groupIds, ownerId);
  const contactRows = await repo.contactsOf(event.customerId, groupIds);

  const userIds = userRows.map((r) => r.user.id);
  const siteIdsOfPeople = [
    ...new Set(
      [...userRows.map((r) => r.user.siteId), ...contactRows.map((r) => r.siteId)].filter((s) => s != null),
    ),
  ] as number[];
  const [userTimes, groupTimes, pushUserIds, ownOrgUserIds] = await Promise.all([
    repo.userAlertTimes(userIds),
    repo.groupAlertTimes(siteIdsOfPeople),
    repo.usersWithPushSubscription(userIds),
    location?.organizationLocationId != null
      ? repo.usersOfOrganizationLocation(userIds, location.organizationLocationId)
      : [],
  ]);
  const timesOfGroup = (siteId: number | null) =>
    siteId == null ? [] : groupTimes.filter((t) => t.siteId === siteId).map(toRow);
  const pushUsers = new Set(pushUserIds);
  const ownOrg = new Set(ownOrgUserIds);

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
