// User modal: required fields, payload nulls, role options and new-user defaults (spec 02 §3, §5, §9).

export interface UserFormDraft {
  firstName: string;
  lastName?: string;
  email: string;
  phoneNumber: string;
  timeZone: string;
  roleId: number | string | null | undefined;
  siteId: number | string | null | undefined;
  isNotificationOnly: boolean;
}

export type UserFormField = 'FirstName' | 'Email' | 'TimeZone' | 'RoleId' | 'SiteId';

/** The required-field texts of the User modal, keyed by the server's field names (ours; spec 02 §5 names the fields). */
export const USER_FORM_MESSAGES: Record<UserFormField, string> = {
  FirstName: 'First Name is required.',
  Email: 'Email is required.',
  TimeZone: 'Time Zone is required.',
  RoleId: 'Permission Level is required.',
  SiteId: 'User Group is required.',
};

function isBlank(v: string | number | null | undefined): boolean {
  return v === null || v === undefined || String(v).trim().length === 0;
}

/** Required-field errors keyed by the server's field names: First Name, Email (not for Notification Only), Time Zone, Permission Level, User Group; texts ours (spec 02 §5 'User modal'). */
export function validateUserForm(draft: UserFormDraft): Partial<Record<UserFormField, string>> {
  const errors: Partial<Record<UserFormField, string>> = {};
  if (isBlank(draft.firstName)) errors.FirstName = USER_FORM_MESSAGES.FirstName;
  if (!draft.isNotificationOnly && isBlank(draft.email)) errors.Email = USER_FORM_MESSAGES.Email;
  if (isBlank(draft.timeZone)) errors.TimeZone = USER_FORM_MESSAGES.TimeZone;
  if (isBlank(draft.roleId)) errors.RoleId = USER_FORM_MESSAGES.RoleId;
  if (isBlank(draft.siteId)) errors.SiteId = USER_FORM_MESSAGES.SiteId;
  return errors;
}

/** Empty e-mail and phone are sent as null (spec 02 §5). */
export function userContactPayload(draft: { email: string; phoneNumber: string }): {
  email: string | null;
  phoneNumber: string | null;
} {
  return {
    email: draft.email.trim() === '' ? null : draft.email.trim(),
    phoneNumber: draft.phoneNumber.trim() === '' ? null : draft.phoneNumber.trim(),
  };
}

/** A role option is disabled when the editor's hierarchy is at or above the role's (spec 02 §5). */
export function isRoleOptionDisabled(editorHierarchy: number, roleHierarchy: number): boolean {
  return editorHierarchy >= roleHierarchy;
}

/** New user defaults: empty id, time zone CST, hierarchy 4, alert times on, geofence off (spec 02 §3, §9). */
export const NEW_USER_DEFAULTS = {
  id: '',
  timeZone: 'CST',
  roleHierarchy: 4,
  alertTimesEnabled: true,
  geofenceAlertsEnabled: false,
} as const;
