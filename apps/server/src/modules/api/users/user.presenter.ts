// Decides which user fields leave the server: never the password hash (STYLE.md 'Present, never serialise rows').
import {
  ROLE_HIERARCHY,
  effectivePermissions,
  notificationUserPolicy,
  reachFor,
  userPolicy,
  type PolicyPrincipal,
  type UserPolicyRow,
} from '@allclear/domain';
import {
  NOTIFICATION_ONLY_ROLE_ID,
  type TCurrentUser,
  type TEmailSubscriptions,
  type TNotificationUser,
  type TUser,
} from '@allclear/contracts';
import type { ContactRow, ListedContact, ListedUser, UserRow, UserWithRelations } from './user.repository.ts';

export function presentCurrentUser({ user, role, customer, site }: UserWithRelations): TCurrentUser {
  return {
    id: user.id,
    userName: user.userName,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    roleId: role.id,
    roleName: role.name,
    roleDisplayName: role.displayName,
    roleHierarchy: role.hierarchy,
    siteId: site?.id ?? null,
    siteName: site?.name ?? null,
    phoneNumber: user.phoneNumber,
    customerId: customer.id,
    customerName: customer.name,
    timeZone: user.timeZone,
    smsNotifications: user.smsNotifications,
    emailNotifications: user.emailNotifications,
    geofenceAlertsEnabled: user.geofenceAlertsEnabled,
    alertTimesEnabled: user.alertTimesEnabled,
    declinesNotifications: user.declinesNotifications,
    isActive: user.isActive,
    permissions: effectivePermissions(customer.features, user.permissions),
    features: customer.features,
    WIDGET_ADMIN: user.widgetAdmin,
  };
}

/** A listed user with what the viewer may do to them (the domain's user policy, as the service enforces it). */
export function presentUser(
  { user, role, siteName, orgLocations }: ListedUser,
  viewer: PolicyPrincipal,
): TUser {
  const a = userPolicy.abilities(viewer, userPolicyRow(user, role.hierarchy));
  return {
    id: user.id,
    userName: user.userName,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    roleId: role.id,
    roleName: role.name,
    roleDisplayName: role.displayName,
    roleHierarchy: role.hierarchy,
    siteId: user.siteId,
    siteName,
    phoneNumber: user.phoneNumber,
    customerId: user.customerId,
    timeZone: user.timeZone,
    smsNotifications: user.smsNotifications,
    emailNotifications: user.emailNotifications,
    geofenceAlertsEnabled: user.geofenceAlertsEnabled,
    alertTimesEnabled: user.alertTimesEnabled,
    isActive: user.isActive,
    orgLocations,
    abilities: {
      edit: a.edit,
      delete: a.delete,
      // only an invite not yet accepted can be sent again
      resendInvite: a.resendInvite && !user.isActive,
      changeGroup: a.changeGroup,
    },
  };
}

/** The user policy's row of a user. */
export function userPolicyRow(
  user: Pick<UserRow, 'id' | 'customerId' | 'siteId'>,
  hierarchy: number,
): UserPolicyRow {
  return { id: user.id, customerId: user.customerId, siteId: user.siteId, hierarchy };
}

/** A listed notification-only contact (role -1, hierarchy 5) with what the viewer may do to them. */
export function presentContact(
  { contact, siteName }: ListedContact,
  viewer: PolicyPrincipal,
): TNotificationUser {
  const change = notificationUserPolicy.can(viewer, 'change', contact);
  return {
    id: contact.id,
    firstName: contact.firstName,
    lastName: contact.lastName,
    fullName: `${contact.firstName} ${contact.lastName}`.trim(),
    email: contact.email,
    phoneNumber: contact.phoneNumber,
    roleId: NOTIFICATION_ONLY_ROLE_ID,
    roleName: 'Notification Only',
    roleDisplayName: 'Notification Only',
    roleHierarchy: ROLE_HIERARCHY['Notification Only'],
    siteId: contact.siteId,
    siteName,
    customerId: contact.customerId,
    timeZone: contact.timeZone,
    isActive: true,
    emailUnsubscribed: contact.emailUnsubscribed,
    abilities: {
      edit: change,
      delete: change,
      resendInvite: false,
      changeGroup: change && reachFor(viewer, 'user', 'changeGroup') !== 'none',
    },
  };
}

/** `GET notificationuser/{id}/emailsubscriptions`. */
export function presentEmailSubscriptions(contact: ContactRow): TEmailSubscriptions {
  return {
    notificationUserId: contact.id,
    email: contact.email,
    subscribed: !contact.emailUnsubscribed,
    unsubscribedAt: contact.emailUnsubscribedAt?.toISOString() ?? null,
  };
}
