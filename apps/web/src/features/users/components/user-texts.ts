// The Users page's texts: the spec's where it gives them (spec 02 §2.8, §4 'User invite link', 'User modal', §8
// 'Invite', 'User'), ours where it does not (marked).
export const USERS_TITLE = 'Users';
export const MANAGE_GROUPS = 'Manage Groups';
export const ADD_USER = 'Add User';
export const FILTER = 'Filter';
/** ours */
export const SEARCH_LABEL = 'Search users';

export const COLUMN_ID = 'Id';
export const COLUMN_FULL_NAME = 'Full Name';
export const COLUMN_EMAIL = 'Email';
export const COLUMN_PERMISSION_LEVEL = 'Permission Level';
export const COLUMN_USER_GROUP = 'User Group';
/** ours: the edit/delete column's header, read by screen readers */
export const COLUMN_ACTIONS = 'Actions';

/** Page sizes and row height of the table (spec 02 §2.8, §9). */
export const USERS_PAGE_SIZES = [10, 25, 50] as const;
export const USERS_ROW_HEIGHT = 54;

// Filter popover (spec 02 §2.8)
export const FILTER_USER_STATUS = 'User Status';
export const FILTER_USER_GROUPS = 'User Groups';
export const FILTER_PERMISSION_LEVELS = 'User Permission Levels';
export const CLEAR_FILTERS = 'Clear Filters';

// User invite link (spec 02 §4) and its toasts (§8 'Invite')
export const RESEND = 'resend?';
export const RESENT = 'Sent! Send again?';
export const RESEND_FAILED = 'Failed to send. Try again?';
export const INVITE_SENT = 'Invite email sent!';
export const INVITE_FAILED = 'Unable to send invite email';

/** ours: the warning icon of a contact who unsubscribed (spec 02 §2.8 names the icon, not its text) */
export const UNSUBSCRIBED = 'Unsubscribed from email alerts';

// User modal (spec 02 §2.8, §4, §8 'User')
export const ADD_NEW_USER = 'Add New User';
export const editingTitle = (name: string) => `Editing "${name}"`;
export const ERROR_ADDING_USER = 'Error adding user';
export const ERROR_UPDATING_USER = 'Error updating user';
export const ERROR_UPDATING_NOTIFICATION_USER = 'Error updating notification user.';
export const UNABLE_TO_PROMOTE = 'Unable to promote notification user.';
export const PROMOTED = 'Successfully promoted to full user';
export const DEMOTE_WARNING_TITLE = 'Warning: Demoting Full User';
/** ours: what the warning says (spec 02 §4: 'saved locations and settings are removed') */
export const DEMOTE_WARNING_TEXT =
  'Changing this user to Notification Only removes their saved locations and settings, and they will no longer be able to sign in.';
/** ours: successes the spec does not word */
export const USER_ADDED = 'User added';
export const USER_UPDATED = 'User updated';
export const USER_DEMOTED = 'User changed to Notification Only';
export const PERSON_DELETED = 'User deleted';
export const ERROR_DELETING_USER = 'Error deleting user';

// ours: the page's loading, empty and error states
export const USERS_LOADING = 'Loading users';
export const NO_USERS = 'No users match';
export const USERS_FAILED = 'Problem retrieving users';
export const RETRY = 'Try again';

/** Field labels of the modal. */
export const LABELS = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phoneNumber: 'Phone Number',
  timeZone: 'Time Zone',
  roleId: 'Permission Level',
  siteId: 'User Group',
  orgLocations: 'Locations',
} as const;

/** Server texts name the user name where the form shows the e-mail (spec 02 §8 'User'). */
export function withEmailForUserName(text: string): string {
  return text.replace(/UserName/g, 'Email');
}
