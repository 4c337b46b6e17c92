// The texts of Manage User Groups (spec 02 §2.8, §5 'User group', §8 'Group'), exactly as the spec spells them:
// 'Upated user group' is the spec's spelling.
export const MANAGE_GROUPS_TITLE = 'Manage User Groups';
export const NEW_GROUP_BUTTON = '+ New group...';
export const GROUP_UPDATED = 'Upated user group';
export const GROUP_CREATED = 'Created user group';
export const GROUP_DELETED = 'Deleted user group';
export const ERROR_UPDATING_GROUP = 'Error updating user group';
export const ERROR_CREATING_GROUP = 'Error creating user group';
export const ERROR_DELETING_GROUP = 'Error deleting user group';
/** Ours: why Delete is off, and the list's own states. */
export const GROUP_IN_USE_HINT = 'A group with users or widgets cannot be deleted.';
export const GROUPS_LOADING = 'Loading user groups';
export const GROUPS_FAILED = 'Problem retrieving user groups';
export const NO_GROUPS = 'No user groups yet';
/** Weekday names, day 0 Sunday to 6 Saturday (spec 02 §3 'Alert time entry'). */
export { WEEKDAY_NAMES as DAY_NAMES } from '@allclear/domain';
