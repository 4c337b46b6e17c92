// The role matrices of spec 02 §6 and spec 03 §6 as one table: per entity (or area) and action, how far each
// role's grant reaches and which permissions it needs. Every entity policy and the page rules of access.ts read
// it; the policies' edge tables are written from the spec text, not from this table (issue 13).
//
// Reading a cell: 'all' any customer's rows; 'customer' the caller's customer's; 'group' rows of the caller's
// user group and their own; 'own' only their own; 'none' refused. Two rules of ARCHITECTURE.md ('API
// conventions') fill what the spec matrices leave open: a Super Admin may cross customers, and every other
// role stays within its customer. Spec 02 §6 'Assistant Admin data: only their own group' makes the
// Assistant Admin 'group' on every entity whose rows belong to groups, 'customer' on those that have none.
import type { Permission, RoleName } from '../roles.ts';

/** How far a grant reaches; each value includes the ones before it. */
export const REACHES = ['none', 'own', 'group', 'customer', 'all'] as const;
export type Reach = (typeof REACHES)[number];

/** How a row relates to the caller. */
export const RELATIONS = ['own', 'group', 'customer', 'other-customer'] as const;
export type Relation = (typeof RELATIONS)[number];

/** One cell row of the matrix: per role its reach, and the permissions of which the caller needs any one. */
export interface MatrixRule {
  readonly reach: Readonly<Record<RoleName, Reach>>;
  /** When present, one of these must be held too ('the permission check passes if any listed permission is held', spec 02 §6). */
  readonly permissions?: readonly Permission[];
  /** Where the rule is written: a spec section, or 'ours' with the reason. */
  readonly source: string;
}

/** A rule from its five reaches in the order Super Admin, Admin, Assistant Admin, Customer, Notification Only. */
function rule(
  reach: readonly [Reach, Reach, Reach, Reach, Reach],
  source: string,
  permissions?: readonly Permission[],
): MatrixRule {
  const [sa, admin, assistant, customer, notificationOnly] = reach;
  return {
    reach: {
      'Super Admin': sa,
      Admin: admin,
      'Assistant Admin': assistant,
      Customer: customer,
      'Notification Only': notificationOnly,
    },
    source,
    ...(permissions ? { permissions } : {}),
  };
}

// prettier-ignore
/** The matrix. Columns: Super Admin, Admin, Assistant Admin, Customer, Notification Only. */
export const ROLE_MATRIX = {
  location: {
    // a user's location (it has an owner)
    view:                    rule(['all',      'customer', 'group',    'own',      'own'],      "ours, spec 01 §6: a user's own locations; admin roles their customer's users' (02 §6 'Assistant Admin data': own group)"),
    change:                  rule(['all',      'customer', 'group',    'own',      'own'],      'ours, spec 01 §6: as view'),
    // a location shared by the organisation (no owner)
    viewShared:              rule(['all',      'customer', 'customer', 'customer', 'customer'], 'spec 01 §6: shared locations are offered to every user of the customer'),
    changeShared:            rule(['all',      'customer', 'customer', 'none',     'none'],     "ours: the organisation's locations are changed by its admin roles (02 §6 'Customer (basic)')"),
  },
  user: {
    list:                    rule(['all',      'customer', 'group',    'none',     'none'],     "spec 02 §6 'Users page': SA, A, AA; 'Assistant Admin data: only their own group'"),
    view:                    rule(['all',      'customer', 'group',    'own',      'own'],      "spec 02 §6 'Users page' and 'Profile: any signed-in user'"),
    create:                  rule(['all',      'customer', 'group',    'none',     'none'],     "spec 02 §6 'Manage Groups / Add User buttons: admin roles'"),
    edit:                    rule(['all',      'customer', 'group',    'none',     'none'],     "spec 02 §6 'Edit/delete a user': hierarchy 3 or less, hierarchy 3 only for their own group"),
    delete:                  rule(['all',      'customer', 'group',    'none',     'none'],     "spec 02 §6 'Edit/delete a user'"),
    resendInvite:            rule(['all',      'customer', 'group',    'none',     'none'],     "spec 02 §6 'Resend invite': SA and A; AA for users of the same group"),
    changeGroup:             rule(['all',      'customer', 'none',     'none',     'none'],     "spec 02 §6 'User group dropdown': disabled when the editor's hierarchy is above 2"),
    assignLocations:         rule(['all',      'customer', 'group',    'own',      'none'],     "ours: spec 02 §4 'User modal' saves an edited user's locations (the edit rule); spec 01 §7 a user their own"),
  },
  notificationUser: {
    view:                    rule(['all',      'customer', 'group',    'none',     'none'],     "spec 02 §2.8 Users page lists them; §6 'Users page', 'Assistant Admin data'"),
    change:                  rule(['all',      'customer', 'group',    'none',     'none'],     "spec 02 §6 'Edit/delete a user' (a Notification Only user is hierarchy 5)"),
  },
  group: {
    view:                    rule(['all',      'customer', 'group',    'group',    'none'],     "spec 02 §6 'Manage Groups: admin roles', 'Assistant Admin data'; ours: a user reads their own group (GET site/user, spec 01 §7)"),
    create:                  rule(['all',      'customer', 'none',     'none',     'none'],     "spec 02 §6 'create group', '+ New group...': Admin and Super Admin"),
    edit:                    rule(['all',      'customer', 'group',    'none',     'none'],     "spec 02 §6 'Manage Groups: admin roles', 'Assistant Admin data: only their own group'"),
    delete:                  rule(['all',      'customer', 'none',     'none',     'none'],     "ours: deleting a group is creating's reverse (spec 02 §6 'create group')"),
  },
  organizationLocation: {
    view:                    rule(['all',      'customer', 'customer', 'customer', 'customer'], "spec 01 §7: the location form offers the organisation's locations to every user"),
    linkGroup:               rule(['all',      'customer', 'group',    'none',     'none'],     "spec 02 §6 'Manage Groups: admin roles', 'Assistant Admin data: only their own group'"),
  },
  customer: {
    view:                    rule(['all',      'customer', 'customer', 'customer', 'customer'], 'spec 03 §7 customer by id; ARCHITECTURE: a Super Admin may cross customers'),
  },
  weatherStation: {
    view:                    rule(['all',      'customer', 'customer', 'customer', 'customer'], 'spec 01 §7 station of a location (dashboard)'),
    viewHistory:             rule(['all',      'customer', 'customer', 'customer', 'customer'], "spec 03 §6 'Station historical page': a Super Admin, or the same customer as the station"),
    viewHistoryAnyCustomer:  rule(['all',      'all',      'all',      'all',      'all'],      "spec 03 §6 'Station historical page': the mesonet permission", ['mesonet.access']),
  },
  hardware: {
    view:                    rule(['all',      'customer', 'customer', 'none',     'none'],     "spec 02 §6 'Hardware page': SA, A, AA"),
    manage:                  rule(['all',      'customer', 'customer', 'none',     'none'],     "spec 02 §6 'Hardware page'; 'Customer (basic): cannot edit ... hardware settings'"),
    sendPa:                  rule(['all',      'customer', 'customer', 'customer', 'customer'], "spec 02 §6 'Send PA Message: pa.full_access'", ['pa.full_access']),
  },
  paMessage: {
    view:                    rule(['all',      'customer', 'customer', 'customer', 'customer'], 'spec 02 §2.12 Stored PA Messages: no role rule in §6 (absent list: everyone)'),
    change:                  rule(['all',      'customer', 'customer', 'customer', 'customer'], 'spec 02 §2.12 Stored PA Messages: no role rule in §6 (absent list: everyone)'),
  },
  weatherPolicy: {
    view:                    rule(['all',      'customer', 'group',    'none',     'none'],     "spec 02 §6 'Policies page': SA, A, AA; 'Assistant Admin data: only their own group'"),
    create:                  rule(['all',      'customer', 'none',     'none',     'none'],     "spec 02 §6 'Add policy': Admin and Super Admin only"),
    edit:                    rule(['all',      'customer', 'none',     'none',     'none'],     "spec 02 §6 'edit policy': Admin and Super Admin only"),
    delete:                  rule(['all',      'customer', 'none',     'none',     'none'],     "ours: as 'edit policy' (spec 02 §6)"),
  },
  consultation: {
    send:                    rule(['all',      'customer', 'customer', 'none',     'none'],     "spec 02 §6 'Consultation: support permission and SA, A or AA'", ['met.support']),
  },
  massMessage: {
    compose:                 rule(['all',      'customer', 'customer', 'none',     'none'],     "spec 03 §6 'Mass notify: the mass-notify permission and SA, A or AA'", ['massnotify.access']),
    recipients:              rule(['all',      'customer', 'group',    'none',     'none'],     "spec 03 §6 'An Assistant Admin sees only recipients of their own site'", ['massnotify.access']),
  },
  widget: {
    view:                    rule(['customer', 'customer', 'group',    'none',     'none'],     "spec 03 §6 'Widgets: the permission and one of the three roles ... others see their own customer's'", ['widget.access']),
    change:                  rule(['customer', 'customer', 'group',    'none',     'none'],     "spec 03 §6 'Widgets', §4 'Widget save'", ['widget.access']),
    anyCustomer:             rule(['all',      'none',     'none',     'none',     'none'],     "spec 03 §6 'a Super Admin ... may create widgets for any customer when WIDGET_ADMIN is ALL'", ['widget.access']),
  },
  camera: {
    view:                    rule(['all',      'customer', 'customer', 'none',     'none'],     "spec 03 §6 'live camera: the permission and one of the three roles. A Super Admin sees all customers' cameras'", ['live_camera.access']),
    viewLogs:                rule(['all',      'customer', 'customer', 'none',     'none'],     "spec 03 §6 'live camera', §2.11 Live Camera Logs", ['live_camera.access']),
  },
  integration: {
    view:                    rule(['all',      'customer', 'customer', 'none',     'none'],     "spec 03 §6 'Sidebar entries', 'Missing permission on an integration card shows Request Access'", ['integrations.singlewire.access', 'integrations.sso.access', 'read:integrations']),
    singlewire:              rule(['all',      'customer', 'customer', 'none',     'none'],     "spec 03 §6 'Singlewire page: a role only'"),
    addScenarioTrigger:      rule(['all',      'customer', 'none',     'none',     'none'],     "spec 03 §6 'Add Scenario Trigger: Super Admin and Admin only'"),
    sso:                     rule(['all',      'customer', 'customer', 'none',     'none'],     "spec 03 §6 'SSO page: role and SSO permission'", ['integrations.sso.access']),
  },
  report: {
    generate:                rule(['all',      'customer', 'customer', 'customer', 'customer'], "spec 03 §6 'Report export modal: needs the historical-report permission'", ['historical_report.access']),
  },
  broadcast: {
    view:                    rule(['all',      'customer', 'customer', 'none',     'none'],     "spec 03 §6 'Sidebar entries require a role (all three) plus the item's permission'", ['broadcast.view.access']),
  },
  airQuality: {
    viewSensors:             rule(['all',      'customer', 'customer', 'none',     'none'],     "spec 03 §6 'Air Quality: Super Admin, Admin, Assistant Admin'"),
  },
  heatStress: {
    viewRiskProfile:         rule(['all',      'customer', 'customer', 'customer', 'customer'], 'spec 02 §2.4 Heat Stress card (dashboard); a product default profile is every customer\'s'),
  },
  profile: {
    view:                    rule(['own',      'own',      'own',      'own',      'own'],      "spec 02 §6 'Notification Settings, Profile: any signed-in user'"),
    edit:                    rule(['own',      'own',      'own',      'own',      'own'],      "spec 02 §6 'Notification Settings, Profile: any signed-in user'"),
    alertMode:               rule(['own',      'own',      'own',      'none',     'none'],     "spec 02 §6 'Alert Mode selection: geofence permission and Admin, Assistant Admin or Super Admin'", ['geofence.alerts.access']),
  },
  notification: {
    viewOwn:                 rule(['own',      'own',      'own',      'own',      'own'],      'spec 02 §2.6 My Notifications: the caller\'s own'),
    audit:                   rule(['all',      'customer', 'customer', 'none',     'none'],     "ours: the audit trail is an admin screen's (02 §6 admin roles), read through the location, whose view holds 'Assistant Admin data'"),
    deadLetters:             rule(['all',      'none',     'none',     'none',     'none'],     'ours: failed deliveries of every customer, for the operator'),
    heldBack:                rule(['all',      'customer', 'customer', 'none',     'none'],     "ours (issue 21): whether alerts are held back by a database outage, the admin roles' banner (the product's state, no customer's rows)"),
  },
  proactiveForecast: {
    view:                    rule(['all',      'customer', 'customer', 'customer', 'customer'], "spec 01 §3 'Proactive forecast': a customer's forecasts for its users"),
    create:                  rule(['all',      'none',     'none',     'none',     'none'],     'ours: forecasts are written by the meteorologists (Super Admin)'),
  },
  scenario: {
    run:                     rule(['all',      'none',     'none',     'none',     'none'],     'ours (issue 4): the simulator scenario API is for a Super Admin'),
  },
} as const satisfies Record<string, Record<string, MatrixRule>>;

export type MatrixEntity = keyof typeof ROLE_MATRIX;
export type MatrixAction<E extends MatrixEntity> = keyof (typeof ROLE_MATRIX)[E] & string;

/** The caller as every policy reads it (the server's Principal has these fields). */
export interface PolicyPrincipal {
  userId: string;
  customerId: number;
  role: RoleName;
  /** The caller's user group; absent or null when none (an Assistant Admin without one reaches only their own rows). */
  siteId?: number | null;
  /** Effective permissions (spec 02 §6); absent means none. */
  permissions?: readonly string[];
  /** The status of the caller's customer (ACTIVE, TRIAL...; spec 03 §4); absent when not read. */
  customerStatus?: string;
  /** The WIDGET_ADMIN claim (spec 03 §3 'User profile'); 'ALL' lets a Super Admin make widgets for any customer. */
  widgetAdmin?: string | null;
}

/** A row as the matrix reads it. */
export interface ScopedRow {
  customerId: number;
  /** The user the row is of (a user's location, a user record); absent or null for the customer's own rows. */
  ownerId?: string | null;
  /** The user groups the row belongs to (a user's group, a policy's groups); absent or empty for none. */
  siteIds?: readonly number[];
}

/** How the row relates to the caller: their own, of their group, of their customer, or of another customer. */
export function relationOf(p: PolicyPrincipal, row: ScopedRow): Relation {
  if (row.customerId !== p.customerId) return 'other-customer';
  if (row.ownerId != null && row.ownerId === p.userId) return 'own';
  if (p.siteId != null && row.siteIds?.includes(p.siteId)) return 'group';
  return 'customer';
}

/** True when a grant of this reach covers a row of this relation. */
export function covers(reach: Reach, relation: Relation): boolean {
  return REACHES.indexOf(reach) > RELATIONS.indexOf(relation);
}

/** The caller's reach under a rule: their role's cell, or 'none' when the rule needs a permission they lack. */
export function reachOf(p: PolicyPrincipal, r: MatrixRule): Reach {
  if (r.permissions && !r.permissions.some((perm) => p.permissions?.includes(perm))) return 'none';
  return r.reach[p.role] ?? 'none';
}

/** The wider of two reaches. */
export function widest(a: Reach, b: Reach): Reach {
  return REACHES.indexOf(a) >= REACHES.indexOf(b) ? a : b;
}

/**
 * The outcome of an action on a row, in the order it is decided: 'hidden' (the caller may not see the row: answered
 * as not found, so its existence is not revealed), 'forbidden' (a row the caller may see, or whose kind their role
 * may not see at all within their own customer, refused: 403), 'locked' (a rule of the row itself refuses it, e.g. a
 * type-1 location is never deleted), 'allowed'.
 */
export type Decision = 'allowed' | 'hidden' | 'forbidden' | 'locked';

/**
 * Decides an action on a row from two matrix rules: `see`, who may see rows of the entity, and `act`, who may do
 * the action. Another customer's row the caller cannot reach is hidden; a role that sees none of the entity is
 * forbidden; a row of their customer outside what they see (another user's, another group's) is hidden; then the
 * action's reach decides.
 */
export function decideByMatrix(
  p: PolicyPrincipal,
  see: MatrixRule,
  act: MatrixRule,
  row: ScopedRow,
): Exclude<Decision, 'locked'> {
  const relation = relationOf(p, row);
  const seeing = reachOf(p, see);
  if (relation === 'other-customer' && !covers(seeing, relation)) return 'hidden';
  if (seeing === 'none') return 'forbidden';
  if (!covers(seeing, relation)) return 'hidden';
  return covers(reachOf(p, act), relation) ? 'allowed' : 'forbidden';
}

/** The page-level access rule of a matrix rule: the roles with any reach (absent when every role has some) and its permissions. */
export function accessRuleOf(r: MatrixRule): { roles?: RoleName[]; permissions?: readonly Permission[] } {
  const entries = Object.entries(r.reach) as [RoleName, Reach][];
  const roles = entries.filter(([, reach]) => reach !== 'none').map(([role]) => role);
  return {
    ...(roles.length < entries.length ? { roles } : {}),
    ...(r.permissions ? { permissions: r.permissions } : {}),
  };
}
