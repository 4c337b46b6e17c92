// Roles and permissions (spec 02 §6, spec 03 §6): the names, hierarchy and ids of roles, the permissions the
// client knows and the ones each customer feature grants. The role matrix and the access rules read these.
import { CustomerFeature } from './enums.ts';

/** Role names (spec 02 §6). */
export const ROLE_NAMES = [
  'Super Admin',
  'Admin',
  'Assistant Admin',
  'Customer',
  'Notification Only',
] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** Role hierarchy: lower is more powerful. Assistant Admin 3, default user 4 and Notification Only 5 are the spec's (spec 02 §6); Super Admin 1 and Admin 2 are ours. */
export const ROLE_HIERARCHY: Record<RoleName, number> = {
  'Super Admin': 1,
  Admin: 2,
  'Assistant Admin': 3,
  Customer: 4,
  'Notification Only': 5,
};

/** Role ids as stored. A Notification Only user has roleId '-1' (spec 02 §3). */
export const ROLE_IDS: Record<RoleName, number> = {
  'Super Admin': 1,
  Admin: 2,
  'Assistant Admin': 3,
  Customer: 4,
  'Notification Only': -1,
};

export const ADMIN_ROLES: readonly RoleName[] = ['Super Admin', 'Admin', 'Assistant Admin'];

/** The permissions known to the client (spec 02 §6). */
export const PERMISSIONS = [
  'gps.tracking',
  'met.support',
  'pa.full_access',
  'massnotify.access',
  'widget.access',
  'live_camera.access',
  'fourth_lightning_zone.support',
  'integrations.singlewire.access',
  'integrations.sso.access',
  'broadcast.view.access',
  'historical_report.access',
  'geofence.alerts.access',
  'location_cards.own_only.access',
  'mesonet.access',
  'write:integrations',
  'read:integrations',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The permission each customer feature grants to the customer's users. */
export const FEATURE_PERMISSION: Record<CustomerFeature, Permission> = {
  [CustomerFeature.GPS_Tracking]: 'gps.tracking',
  [CustomerFeature.MET_SUPPORT]: 'met.support',
  [CustomerFeature.PA_FULL_ACCESS]: 'pa.full_access',
  [CustomerFeature.MASS_NOTIFY_ACCESS]: 'massnotify.access',
  [CustomerFeature.WIDGET_ACCESS]: 'widget.access',
  [CustomerFeature.LIVE_CAMERA_ACCESS]: 'live_camera.access',
  [CustomerFeature.FOURTH_LIGHTNING_ZONE_SUPPORT]: 'fourth_lightning_zone.support',
  [CustomerFeature.INTEGRATIONS_SINGLEWIRE_ACCESS]: 'integrations.singlewire.access',
};

/** A user's effective permissions: those their customer's features grant plus those granted to the user, deduplicated and sorted. */
export function effectivePermissions(
  customerFeatures: readonly number[],
  userPermissions: readonly string[],
): Permission[] {
  const out = new Set<Permission>();
  for (const f of customerFeatures) {
    const p = FEATURE_PERMISSION[f as CustomerFeature];
    if (p) out.add(p);
  }
  for (const p of userPermissions)
    if ((PERMISSIONS as readonly string[]).includes(p)) out.add(p as Permission);
  return [...out].sort();
}
