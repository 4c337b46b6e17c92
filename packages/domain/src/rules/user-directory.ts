// The Users page's table, search and Filter popover (spec 02 §2.8): who is listed, in which order, and what the
// filter and search keep. Pure; the page runs it over every user and notification-only contact it has read.
import { ROLE_HIERARCHY, ROLE_IDS } from '../roles.ts';

/** A listed person as the table reads them: a full user or a notification-only contact (roleId -1, hierarchy 5). */
export interface DirectoryRow {
  firstName: string;
  lastName: string;
  fullName: string;
  email: string | null;
  phoneNumber: string | null;
  roleId: number;
  roleDisplayName: string;
  roleHierarchy: number;
  siteId: number | null;
  siteName: string | null;
  isActive: boolean;
}

/** The two user statuses of the filter (spec 02 §2.8 'User Status (Inactive, Active)'). */
export const USER_STATUSES = ['Inactive', 'Active'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Text after the name of a user who has not activated their account (spec 02 §2.8). */
export const INACTIVE_SUFFIX = '(inactive)';

/** The Filter popover's choices; an empty list means all (spec 02 §2.8 'Empty selection means all'). */
export interface DirectoryFilter {
  statuses: readonly UserStatus[];
  siteIds: readonly number[];
  roleIds: readonly number[];
}

export const NO_DIRECTORY_FILTER: DirectoryFilter = { statuses: [], siteIds: [], roleIds: [] };

/** A row's status: Inactive until the user has activated their account; a notification-only contact is Active. */
export function userStatusOf(row: Pick<DirectoryRow, 'isActive'>): UserStatus {
  return row.isActive ? 'Active' : 'Inactive';
}

/** The User Group cell: blank for a role hierarchy below 3 (Super Admin, Admin), else the group's name (spec 02 §2.8). */
export function userGroupCell(row: Pick<DirectoryRow, 'roleHierarchy' | 'siteName'>): string {
  return row.roleHierarchy < ROLE_HIERARCHY['Assistant Admin'] ? '' : (row.siteName ?? '');
}

/** The Full Name cell: the name, with '(inactive)' after it for an inactive user. */
export function fullNameCell(row: Pick<DirectoryRow, 'fullName' | 'isActive'>): string {
  return row.isActive ? row.fullName : `${row.fullName} ${INACTIVE_SUFFIX}`;
}

/**
 * What the search reads of a row, lower-cased: every field the table shows (name and status, e-mail, phone,
 * permission level, user group) plus first and last name on their own. Compute it once per row.
 */
export function directorySearchText(row: DirectoryRow): string {
  return [
    fullNameCell(row),
    row.firstName,
    row.lastName,
    row.email ?? '',
    row.phoneNumber ?? '',
    row.roleDisplayName,
    userGroupCell(row),
  ]
    .join('\n')
    .toLowerCase();
}

/** True when the search text (case-insensitive, surrounding blanks ignored) is in the row's search text. */
export function matchesSearch(searchText: string, query: string): boolean {
  const q = query.trim().toLowerCase();
  return q === '' || searchText.includes(q);
}

/** True when the row passes every filter group; an empty group passes everything (spec 02 §2.8). */
export function matchesFilter(row: DirectoryRow, filter: DirectoryFilter): boolean {
  if (filter.statuses.length > 0 && !filter.statuses.includes(userStatusOf(row))) return false;
  if (filter.siteIds.length > 0 && (row.siteId === null || !filter.siteIds.includes(row.siteId)))
    return false;
  if (filter.roleIds.length > 0 && !filter.roleIds.includes(row.roleId)) return false;
  return true;
}

/** Default order: by first name, case-insensitively; then last name, the same way (spec 02 §2.8). */
export function compareByFirstName(
  a: Pick<DirectoryRow, 'firstName' | 'lastName'>,
  b: Pick<DirectoryRow, 'firstName' | 'lastName'>,
): number {
  const byFirst = compareText(a.firstName, b.firstName);
  return byFirst !== 0 ? byFirst : compareText(a.lastName, b.lastName);
}

/** Case-insensitive comparison of two names (the table's sort comparator). */
export function compareText(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/** An accordion's count: 'Showing x of y', where an empty selection shows all y (spec 02 §2.8). */
export function showingText(selected: number, total: number): string {
  return `Showing ${selected === 0 ? total : Math.min(selected, total)} of ${total}`;
}

/**
 * The filter the page opens with: a hierarchy-3 user (Assistant Admin) sees only their own group by default; the
 * others everything (spec 02 §2.8 'A hierarchy-3 user defaults to their own group only').
 */
export function defaultDirectoryFilter(viewer: {
  roleHierarchy: number;
  siteId: number | null;
}): DirectoryFilter {
  return viewer.roleHierarchy === ROLE_HIERARCHY['Assistant Admin'] && viewer.siteId !== null
    ? { ...NO_DIRECTORY_FILTER, siteIds: [viewer.siteId] }
    : NO_DIRECTORY_FILTER;
}

/** The Permission Level choices of the filter: the roles, then Notification Only (role id -1) (spec 02 §2.8). */
export function permissionLevelChoices<R extends { id: number; hierarchy: number }>(
  roles: readonly R[],
): R[] {
  const sorted = [...roles].sort((a, b) => a.hierarchy - b.hierarchy);
  return [
    ...sorted.filter((r) => r.id !== ROLE_IDS['Notification Only']),
    ...sorted.filter((r) => r.id === ROLE_IDS['Notification Only']),
  ];
}

/** The rows the table shows: filtered and searched, in the order given. `searchTexts` is parallel to `rows`. */
export function filterDirectory<R extends DirectoryRow>(
  rows: readonly R[],
  searchTexts: readonly string[],
  query: string,
  filter: DirectoryFilter,
): R[] {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (matchesFilter(row, filter) && matchesSearch(searchTexts[i] ?? '', query)) out.push(row);
  }
  return out;
}
