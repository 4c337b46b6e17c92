// Realistic API payloads for component tests: what GET /api/user/current, /api/Customer/{id}, /api/location and
// /api/AirQuality return for the demo organisation.
import type { TCurrentUser, TCustomer } from '@allclear/contracts';
import type { DashboardLocation } from '../features/dashboard/api/get-locations.ts';

const ALL_FEATURES = [1, 2, 3, 6, 7, 8, 9, 10];

function user(overrides: Partial<TCurrentUser>): TCurrentUser {
  return {
    id: 'b3c1f0a4-0000-4000-8000-000000000001',
    userName: 'admin@demo.allclear.test',
    firstName: 'Dana',
    lastName: 'Reyes',
    fullName: 'Dana Reyes',
    email: 'admin@demo.allclear.test',
    roleId: 2,
    roleName: 'Admin',
    roleDisplayName: 'Admin',
    roleHierarchy: 2,
    siteId: 1,
    siteName: 'Athletics',
    phoneNumber: '+12145550100',
    customerId: 1,
    customerName: 'North Texas Sports & Schools',
    timeZone: 'CST',
    smsNotifications: true,
    emailNotifications: true,
    geofenceAlertsEnabled: false,
    alertTimesEnabled: true,
    declinesNotifications: false,
    isActive: true,
    permissions: [],
    features: [],
    WIDGET_ADMIN: null,
    ...overrides,
  };
}

/** Super Admin of a customer with every feature, plus the grants features do not give. */
export const superAdmin = user({
  id: 'b3c1f0a4-0000-4000-8000-000000000000',
  userName: 'super@demo.allclear.test',
  firstName: 'Sam',
  lastName: 'Okafor',
  fullName: 'Sam Okafor',
  email: 'super@demo.allclear.test',
  roleId: 1,
  roleName: 'Super Admin',
  roleDisplayName: 'Super Admin',
  roleHierarchy: 1,
  features: ALL_FEATURES,
  permissions: [
    'integrations.sso.access',
    'broadcast.view.access',
    'read:integrations',
    'write:integrations',
  ],
  WIDGET_ADMIN: 'ALL',
});

/** Admin whose customer has Ask a Meteorologist and Mass Notify only. */
export const admin = user({ features: [2, 6] });

/** Assistant Admin with widget access granted personally and no customer features. */
export const assistantAdmin = user({
  id: 'b3c1f0a4-0000-4000-8000-000000000002',
  userName: 'assistant@demo.allclear.test',
  firstName: 'Lee',
  lastName: 'Nguyen',
  fullName: 'Lee Nguyen',
  email: 'assistant@demo.allclear.test',
  roleId: 3,
  roleName: 'Assistant Admin',
  roleDisplayName: 'Assistant Admin',
  roleHierarchy: 3,
  permissions: ['widget.access'],
});

/** Basic user of a customer with every feature: still Home only. */
export const customerUser = user({
  id: 'b3c1f0a4-0000-4000-8000-000000000003',
  userName: 'customer@demo.allclear.test',
  firstName: 'Jo',
  lastName: 'Park',
  fullName: 'Jo Park',
  email: 'customer@demo.allclear.test',
  roleId: 4,
  roleName: 'Customer',
  roleDisplayName: 'Customer',
  roleHierarchy: 4,
  features: ALL_FEATURES,
});

export const demoCustomer: TCustomer = {
  id: 1,
  name: 'North Texas Sports & Schools',
  status: 'ACTIVE',
  created: '2024-03-01T15:00:00Z',
  companyType: 'Sports',
  banner: null,
  liveStreamMinutes: 600,
  features: ALL_FEATURES,
};

function location(
  id: number,
  label: string,
  locationName: string,
  latitude: number,
  longitude: number,
): DashboardLocation {
  return {
    id,
    label,
    locationName,
    latitude,
    longitude,
    radius1: 10,
    radius2: 20,
    radius3: 30,
    radius4: null,
    allClearMinutes: 30,
    flags: 2,
    forecastLocation: false,
    organizationLocationId: null,
    type: 0,
    zonesInForce: {
      radii: [10, 20, 30, 0],
      allClearMinutes: 30,
      lockedByPolicy: false,
      differsFromSaved: false,
    },
    // the demo user is a Super Admin: every action on an unlocked location
    abilities: { edit: true, delete: true, rename: true },
  };
}

export const demoLocations: DashboardLocation[] = [
  location(1, 'AT&T Stadium', '1 AT&T Way, Arlington, TX 76011', 32.7473, -97.0945),
  location(2, 'Globe Life Field', '734 Stadium Dr, Arlington, TX 76011', 32.7473, -97.0847),
  location(3, 'Toyota Stadium', '9200 World Cup Way, Frisco, TX 75033', 33.1543, -96.8353),
];

export const demoAirQualitySensors = [
  {
    id: 41,
    name: 'Arlington Entertainment District',
    customerName: 'North Texas Sports & Schools',
    status: 'Online',
    lastActivity: '2026-11-21T23:55:00Z',
    pM2_5: { nowcast: 38 },
    pM10: { nowcast: 22 },
  },
];
