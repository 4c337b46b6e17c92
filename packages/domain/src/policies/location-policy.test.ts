import { describe, expect, it } from 'vitest';
import { ROLE_NAMES, type RoleName } from '../access.ts';
import {
  LOCATION_ACTIONS,
  canOnLocation,
  decideLocation,
  locationAbilities,
  type LocationDecision,
  type LocationPolicyRow,
} from './location-policy.ts';

const ME = 'user-me';
const CUSTOMER = 7;
const GROUP = 70;
const principal = (role: RoleName) => ({ userId: ME, customerId: CUSTOMER, role, siteId: GROUP });

/** The row kinds of the edge table, each unlocked (type 0) and locked (type 1). */
const ROWS: Record<string, LocationPolicyRow> = {
  own: { customerId: CUSTOMER, userId: ME, type: 0, ownerSiteId: GROUP },
  'own type 1': { customerId: CUSTOMER, userId: ME, type: 1, ownerSiteId: GROUP },
  shared: { customerId: CUSTOMER, userId: null, type: 0 },
  'shared type 1': { customerId: CUSTOMER, userId: null, type: 1 },
  'group user': { customerId: CUSTOMER, userId: 'user-same-group', type: 0, ownerSiteId: GROUP },
  'group user type 1': { customerId: CUSTOMER, userId: 'user-same-group', type: 1, ownerSiteId: GROUP },
  'other group user': { customerId: CUSTOMER, userId: 'user-other-group', type: 0, ownerSiteId: GROUP + 1 },
  'no group user': { customerId: CUSTOMER, userId: 'user-no-group', type: 0, ownerSiteId: null },
  'other customer': { customerId: CUSTOMER + 1, userId: null, type: 0 },
  'other customer type 1': {
    customerId: CUSTOMER + 1,
    userId: 'user-elsewhere',
    type: 1,
    ownerSiteId: GROUP,
  },
};

// The edge table, written out from the spec (spec 01 §3, §5, §6: own locations, shared ones offered to every
// user, type 1 never renamed or deleted; spec 02 §6: 'Customer (basic)', admin roles, 'Assistant Admin data: only
// their own group'; ARCHITECTURE: a Super Admin crosses customers, another customer's row is 404). Each cell is
// four letters, one per action in the order view, edit, delete, rename: A allowed, H hidden (404), F forbidden
// (403), L locked (type 1).
const D: Record<string, LocationDecision> = { A: 'allowed', H: 'hidden', F: 'forbidden', L: 'locked' };
const ADMIN = {
  own: 'AAAA',
  'own type 1': 'AALL',
  shared: 'AAAA',
  'shared type 1': 'AALL',
  'group user': 'AAAA',
  'group user type 1': 'AALL',
};
const BASIC = {
  own: 'AAAA',
  'own type 1': 'AALL',
  shared: 'AFFF',
  'shared type 1': 'AFFF',
  'group user': 'HHHH',
  'group user type 1': 'HHHH',
  'other group user': 'HHHH',
  'no group user': 'HHHH',
  'other customer': 'HHHH',
  'other customer type 1': 'HHHH',
};
const TABLE: Record<RoleName, Record<keyof typeof ROWS, string>> = {
  'Super Admin': {
    ...ADMIN,
    'other group user': 'AAAA',
    'no group user': 'AAAA',
    'other customer': 'AAAA',
    'other customer type 1': 'AALL',
  },
  Admin: {
    ...ADMIN,
    'other group user': 'AAAA',
    'no group user': 'AAAA',
    'other customer': 'HHHH',
    'other customer type 1': 'HHHH',
  },
  'Assistant Admin': {
    ...ADMIN,
    'other group user': 'HHHH',
    'no group user': 'HHHH',
    'other customer': 'HHHH',
    'other customer type 1': 'HHHH',
  },
  Customer: BASIC,
  'Notification Only': BASIC,
};

describe('location policy edge table', () => {
  it('covers every role and action', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...ROLE_NAMES].sort());
    expect(LOCATION_ACTIONS).toEqual(['view', 'edit', 'delete', 'rename']);
  });

  for (const role of ROLE_NAMES)
    for (const [rowName, row] of Object.entries(ROWS))
      LOCATION_ACTIONS.forEach((action, i) => {
        const expected = D[TABLE[role][rowName]![i]!]!;
        it(`${role} · ${action} · ${rowName} → ${expected}`, () => {
          expect(decideLocation(principal(role), action, row)).toBe(expected);
          expect(canOnLocation(principal(role), action, row)).toBe(expected === 'allowed');
        });
      });

  it("an Assistant Admin without a group reaches no other user's location, only their own and shared ones", () => {
    const p = { ...principal('Assistant Admin'), siteId: null };
    expect(decideLocation(p, 'view', ROWS['group user']!)).toBe('hidden');
    expect(decideLocation(p, 'view', ROWS['no group user']!)).toBe('hidden');
    expect(decideLocation(p, 'edit', ROWS.own!)).toBe('allowed');
    expect(decideLocation(p, 'edit', ROWS.shared!)).toBe('allowed');
  });

  it("another customer's row whose owner id equals the caller's is still another customer's", () => {
    const row = { customerId: CUSTOMER + 1, userId: ME, type: 0 };
    expect(decideLocation(principal('Customer'), 'view', row)).toBe('hidden');
  });
});

describe('locationAbilities', () => {
  it('serves edit, delete and rename as the policy decides them', () => {
    expect(locationAbilities(principal('Customer'), ROWS.shared!)).toEqual({
      edit: false,
      delete: false,
      rename: false,
    });
    expect(locationAbilities(principal('Customer'), ROWS['own type 1']!)).toEqual({
      edit: true,
      delete: false,
      rename: false,
    });
    expect(locationAbilities(principal('Admin'), ROWS.shared!)).toEqual({
      edit: true,
      delete: true,
      rename: true,
    });
  });
});
