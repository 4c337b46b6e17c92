// Who may see and manage a user and a notification-only contact (spec 02 §6 'Matrix': Users page, Add User,
// Edit/delete a user, Resend invite, User group dropdown; 'Assistant Admin data: only their own group').
import { ROLE_HIERARCHY } from '../roles.ts';
import { groupsOf, matrixPolicy } from './entity-policy.ts';
import type { PolicyPrincipal } from './role-matrix.ts';

export const USER_ACTIONS = [
  'view',
  'edit',
  'delete',
  'resendInvite',
  'changeGroup',
  'assignLocations',
] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

/** The columns of a user the policy reads. */
export interface UserPolicyRow {
  id: string;
  customerId: number;
  /** The user's group; null when none. */
  siteId: number | null;
  /** The user's role hierarchy: lower is more powerful; Notification Only is 5 (spec 02 §6). */
  hierarchy: number;
}

const NOTIFICATION_ONLY = ROLE_HIERARCHY['Notification Only'];
const below = (p: PolicyPrincipal, row: UserPolicyRow) => ROLE_HIERARCHY[p.role] < row.hierarchy;

/**
 * The matrix (ROLE_MATRIX.user), then the target's own rules: edit, delete and the group dropdown only on a
 * user whose hierarchy is above the editor's (spec 02 §6 'Edit/delete a user'; the dropdown is a field of the
 * same modal); never an invite to a Notification Only user ('Resend invite'); another user's locations are
 * assigned under the edit rule, a user's own by themself. Who sees the row: for 'view' and 'assignLocations' (a
 * user's profile and own locations) the view rule; for the Users page's actions (edit, delete, resend, group) the
 * list rule, so a role without the Users page is refused (403) on its customer's users rather than told they do
 * not exist (issue 14).
 */
export const userPolicy = matrixPolicy('user', USER_ACTIONS, {
  see: (action) => (action === 'view' || action === 'assignLocations' ? 'view' : 'list'),
  scope: (row: UserPolicyRow) => ({
    customerId: row.customerId,
    ownerId: row.id,
    siteIds: groupsOf(row.siteId),
  }),
  extra: (p, action, row) => {
    if (action === 'edit' || action === 'delete' || action === 'changeGroup')
      return below(p, row) ? 'allowed' : 'forbidden';
    if (action === 'resendInvite') return row.hierarchy < NOTIFICATION_ONLY ? 'allowed' : 'forbidden';
    if (action === 'assignLocations') return row.id === p.userId || below(p, row) ? 'allowed' : 'forbidden';
    return 'allowed';
  },
});

export const NOTIFICATION_USER_ACTIONS = ['view', 'change'] as const;
export type NotificationUserAction = (typeof NOTIFICATION_USER_ACTIONS)[number];

/** The columns of a notification-only contact the policy reads. */
export interface NotificationUserPolicyRow {
  customerId: number;
  siteId: number | null;
}

/** A notification-only contact: admin roles of its customer, an Assistant Admin only of their group (ROLE_MATRIX.notificationUser). */
export const notificationUserPolicy = matrixPolicy('notificationUser', NOTIFICATION_USER_ACTIONS, {
  see: 'view',
  scope: (row: NotificationUserPolicyRow) => ({ customerId: row.customerId, siteIds: groupsOf(row.siteId) }),
});
