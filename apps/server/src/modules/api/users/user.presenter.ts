// Decides which user fields leave the server: never the password hash (STYLE.md 'Present, never serialise rows').
import { effectivePermissions } from '@allclear/domain';
import type { TCurrentUser } from '@allclear/contracts';
import type { UserWithRelations } from './user.repository.ts';

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
