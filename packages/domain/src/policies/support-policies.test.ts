// Edge tables of the role-and-permission features (spec 02 §6, spec 03 §6). Letters, one per action in the
// policy's order: A allowed, H hidden (404: another customer's row, or one outside the caller's reach within
// their customer), F forbidden (403). Every role stays within its customer; a Super Admin crosses customers.
import { describe, expect, it } from 'vitest';
import { CUSTOMER, GROUP, OTHER_CUSTOMER, OTHER_GROUP, caller, edgeCases } from './edge-table.ts';
import {
  airQualityPolicy,
  broadcastPolicy,
  cameraPolicy,
  consultationPolicy,
  integrationPolicy,
  massMessagePolicy,
  massMessageRecipientPolicy,
  reportPolicy,
} from './support-policies.ts';

const ROWS = { 'own customer': { customerId: CUSTOMER }, 'another customer': { customerId: OTHER_CUSTOMER } };
const line = (own: string, other = 'H'.repeat(own.length)) => ({
  'own customer': own,
  'another customer': other,
});

describe("consultation policy (spec 02 §6 'Consultation: support permission and Super Admin, Admin or Assistant Admin')", () => {
  const P = ['met.support'];
  const callers = {
    'Super Admin': caller('Super Admin', P),
    'Super Admin without met.support': caller('Super Admin'),
    Admin: caller('Admin', P),
    'Admin without met.support': caller('Admin'),
    'Assistant Admin': caller('Assistant Admin', P),
    Customer: caller('Customer', P),
    'Notification Only': caller('Notification Only', P),
  };
  const TABLE = {
    'Super Admin': line('A', 'A'),
    'Super Admin without met.support': line('F'),
    Admin: line('A'),
    'Admin without met.support': line('F'),
    'Assistant Admin': line('A'),
    Customer: line('F'),
    'Notification Only': line('F'),
  };
  it.each(edgeCases(consultationPolicy, callers, ROWS, TABLE))('$name', ({ p, action, row, expected }) => {
    expect(consultationPolicy.decide(p, action, row)).toBe(expected);
  });
});

describe("mass message policies (spec 03 §6 'Mass notify: the mass-notify permission and role SA, A or AA. An Assistant Admin sees only recipients of their own site')", () => {
  const P = ['massnotify.access'];
  const callers = {
    'Super Admin': caller('Super Admin', P),
    Admin: caller('Admin', P),
    'Admin without massnotify.access': caller('Admin'),
    'Assistant Admin': caller('Assistant Admin', P),
    Customer: caller('Customer', P),
    'Notification Only': caller('Notification Only', P),
  };
  it.each(
    edgeCases(massMessagePolicy, callers, ROWS, {
      'Super Admin': line('A', 'A'),
      Admin: line('A'),
      'Admin without massnotify.access': line('F'),
      'Assistant Admin': line('A'),
      Customer: line('F'),
      'Notification Only': line('F'),
    }),
  )('$name', ({ p, action, row, expected }) => {
    expect(massMessagePolicy.decide(p, action, row)).toBe(expected);
  });

  const RECIPIENTS = {
    'of my site': { customerId: CUSTOMER, siteId: GROUP },
    'of another site': { customerId: CUSTOMER, siteId: OTHER_GROUP },
    'of no site': { customerId: CUSTOMER, siteId: null },
    'of another customer': { customerId: OTHER_CUSTOMER, siteId: GROUP },
  };
  const REFUSED = {
    'of my site': 'F',
    'of another site': 'F',
    'of no site': 'F',
    'of another customer': 'H',
  };
  it.each(
    edgeCases(massMessageRecipientPolicy, callers, RECIPIENTS, {
      'Super Admin': {
        'of my site': 'A',
        'of another site': 'A',
        'of no site': 'A',
        'of another customer': 'A',
      },
      Admin: { 'of my site': 'A', 'of another site': 'A', 'of no site': 'A', 'of another customer': 'H' },
      'Admin without massnotify.access': REFUSED,
      'Assistant Admin': {
        'of my site': 'A',
        'of another site': 'H',
        'of no site': 'H',
        'of another customer': 'H',
      },
      Customer: REFUSED,
      'Notification Only': REFUSED,
    }),
  )('$name', ({ p, action, row, expected }) => {
    expect(massMessageRecipientPolicy.decide(p, action, row)).toBe(expected);
  });
});

describe("report policy (spec 03 §6 'Report export modal: needs the historical-report permission')", () => {
  const P = ['historical_report.access'];
  const callers = {
    'Super Admin': caller('Super Admin', P),
    Admin: caller('Admin', P),
    'Assistant Admin': caller('Assistant Admin', P),
    Customer: caller('Customer', P),
    'Customer without the permission': caller('Customer'),
    'Notification Only': caller('Notification Only', P),
  };
  const TABLE = {
    'Super Admin': line('A', 'A'),
    Admin: line('A'),
    'Assistant Admin': line('A'),
    Customer: line('A'),
    'Customer without the permission': line('F'),
    'Notification Only': line('A'),
  };
  it.each(edgeCases(reportPolicy, callers, ROWS, TABLE))('$name', ({ p, action, row, expected }) => {
    expect(reportPolicy.decide(p, action, row)).toBe(expected);
  });
});

describe("broadcast policy (spec 03 §6 'Sidebar entries require a role (all three) plus the item's permission')", () => {
  const P = ['broadcast.view.access'];
  const callers = {
    'Super Admin': caller('Super Admin', P),
    Admin: caller('Admin', P),
    'Admin without the permission': caller('Admin'),
    'Assistant Admin': caller('Assistant Admin', P),
    Customer: caller('Customer', P),
    'Notification Only': caller('Notification Only', P),
  };
  const TABLE = {
    'Super Admin': line('A', 'A'),
    Admin: line('A'),
    'Admin without the permission': line('F'),
    'Assistant Admin': line('A'),
    Customer: line('F'),
    'Notification Only': line('F'),
  };
  it.each(edgeCases(broadcastPolicy, callers, ROWS, TABLE))('$name', ({ p, action, row, expected }) => {
    expect(broadcastPolicy.decide(p, action, row)).toBe(expected);
  });
});

describe("air quality policy (spec 03 §6 'Air Quality: Super Admin, Admin, Assistant Admin')", () => {
  const callers = {
    'Super Admin': caller('Super Admin'),
    Admin: caller('Admin'),
    'Assistant Admin': caller('Assistant Admin'),
    Customer: caller('Customer'),
    'Notification Only': caller('Notification Only'),
  };
  const TABLE = {
    'Super Admin': line('A', 'A'),
    Admin: line('A'),
    'Assistant Admin': line('A'),
    Customer: line('F'),
    'Notification Only': line('F'),
  };
  it.each(edgeCases(airQualityPolicy, callers, ROWS, TABLE))('$name', ({ p, action, row, expected }) => {
    expect(airQualityPolicy.decide(p, action, row)).toBe(expected);
  });
});

describe("camera policy (spec 03 §6 'live camera: the permission and one of the three roles. A Super Admin sees all customers' cameras')", () => {
  const P = ['live_camera.access'];
  const callers = {
    'Super Admin': caller('Super Admin', P),
    Admin: caller('Admin', P),
    'Admin without live_camera.access': caller('Admin'),
    'Assistant Admin': caller('Assistant Admin', P),
    Customer: caller('Customer', P),
    'Notification Only': caller('Notification Only', P),
  };
  // letters: view, viewLogs
  const TABLE = {
    'Super Admin': line('AA', 'AA'),
    Admin: line('AA'),
    'Admin without live_camera.access': line('FF'),
    'Assistant Admin': line('AA'),
    Customer: line('FF'),
    'Notification Only': line('FF'),
  };
  it.each(edgeCases(cameraPolicy, callers, ROWS, TABLE))('$name', ({ p, action, row, expected }) => {
    expect(cameraPolicy.decide(p, action, row)).toBe(expected);
  });
});

describe('integration policy (spec 03 §6 and §2.12)', () => {
  const callers = {
    'Super Admin without permissions': caller('Super Admin'),
    'Super Admin with SSO': caller('Super Admin', ['integrations.sso.access']),
    'Admin without permissions': caller('Admin'),
    'Admin with read:integrations': caller('Admin', ['read:integrations']),
    'Admin with SSO': caller('Admin', ['integrations.sso.access']),
    'Assistant Admin with SSO': caller('Assistant Admin', ['integrations.sso.access']),
    'Assistant Admin with Singlewire': caller('Assistant Admin', ['integrations.singlewire.access']),
    'Customer with every permission': caller('Customer', [
      'integrations.singlewire.access',
      'integrations.sso.access',
      'read:integrations',
      'write:integrations',
    ]),
    'Notification Only': caller('Notification Only', ['integrations.sso.access']),
  };
  // letters: view (the Integrations page: a role and any integrations permission), singlewire ('Singlewire page:
  // a role only'), addScenarioTrigger ('Super Admin and Admin only'), sso ('role and SSO permission')
  const TABLE = {
    'Super Admin without permissions': line('FAAF', 'HAAH'),
    'Super Admin with SSO': line('AAAA', 'AAAA'),
    'Admin without permissions': line('FAAF'),
    'Admin with read:integrations': line('AAAF'),
    'Admin with SSO': line('AAAA'),
    'Assistant Admin with SSO': line('AAFA'),
    'Assistant Admin with Singlewire': line('AAFF'),
    'Customer with every permission': line('FFFF'),
    'Notification Only': line('FFFF'),
  };
  it.each(edgeCases(integrationPolicy, callers, ROWS, TABLE))('$name', ({ p, action, row, expected }) => {
    expect(integrationPolicy.decide(p, action, row)).toBe(expected);
  });
});
