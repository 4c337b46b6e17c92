// Edge tables of the smaller entity policies, each written from the spec text it cites. Letters, one per action in
// the policy's order: A allowed, H hidden (404: another customer's row, or one the caller's role may not see
// within their customer), F forbidden (403). ARCHITECTURE ('API conventions'): every role stays within its
// customer; a Super Admin may cross customers.
import { describe, expect, it } from 'vitest';
import { ROLE_NAMES, type RoleName } from '../access.ts';
import { customerPolicy } from './customer-policy.ts';
import { CUSTOMER, GROUP, ME, OTHER_CUSTOMER, OTHER_GROUP, caller, edgeCases } from './edge-table.ts';
import { reachFor } from './entity-policy.ts';
import { riskProfilePolicy } from './heat-stress-policy.ts';
import { hardwarePolicy, paMessagePolicy } from './hardware-policy.ts';
import { locationAuditPolicy, notificationPolicy } from './notification-policy.ts';
import { proactiveForecastPolicy } from './proactive-forecast-policy.ts';
import { profilePolicy } from './profile-policy.ts';
import { scenarioPolicy } from './scenario-policy.ts';
import { weatherPolicyPolicy } from './weather-policy-policy.ts';
import { weatherStationPolicy } from './weather-station-policy.ts';
import { widgetPolicy } from './widget-policy.ts';

const CALLERS = Object.fromEntries(ROLE_NAMES.map((role) => [role, caller(role)]));
const OWN_AND_OTHER = {
  'own customer': { customerId: CUSTOMER },
  'another customer': { customerId: OTHER_CUSTOMER },
};
/** Every role with the same letters on the own customer's row, hidden on another's except for a Super Admin. */
const customerWide = (letters: Record<RoleName, string>) =>
  Object.fromEntries(
    ROLE_NAMES.map((role) => [
      role,
      {
        'own customer': letters[role],
        'another customer': role === 'Super Admin' ? letters[role] : 'H'.repeat(letters[role].length),
      },
    ]),
  );
const each = <T>(list: T[]) => list;

describe('customer policy (spec 03 §7 customer by id)', () => {
  const ROWS = { 'own customer': { id: CUSTOMER }, 'another customer': { id: OTHER_CUSTOMER } };
  const TABLE = customerWide({
    'Super Admin': 'A',
    Admin: 'A',
    'Assistant Admin': 'A',
    Customer: 'A',
    'Notification Only': 'A',
  });
  it.each(edgeCases(customerPolicy, CALLERS, ROWS, TABLE))('$name', ({ p, action, row, expected }) => {
    expect(customerPolicy.decide(p, action, row)).toBe(expected);
  });
});

describe("weather station policy (spec 03 §6 'Station historical page')", () => {
  const callers = {
    ...CALLERS,
    'Customer with mesonet.access': caller('Customer', ['mesonet.access']),
    'Customer of a TRIAL customer': caller('Customer', [], { customerStatus: 'TRIAL' }),
  };
  const ROWS = {
    'own customer': { customerId: CUSTOMER },
    'another customer': { customerId: OTHER_CUSTOMER },
  };
  // letters: view, viewHistory. History: 'visible if the user has the mesonet permission, is a Super Admin,
  // belongs to the same customer as the station, or the customer status is TRIAL'.
  const TABLE = {
    ...customerWide({
      'Super Admin': 'AA',
      Admin: 'AA',
      'Assistant Admin': 'AA',
      Customer: 'AA',
      'Notification Only': 'AA',
    }),
    'Customer with mesonet.access': { 'own customer': 'AA', 'another customer': 'HA' },
    'Customer of a TRIAL customer': { 'own customer': 'AA', 'another customer': 'HA' },
  };
  it.each(edgeCases(weatherStationPolicy, callers, ROWS, TABLE))('$name', ({ p, action, row, expected }) => {
    expect(weatherStationPolicy.decide(p, action, row)).toBe(expected);
  });
});

describe("hardware policy (spec 02 §6 'Hardware page: SA, A, AA', 'Send PA Message: pa.full_access')", () => {
  const PA = ['pa.full_access'];
  const callers = {
    ...CALLERS,
    'Super Admin with PA': caller('Super Admin', PA),
    'Admin with PA': caller('Admin', PA),
    'Assistant Admin with PA': caller('Assistant Admin', PA),
    // the PA button lives on the Hardware page, which the Customer role does not open
    'Customer with PA': caller('Customer', PA),
  };
  // letters: view, manage, sendPa
  const TABLE = {
    ...customerWide({
      'Super Admin': 'AAF',
      Admin: 'AAF',
      'Assistant Admin': 'AAF',
      Customer: 'FFF',
      'Notification Only': 'FFF',
    }),
    'Super Admin with PA': { 'own customer': 'AAA', 'another customer': 'AAA' },
    'Admin with PA': { 'own customer': 'AAA', 'another customer': 'HHH' },
    'Assistant Admin with PA': { 'own customer': 'AAA', 'another customer': 'HHH' },
    'Customer with PA': { 'own customer': 'FFF', 'another customer': 'HHH' },
  };
  it.each(edgeCases(hardwarePolicy, callers, OWN_AND_OTHER, TABLE))(
    '$name',
    ({ p, action, row, expected }) => {
      expect(hardwarePolicy.decide(p, action, row)).toBe(expected);
    },
  );
});

describe('stored PA message policy (spec 02 §2.12; §6 names no role for it: every signed-in user)', () => {
  const TABLE = customerWide({
    'Super Admin': 'AA',
    Admin: 'AA',
    'Assistant Admin': 'AA',
    Customer: 'AA',
    'Notification Only': 'AA',
  });
  it.each(edgeCases(paMessagePolicy, CALLERS, OWN_AND_OTHER, TABLE))(
    '$name',
    ({ p, action, row, expected }) => {
      expect(paMessagePolicy.decide(p, action, row)).toBe(expected);
    },
  );
});

describe("weather policy policy (spec 02 §6 'Policies page', 'Add policy, edit policy: Admin and Super Admin only', 'Assistant Admin data')", () => {
  const ROWS = {
    'of my group': { customerId: CUSTOMER, siteIds: [OTHER_GROUP, GROUP] },
    'of another group': { customerId: CUSTOMER, siteIds: [OTHER_GROUP] },
    'of no group': { customerId: CUSTOMER, siteIds: [] },
    'of another customer': { customerId: OTHER_CUSTOMER, siteIds: [GROUP] },
  };
  // letters: view, edit, delete
  const USER = {
    'of my group': 'FFF',
    'of another group': 'FFF',
    'of no group': 'FFF',
    'of another customer': 'HHH',
  };
  const TABLE = {
    'Super Admin': {
      'of my group': 'AAA',
      'of another group': 'AAA',
      'of no group': 'AAA',
      'of another customer': 'AAA',
    },
    Admin: {
      'of my group': 'AAA',
      'of another group': 'AAA',
      'of no group': 'AAA',
      'of another customer': 'HHH',
    },
    'Assistant Admin': {
      'of my group': 'AFF',
      'of another group': 'HHH',
      'of no group': 'HHH',
      'of another customer': 'HHH',
    },
    Customer: USER,
    'Notification Only': USER,
  };
  it.each(edgeCases(weatherPolicyPolicy, CALLERS, ROWS, TABLE))('$name', ({ p, action, row, expected }) => {
    expect(weatherPolicyPolicy.decide(p, action, row)).toBe(expected);
  });
  it("adds policies as 'Add policy' says: Admin and Super Admin only", () => {
    expect(ROLE_NAMES.map((role) => reachFor(caller(role), 'weatherPolicy', 'create') !== 'none')).toEqual(
      each([true, true, false, false, false]),
    );
  });
});

describe("widget policy (spec 03 §6 'Widgets and live camera: the permission and one of the three roles')", () => {
  const W = ['widget.access'];
  const callers = {
    'Super Admin': caller('Super Admin', W),
    'Super Admin, WIDGET_ADMIN ALL': caller('Super Admin', W, { widgetAdmin: 'ALL' }),
    'Super Admin, WIDGET_ADMIN ALL, no permission': caller('Super Admin', [], { widgetAdmin: 'ALL' }),
    Admin: caller('Admin', W),
    'Admin without widget.access': caller('Admin'),
    'Assistant Admin': caller('Assistant Admin', W),
    Customer: caller('Customer', W),
    'Notification Only': caller('Notification Only', W),
  };
  const ROWS = {
    'of my group': { customerId: CUSTOMER, policyGroupId: GROUP },
    'of another group': { customerId: CUSTOMER, policyGroupId: OTHER_GROUP },
    'of no group': { customerId: CUSTOMER, policyGroupId: null },
    'of another customer': { customerId: OTHER_CUSTOMER, policyGroupId: GROUP },
  };
  // letters: view, edit, delete. 'A Super Admin ... may create widgets for any customer when WIDGET_ADMIN is
  // ALL; others see their own customer's'; spec 02 §6 'Assistant Admin data: only their own group'.
  const REFUSED = {
    'of my group': 'FFF',
    'of another group': 'FFF',
    'of no group': 'FFF',
    'of another customer': 'HHH',
  };
  const OWN_CUSTOMER = {
    'of my group': 'AAA',
    'of another group': 'AAA',
    'of no group': 'AAA',
    'of another customer': 'HHH',
  };
  const TABLE = {
    'Super Admin': OWN_CUSTOMER,
    'Super Admin, WIDGET_ADMIN ALL': { ...OWN_CUSTOMER, 'of another customer': 'AAA' },
    'Super Admin, WIDGET_ADMIN ALL, no permission': REFUSED,
    Admin: OWN_CUSTOMER,
    'Admin without widget.access': REFUSED,
    'Assistant Admin': {
      'of my group': 'AAA',
      'of another group': 'HHH',
      'of no group': 'HHH',
      'of another customer': 'HHH',
    },
    Customer: REFUSED,
    'Notification Only': REFUSED,
  };
  it.each(edgeCases(widgetPolicy, callers, ROWS, TABLE))('$name', ({ p, action, row, expected }) => {
    expect(widgetPolicy.decide(p, action, row)).toBe(expected);
  });
});

describe("profile policy (spec 02 §6 'Notification Settings, Profile: any signed-in user', 'Alert Mode selection')", () => {
  const G = ['geofence.alerts.access'];
  const callers = {
    'Super Admin': caller('Super Admin', G),
    'Super Admin without geofence': caller('Super Admin'),
    Admin: caller('Admin', G),
    'Assistant Admin': caller('Assistant Admin', G),
    Customer: caller('Customer', G),
    'Notification Only': caller('Notification Only', G),
  };
  const ROWS = {
    'my own': { userId: ME, customerId: CUSTOMER },
    "another user's": { userId: 'user-other', customerId: CUSTOMER },
    "another customer's user's": { userId: 'user-elsewhere', customerId: OTHER_CUSTOMER },
  };
  // letters: view, edit, alertMode ('geofence permission and Admin, Assistant Admin or Super Admin')
  const line = (own: string) => ({
    'my own': own,
    "another user's": 'HHH',
    "another customer's user's": 'HHH',
  });
  const TABLE = {
    'Super Admin': line('AAA'),
    'Super Admin without geofence': line('AAF'),
    Admin: line('AAA'),
    'Assistant Admin': line('AAA'),
    Customer: line('AAF'),
    'Notification Only': line('AAF'),
  };
  it.each(edgeCases(profilePolicy, callers, ROWS, TABLE))('$name', ({ p, action, row, expected }) => {
    expect(profilePolicy.decide(p, action, row)).toBe(expected);
  });
});

describe('notification policy (spec 02 §2.6 My Notifications: the caller’s own)', () => {
  const ROWS = {
    'sent to me': { customerId: CUSTOMER, userId: ME },
    'sent to another user': { customerId: CUSTOMER, userId: 'user-other' },
    "sent to another customer's user": { customerId: OTHER_CUSTOMER, userId: 'user-elsewhere' },
  };
  const line = { 'sent to me': 'A', 'sent to another user': 'H', "sent to another customer's user": 'H' };
  const TABLE = Object.fromEntries(ROLE_NAMES.map((role) => [role, line]));
  it.each(edgeCases(notificationPolicy, CALLERS, ROWS, TABLE))('$name', ({ p, action, row, expected }) => {
    expect(notificationPolicy.decide(p, action, row)).toBe(expected);
  });
  it('serves dead letters to a Super Admin only (ours)', () => {
    expect(
      ROLE_NAMES.filter((role) => reachFor(caller(role), 'notification', 'deadLetters') !== 'none'),
    ).toEqual(['Super Admin']);
  });
  it('tells the admin roles only whether alerts are held back by a database outage (ours, issue 21)', () => {
    expect(
      ROLE_NAMES.filter((role) => reachFor(caller(role), 'notification', 'heldBack') !== 'none'),
    ).toEqual(['Super Admin', 'Admin', 'Assistant Admin']);
  });
});

describe("location audit policy (ours: admin roles, through the location: spec 02 §6 'Assistant Admin data')", () => {
  const ROWS = {
    'my location': { customerId: CUSTOMER, userId: ME, type: 0, ownerSiteId: GROUP },
    'shared location': { customerId: CUSTOMER, userId: null, type: 0 },
    "my group user's": { customerId: CUSTOMER, userId: 'user-g', type: 0, ownerSiteId: GROUP },
    "another group user's": { customerId: CUSTOMER, userId: 'user-o', type: 0, ownerSiteId: OTHER_GROUP },
    "another customer's": { customerId: OTHER_CUSTOMER, userId: null, type: 0 },
  };
  const BASIC = {
    'my location': 'F',
    'shared location': 'F',
    "my group user's": 'H',
    "another group user's": 'H',
    "another customer's": 'H',
  };
  const TABLE = {
    'Super Admin': {
      'my location': 'A',
      'shared location': 'A',
      "my group user's": 'A',
      "another group user's": 'A',
      "another customer's": 'A',
    },
    Admin: {
      'my location': 'A',
      'shared location': 'A',
      "my group user's": 'A',
      "another group user's": 'A',
      "another customer's": 'H',
    },
    'Assistant Admin': {
      'my location': 'A',
      'shared location': 'A',
      "my group user's": 'A',
      "another group user's": 'H',
      "another customer's": 'H',
    },
    Customer: BASIC,
    'Notification Only': BASIC,
  };
  it.each(edgeCases(locationAuditPolicy, CALLERS, ROWS, TABLE))('$name', ({ p, action, row, expected }) => {
    expect(locationAuditPolicy.decide(p, action, row)).toBe(expected);
  });
});

describe('risk profile policy (spec 02 §2.4: a product default is every customer’s)', () => {
  const ROWS = {
    'product default': { customerId: null },
    'own customer': { customerId: CUSTOMER },
    'another customer': { customerId: OTHER_CUSTOMER },
  };
  const line = (other: string) => ({
    'product default': 'A',
    'own customer': 'A',
    'another customer': other,
  });
  const TABLE = Object.fromEntries(
    ROLE_NAMES.map((role) => [role, line(role === 'Super Admin' ? 'A' : 'H')]),
  );
  it.each(edgeCases(riskProfilePolicy, CALLERS, ROWS, TABLE))('$name', ({ p, action, row, expected }) => {
    expect(riskProfilePolicy.decide(p, action, row)).toBe(expected);
  });
});

describe("proactive forecast policy (spec 01 §3 'Proactive forecast'; ours: a Super Admin writes them)", () => {
  const TABLE = customerWide({
    'Super Admin': 'A',
    Admin: 'A',
    'Assistant Admin': 'A',
    Customer: 'A',
    'Notification Only': 'A',
  });
  it.each(edgeCases(proactiveForecastPolicy, CALLERS, OWN_AND_OTHER, TABLE))(
    '$name',
    ({ p, action, row, expected }) => {
      expect(proactiveForecastPolicy.decide(p, action, row)).toBe(expected);
    },
  );
  it('lets only a Super Admin write one', () => {
    expect(
      ROLE_NAMES.filter((role) => reachFor(caller(role), 'proactiveForecast', 'create') !== 'none'),
    ).toEqual(['Super Admin']);
  });
});

describe('scenario policy (issue 4: the simulator scenario API is for a Super Admin)', () => {
  const TABLE = customerWide({
    'Super Admin': 'A',
    Admin: 'F',
    'Assistant Admin': 'F',
    Customer: 'F',
    'Notification Only': 'F',
  });
  it.each(edgeCases(scenarioPolicy, CALLERS, OWN_AND_OTHER, TABLE))(
    '$name',
    ({ p, action, row, expected }) => {
      expect(scenarioPolicy.decide(p, action, row)).toBe(expected);
    },
  );
});
