// Edge tables of the group and organisation-location policies, written from spec 02 §6 'Matrix': 'Manage Groups
// / Add User buttons: admin roles', 'create group', '+ New group...: Admin and Super Admin', 'Assistant Admin data:
// only their own group'; ours (role-matrix.ts): a user reads their own group, deleting a group is for those who
// create them; spec 01 §7: every user's location form lists the organisation's locations. ARCHITECTURE: another
// customer's row is 404, a Super Admin crosses customers.
import { describe, expect, it } from 'vitest';
import { ROLE_NAMES } from '../access.ts';
import { CUSTOMER, GROUP, OTHER_CUSTOMER, OTHER_GROUP, caller, edgeCases } from './edge-table.ts';
import { reachFor } from './entity-policy.ts';
import { groupPolicy } from './group-policy.ts';
import { organizationLocationPolicy } from './organization-location-policy.ts';

const CALLERS = Object.fromEntries(ROLE_NAMES.map((role) => [role, caller(role)]));

describe('group policy edge table', () => {
  const ROWS = {
    'my group': { id: GROUP, customerId: CUSTOMER },
    'another group': { id: OTHER_GROUP, customerId: CUSTOMER },
    "another customer's group": { id: GROUP, customerId: OTHER_CUSTOMER },
  };
  // letters: view, edit, delete
  const TABLE = {
    'Super Admin': { 'my group': 'AAA', 'another group': 'AAA', "another customer's group": 'AAA' },
    Admin: { 'my group': 'AAA', 'another group': 'AAA', "another customer's group": 'HHH' },
    'Assistant Admin': { 'my group': 'AAF', 'another group': 'HHH', "another customer's group": 'HHH' },
    Customer: { 'my group': 'AFF', 'another group': 'HHH', "another customer's group": 'HHH' },
    'Notification Only': { 'my group': 'FFF', 'another group': 'FFF', "another customer's group": 'HHH' },
  };
  it.each(edgeCases(groupPolicy, CALLERS, ROWS, TABLE))('$name', ({ p, action, row, expected }) => {
    expect(groupPolicy.decide(p, action, row)).toBe(expected);
  });

  it("creates groups as '+ New group...' says: Admin and Super Admin only", () => {
    expect(ROLE_NAMES.map((role) => reachFor(caller(role), 'group', 'create') !== 'none')).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('organisation-location policy edge table', () => {
  const ROWS = {
    'organisation location': { customerId: CUSTOMER },
    'link to my group': { customerId: CUSTOMER, siteId: GROUP },
    'link to another group': { customerId: CUSTOMER, siteId: OTHER_GROUP },
    "another customer's": { customerId: OTHER_CUSTOMER, siteId: GROUP },
  };
  // letters: view, linkGroup
  const USER = {
    'organisation location': 'AF',
    'link to my group': 'AF',
    'link to another group': 'AF',
    "another customer's": 'HH',
  };
  const TABLE = {
    'Super Admin': {
      'organisation location': 'AA',
      'link to my group': 'AA',
      'link to another group': 'AA',
      "another customer's": 'AA',
    },
    Admin: {
      'organisation location': 'AA',
      'link to my group': 'AA',
      'link to another group': 'AA',
      "another customer's": 'HH',
    },
    'Assistant Admin': {
      'organisation location': 'AF',
      'link to my group': 'AA',
      'link to another group': 'AF',
      "another customer's": 'HH',
    },
    Customer: USER,
    'Notification Only': USER,
  };
  it.each(edgeCases(organizationLocationPolicy, CALLERS, ROWS, TABLE))(
    '$name',
    ({ p, action, row, expected }) => {
      expect(organizationLocationPolicy.decide(p, action, row)).toBe(expected);
    },
  );
});
