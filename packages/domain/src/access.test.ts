import { describe, expect, it } from 'vitest';
import {
  ADMIN_ROLES,
  PERMISSIONS,
  ROLE_NAMES,
  ROUTE_ACCESS,
  SIDEBAR_ENTRIES,
  canVisitRoute,
  passesAccess,
  visibleSidebarEntries,
  type RoleName,
} from './access.ts';

// Columns of every table below: no permission, then each permission of spec 02 §6 in PERMISSIONS order.
const PERMISSION_COLUMNS: readonly (string | null)[] = [null, ...PERMISSIONS];
const ALL = 'Y'.repeat(PERMISSION_COLUMNS.length);
const NONE = 'N'.repeat(PERMISSION_COLUMNS.length);
/** 'Y' only in the columns of the listed permissions. */
function only(...perms: string[]): string {
  return PERMISSION_COLUMNS.map((p) => (p !== null && perms.includes(p) ? 'Y' : 'N')).join('');
}

it('lists the permission columns in the order the literal rows below assume', () => {
  expect(PERMISSION_COLUMNS).toEqual([
    null,
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
  ]);
});

// Sidebar (spec 03 §2.2, §6; spec 02 §6): row = what an admin role sees per permission column;
// Customer and Notification Only see Home only.
const SIDEBAR_FOR_ADMIN_ROLES: Record<string, string> = {
  Home: ALL,
  'On-Site Hardware': ALL,
  'Air Quality Index': ALL,
  'Ask a Meteorologist': 'NNYNNNNNNNNNNNNNN',
  Users: ALL,
  Policies: ALL,
  'Notify Users': 'NNNNYNNNNNNNNNNNN',
  Widgets: 'NNNNNYNNNNNNNNNNN',
  'Live Camera': 'NNNNNNYNNNNNNNNNN',
  Integrations: 'NNNNNNNNYYNNNNNNY',
  Broadcast: 'NNNNNNNNNNYNNNNNN',
};
const SIDEBAR_FOR_OTHER_ROLES: Record<string, string> = Object.fromEntries(
  Object.keys(SIDEBAR_FOR_ADMIN_ROLES).map((label) => [label, label === 'Home' ? ALL : NONE]),
);

const ALL_PATHS = SIDEBAR_ENTRIES.map((e) => e.path);

function expectedFor(table: Record<string, string>, key: string, column: number): boolean {
  const row = table[key];
  if (row === undefined) throw new Error(`no expectation for ${key}`);
  return row[column] === 'Y';
}

const isAdmin = (role: RoleName) => ADMIN_ROLES.includes(role);

describe('SIDEBAR_ENTRIES', () => {
  it('has the exact labels and paths of spec 03 §2.2 in order', () => {
    expect(SIDEBAR_ENTRIES.map((e) => [e.label, e.path])).toEqual([
      ['Home', '/'],
      ['On-Site Hardware', '/Hardware'],
      ['Air Quality Index', '/AirQuality'],
      ['Ask a Meteorologist', '/Consultation'],
      ['Users', '/Users'],
      ['Policies', '/Policies'],
      ['Notify Users', '/MassNotify'],
      ['Widgets', '/Widgets'],
      ['Live Camera', '/LiveCamera'],
      ['Integrations', '/Integrations'],
      ['Broadcast', '/Broadcast'],
    ]);
  });
});

describe('visibleSidebarEntries: every role × permission × entry (all screens built, sensors present)', () => {
  const cases = ROLE_NAMES.flatMap((role) =>
    PERMISSION_COLUMNS.flatMap((permission, column) =>
      SIDEBAR_ENTRIES.map((entry) => ({
        role,
        permission: permission ?? '(none)',
        label: entry.label,
        visible: expectedFor(
          isAdmin(role) ? SIDEBAR_FOR_ADMIN_ROLES : SIDEBAR_FOR_OTHER_ROLES,
          entry.label,
          column,
        ),
        permissions: permission ? [permission] : [],
      })),
    ),
  );
  it.each(cases)(
    '$role holding $permission sees "$label": $visible',
    ({ role, permissions, label, visible }) => {
      const labels = visibleSidebarEntries(
        { role, permissions },
        { hasAirQualitySensors: true, builtPaths: ALL_PATHS },
      ).map((e) => e.label);
      expect(labels.includes(label)).toBe(visible);
    },
  );
});

describe('visibleSidebarEntries: conditions besides role and permission', () => {
  const admin = { role: 'Admin' as const, permissions: [...PERMISSIONS] };

  it('hides Air Quality Index when the customer has no air quality sensors, for every admin role', () => {
    for (const role of ADMIN_ROLES) {
      const labels = visibleSidebarEntries(
        { role, permissions: [...PERMISSIONS] },
        { hasAirQualitySensors: false, builtPaths: ALL_PATHS },
      ).map((e) => e.label);
      expect(labels).not.toContain('Air Quality Index');
      expect(labels).toContain('On-Site Hardware');
    }
  });

  it('shows an allowed entry only when its screen is built, matching the path case-insensitively', () => {
    const labels = visibleSidebarEntries(admin, {
      hasAirQualitySensors: true,
      builtPaths: ['/', '/hardware'],
    }).map((e) => e.label);
    expect(labels).toEqual(['Home', 'On-Site Hardware']);
  });

  it('shows only Home when only the home screen is built, even to a Super Admin holding everything', () => {
    const entries = visibleSidebarEntries(
      { role: 'Super Admin', permissions: [...PERMISSIONS] },
      { hasAirQualitySensors: true, builtPaths: new Set(['/']) },
    );
    expect(entries.map((e) => e.label)).toEqual(['Home']);
  });

  it('shows every entry in display order to an admin with every permission and every screen built', () => {
    const labels = visibleSidebarEntries(admin, { hasAirQualitySensors: true, builtPaths: ALL_PATHS }).map(
      (e) => e.label,
    );
    expect(labels).toEqual(SIDEBAR_ENTRIES.map((e) => e.label));
  });

  it('gives a Customer holding every permission only Home', () => {
    const labels = visibleSidebarEntries(
      { role: 'Customer', permissions: [...PERMISSIONS] },
      { hasAirQualitySensors: true, builtPaths: ALL_PATHS },
    ).map((e) => e.label);
    expect(labels).toEqual(['Home']);
  });

  it('ignores unknown permission strings', () => {
    const labels = visibleSidebarEntries(
      { role: 'Admin', permissions: ['massnotify', 'MASSNOTIFY.ACCESS'] },
      { hasAirQualitySensors: false, builtPaths: ALL_PATHS },
    ).map((e) => e.label);
    expect(labels).toEqual(['Home', 'On-Site Hardware', 'Users', 'Policies']);
  });
});

// Routes (spec 02 §2.1, spec 03 §6): same columns; admin roles, then Customer / Notification Only.
const ROUTES_FOR_ADMIN_ROLES: Record<string, string> = {
  '/Hardware': ALL,
  '/Consultation': only('met.support'),
  '/Users': ALL,
  '/Policies': ALL,
  '/AirQuality': ALL,
  '/MassNotify': only('massnotify.access'),
  '/Widgets': only('widget.access'),
  '/LiveCamera': only('live_camera.access'),
  '/Integrations': only('integrations.singlewire.access', 'integrations.sso.access', 'read:integrations'),
  '/Integrations/Singlewire': ALL,
  '/Integrations/SSO': only('integrations.sso.access'),
  '/Broadcast': only('broadcast.view.access'),
  '/Profile': ALL,
  '/NotificationSettings': ALL,
  '/Notifications': ALL,
  '/PAStoredMessages': ALL,
};
const SIGNED_IN_ONLY = ['/Profile', '/NotificationSettings', '/Notifications', '/PAStoredMessages'];
const ROUTES_FOR_OTHER_ROLES: Record<string, string> = Object.fromEntries(
  Object.keys(ROUTES_FOR_ADMIN_ROLES).map((path) => [path, SIGNED_IN_ONLY.includes(path) ? ALL : NONE]),
);

describe('ROUTE_ACCESS', () => {
  it('lists exactly the guarded routes of the brief', () => {
    expect(Object.keys(ROUTE_ACCESS).sort()).toEqual(Object.keys(ROUTES_FOR_ADMIN_ROLES).sort());
  });
});

describe('canVisitRoute: every role × permission × route', () => {
  const cases = ROLE_NAMES.flatMap((role) =>
    PERMISSION_COLUMNS.flatMap((permission, column) =>
      Object.keys(ROUTE_ACCESS).map((path) => ({
        role,
        permission: permission ?? '(none)',
        path,
        allowed: expectedFor(isAdmin(role) ? ROUTES_FOR_ADMIN_ROLES : ROUTES_FOR_OTHER_ROLES, path, column),
        permissions: permission ? [permission] : [],
      })),
    ),
  );
  it.each(cases)(
    '$role holding $permission may open $path: $allowed',
    ({ role, permissions, path, allowed }) => {
      expect(canVisitRoute({ role, permissions }, path)).toBe(allowed);
    },
  );
});

describe('canVisitRoute: path matching', () => {
  const customer = { role: 'Customer' as const, permissions: [] };
  const plainAdmin = { role: 'Admin' as const, permissions: [] };

  it('matches paths case-insensitively, since the spec mixes /Users and /users', () => {
    expect(canVisitRoute(customer, '/users')).toBe(false);
    expect(canVisitRoute(customer, '/USERS/')).toBe(false);
    expect(canVisitRoute(plainAdmin, '/users')).toBe(true);
  });

  it('applies a route rule to its sub-paths: the widget builder needs widget.access', () => {
    expect(canVisitRoute(plainAdmin, '/Widgets/12/builder')).toBe(false);
    expect(canVisitRoute({ role: 'Admin', permissions: ['widget.access'] }, '/widgets/12/builder')).toBe(
      true,
    );
    expect(canVisitRoute({ role: 'Admin', permissions: ['live_camera.access'] }, '/LiveCamera/Logs/3')).toBe(
      true,
    );
  });

  it('uses the longest prefix: Singlewire needs only the role even though /Integrations needs a permission', () => {
    expect(canVisitRoute(plainAdmin, '/Integrations')).toBe(false);
    expect(canVisitRoute(plainAdmin, '/Integrations/Singlewire')).toBe(true);
    expect(canVisitRoute({ role: 'Admin', permissions: ['read:integrations'] }, '/Integrations/SSO')).toBe(
      false,
    );
  });

  it('does not treat a longer sibling name as a sub-path', () => {
    // '/UsersArchive' is not under '/Users'
    expect(canVisitRoute(customer, '/UsersArchive')).toBe(true);
  });

  it('lets any signed-in user open unguarded paths: home, Unauthorized, query strings ignored', () => {
    expect(canVisitRoute(customer, '/')).toBe(true);
    expect(canVisitRoute(customer, '/Unauthorized')).toBe(true);
    expect(canVisitRoute(customer, '/Hardware?tab=sirens')).toBe(false);
  });

  it('agrees with passesAccess for the rule it finds', () => {
    expect(canVisitRoute(plainAdmin, '/Consultation')).toBe(
      passesAccess(plainAdmin, ROUTE_ACCESS['/Consultation']!),
    );
  });
});
