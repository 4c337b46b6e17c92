// Roles, permissions and access rules: spec 02 §6 and spec 03 §6. The page rules are read from the one role
// matrix (policies/role-matrix.ts) that the entity policies read too.
import { ROLE_MATRIX, accessRuleOf } from './policies/role-matrix.ts';
import type { Permission, RoleName } from './roles.ts';

export {
  ADMIN_ROLES,
  FEATURE_PERMISSION,
  PERMISSIONS,
  ROLE_HIERARCHY,
  ROLE_IDS,
  ROLE_NAMES,
  effectivePermissions,
  type Permission,
  type RoleName,
} from './roles.ts';

/** An access rule: absent lists allow everyone; the permission check passes if any listed permission is held (spec 02 §6). */
export interface AccessRule {
  roles?: readonly RoleName[];
  permissions?: readonly Permission[];
}

export interface AccessSubject {
  role: RoleName;
  permissions: readonly string[];
}

/** True when the subject passes the rule (spec 02 §6 'An access check passes when...'). */
export function passesAccess(subject: AccessSubject, rule: AccessRule): boolean {
  const roleOk = !rule.roles || rule.roles.includes(subject.role);
  const permOk = !rule.permissions || rule.permissions.some((p) => subject.permissions.includes(p));
  return roleOk && permOk;
}

/** The page rules, each the matrix row of the page's entity (spec 02 §6 'Matrix', spec 03 §6). */
const PAGE = {
  hardware: accessRuleOf(ROLE_MATRIX.hardware.view),
  airQuality: accessRuleOf(ROLE_MATRIX.airQuality.viewSensors),
  consultation: accessRuleOf(ROLE_MATRIX.consultation.send),
  users: accessRuleOf(ROLE_MATRIX.user.list),
  policies: accessRuleOf(ROLE_MATRIX.weatherPolicy.view),
  massNotify: accessRuleOf(ROLE_MATRIX.massMessage.compose),
  widgets: accessRuleOf(ROLE_MATRIX.widget.view),
  liveCamera: accessRuleOf(ROLE_MATRIX.camera.view),
  /**
   * Integrations (spec 03 §6, §2.12): the page lists the Singlewire and SSO cards and shows 'Request Access' on a
   * card whose permission is missing, so the entry opens for an admin role holding any integrations permission:
   * either card's access permission or read:integrations. write:integrations alone does not open it (writing
   * without reading is not a state the spec describes).
   */
  integrations: accessRuleOf(ROLE_MATRIX.integration.view),
  // 'Singlewire page: a role only' (spec 03 §6)
  singlewire: accessRuleOf(ROLE_MATRIX.integration.singlewire),
  sso: accessRuleOf(ROLE_MATRIX.integration.sso),
  broadcast: accessRuleOf(ROLE_MATRIX.broadcast.view),
  profile: accessRuleOf(ROLE_MATRIX.profile.view),
  notificationSettings: accessRuleOf(ROLE_MATRIX.profile.edit),
  notifications: accessRuleOf(ROLE_MATRIX.notification.viewOwn),
  paStoredMessages: accessRuleOf(ROLE_MATRIX.paMessage.view),
} satisfies Record<string, AccessRule>;

/** A sidebar entry: its exact label (spec 03 §2.2), its route path (spec 03 §2.1) and who may see it. */
export interface SidebarEntry {
  label: string;
  path: string;
  rule: AccessRule;
  /** Shown only when the customer has air quality sensors (spec 03 §2.2). */
  needsAirQualitySensors?: boolean;
}

/** Sidebar entries in display order, with their visibility rules (spec 03 §2.2 and §6, spec 02 §2.1 and §6). */
export const SIDEBAR_ENTRIES: readonly SidebarEntry[] = [
  { label: 'Home', path: '/', rule: {} },
  { label: 'On-Site Hardware', path: '/Hardware', rule: PAGE.hardware },
  { label: 'Air Quality Index', path: '/AirQuality', rule: PAGE.airQuality, needsAirQualitySensors: true },
  { label: 'Ask a Meteorologist', path: '/Consultation', rule: PAGE.consultation },
  { label: 'Users', path: '/Users', rule: PAGE.users },
  { label: 'Policies', path: '/Policies', rule: PAGE.policies },
  { label: 'Notify Users', path: '/MassNotify', rule: PAGE.massNotify },
  { label: 'Widgets', path: '/Widgets', rule: PAGE.widgets },
  { label: 'Live Camera', path: '/LiveCamera', rule: PAGE.liveCamera },
  { label: 'Integrations', path: '/Integrations', rule: PAGE.integrations },
  { label: 'Broadcast', path: '/Broadcast', rule: PAGE.broadcast },
];

/** What the sidebar needs to know besides the subject: the customer's sensors and which screens the app has built. */
export interface SidebarContext {
  hasAirQualitySensors: boolean;
  /** Paths of the screens registered in the web app now; compared case-insensitively. */
  builtPaths: Iterable<string>;
}

/** The sidebar entries a signed-in subject may see and whose screen is built, in display order (spec 03 §2.2, §6). */
export function visibleSidebarEntries(subject: AccessSubject, context: SidebarContext): SidebarEntry[] {
  const built = new Set([...context.builtPaths].map((p) => p.toLowerCase()));
  return SIDEBAR_ENTRIES.filter(
    (entry) =>
      built.has(entry.path.toLowerCase()) &&
      (!entry.needsAirQualitySensors || context.hasAirQualitySensors) &&
      passesAccess(subject, entry.rule),
  );
}

/**
 * Route-level access for signed-in routes (spec 02 §2.1, spec 03 §6). A failing check sends the user to
 * /Unauthorized. Sub-paths (e.g. /Widgets/{customerId}/{widgetId}, /LiveCamera/Logs/{customerId}) take the rule
 * of their longest listed prefix. Paths not listed here (/, /Unauthorized, /Historical/...) have no route-level
 * role rule; the historical page applies its own (spec 03 §6).
 */
export const ROUTE_ACCESS: Readonly<Record<string, AccessRule>> = {
  '/Hardware': PAGE.hardware,
  '/Consultation': PAGE.consultation,
  '/Users': PAGE.users,
  '/Policies': PAGE.policies,
  '/AirQuality': PAGE.airQuality,
  '/MassNotify': PAGE.massNotify,
  '/Widgets': PAGE.widgets,
  '/LiveCamera': PAGE.liveCamera,
  '/Integrations': PAGE.integrations,
  '/Integrations/Singlewire': PAGE.singlewire,
  '/Integrations/SSO': PAGE.sso,
  '/Broadcast': PAGE.broadcast,
  '/Profile': PAGE.profile,
  '/NotificationSettings': PAGE.notificationSettings,
  '/Notifications': PAGE.notifications,
  '/PAStoredMessages': PAGE.paStoredMessages,
};

/** The rule that governs a path: the longest ROUTE_ACCESS key equal to the path or a '/'-prefix of it, case-insensitively; undefined when none. */
export function routeAccessRule(path: string): AccessRule | undefined {
  const wanted = normalisePath(path);
  let best: { key: string; rule: AccessRule } | undefined;
  for (const [key, rule] of Object.entries(ROUTE_ACCESS)) {
    const k = key.toLowerCase();
    if ((wanted === k || wanted.startsWith(`${k}/`)) && (!best || k.length > best.key.length))
      best = { key: k, rule };
  }
  return best?.rule;
}

/** True when a signed-in subject may open the path (spec 02 §2.1, spec 03 §6); false means redirect to /Unauthorized. */
export function canVisitRoute(subject: AccessSubject, path: string): boolean {
  const rule = routeAccessRule(path);
  return !rule || passesAccess(subject, rule);
}

/** Lower-case, without query, hash or trailing slashes ('/' stays '/'). */
function normalisePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '';
  const trimmed = bare.replace(/\/+$/, '');
  return (trimmed === '' ? '/' : trimmed).toLowerCase();
}
