// Who may do what to users and user groups (spec 02 §6 'Matrix').
import { ADMIN_ROLES, ROLE_HIERARCHY, type RoleName } from '../roles.ts';

/** A user as the permission rules read them: role hierarchy (lower is more powerful) and user group (site) id. */
export interface PermissionSubject {
  hierarchy: number;
  siteId: number | string | null | undefined;
}

const ASSISTANT_ADMIN = ROLE_HIERARCHY['Assistant Admin'];
const NOTIFICATION_ONLY = ROLE_HIERARCHY['Notification Only'];

function sameGroup(a: PermissionSubject, b: PermissionSubject): boolean {
  return a.siteId !== null && a.siteId !== undefined && a.siteId === b.siteId;
}

/** Edit or delete a user: the editor's hierarchy is below the target's and at most 3, and a hierarchy-3 editor only for their own group (spec 02 §6). */
export function canEditUser(editor: PermissionSubject, target: PermissionSubject): boolean {
  if (editor.hierarchy >= target.hierarchy || editor.hierarchy > ASSISTANT_ADMIN) return false;
  return editor.hierarchy !== ASSISTANT_ADMIN || sameGroup(editor, target);
}

/** Resend an invite: Super Admin and Admin; Assistant Admin for users of the same group; never for Notification Only users (spec 02 §6). */
export function canResendInvite(editor: PermissionSubject, target: PermissionSubject): boolean {
  if (target.hierarchy >= NOTIFICATION_ONLY) return false;
  if (editor.hierarchy < ASSISTANT_ADMIN) return true;
  return editor.hierarchy === ASSISTANT_ADMIN && sameGroup(editor, target);
}

/** The user-group dropdown of the user modal is disabled when the editor's hierarchy is above 2 (spec 02 §6). */
export function isUserGroupDropdownDisabled(editorHierarchy: number): boolean {
  return editorHierarchy > ROLE_HIERARCHY.Admin;
}

/** Alert Mode selection: the geofence.alerts.access permission and an Admin, Assistant Admin or Super Admin role (spec 02 §6). */
export function canSelectAlertMode(role: RoleName, permissions: readonly string[]): boolean {
  return permissions.includes('geofence.alerts.access') && ADMIN_ROLES.includes(role);
}

/** A user group's delete button is enabled only with no users and no widgets using it (spec 02 §4 'Policy'). */
export function canDeleteUserGroup(group: { userCount: number; widgetCount: number }): boolean {
  return group.userCount === 0 && group.widgetCount === 0;
}

/** '+ New group...', Add Policy and edit policy: Admin and Super Admin only (spec 02 §6). */
export function canCreateUserGroup(role: RoleName): boolean {
  return role === 'Admin' || role === 'Super Admin';
}

/** Manage Groups and Add User buttons: admin roles (spec 02 §6). */
export function canManageUsers(role: RoleName): boolean {
  return ADMIN_ROLES.includes(role);
}
