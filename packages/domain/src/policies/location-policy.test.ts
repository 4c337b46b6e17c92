import { describe, expect, it } from 'vitest';
import { ROLE_NAMES, type RoleName } from '../access.ts';
import {
  LOCATION_ACTIONS,
  canOnLocation,
  decideLocation,
  locationAbilities,
  locationRowKind,
  type LocationDecision,
  type LocationPolicyRow,
} from './location-policy.ts';

const ME = 'user-me';
const CUSTOMER = 7;
const principal = (role: RoleName) => ({ userId: ME, customerId: CUSTOMER, role });

/** The row kinds of the edge table, each unlocked (type 0) and locked (type 1). */
const ROWS: Record<string, LocationPolicyRow> = {
  own: { customerId: CUSTOMER, userId: ME, type: 0 },
  'own type 1': { customerId: CUSTOMER, userId: ME, type: 1 },
  shared: { customerId: CUSTOMER, userId: null, type: 0 },
  'shared type 1': { customerId: CUSTOMER, userId: null, type: 1 },
  'other user': { customerId: CUSTOMER, userId: 'user-other', type: 0 },
  'other user type 1': { customerId: CUSTOMER, userId: 'user-other', type: 1 },
  'other customer': { customerId: CUSTOMER + 1, userId: null, type: 0 },
  'other customer type 1': { customerId: CUSTOMER + 1, userId: 'user-elsewhere', type: 1 },
};

// The edge table, written out (spec 01 §3, §5, §6; spec 02 §6). Each cell is four letters, one per action in
// the order view, edit, delete, rename: A allowed, H hidden (404), F forbidden (403), L locked (type 1).
const D: Record<string, LocationDecision> = { A: 'allowed', H: 'hidden', F: 'forbidden', L: 'locked' };
const TABLE: Record<RoleName, Record<keyof typeof ROWS, string>> = {
  'Super Admin': {
    own: 'AAAA',
    'own type 1': 'AALL',
    shared: 'AAAA',
    'shared type 1': 'AALL',
    'other user': 'AAAA',
    'other user type 1': 'AALL',
    'other customer': 'AAAA',
    'other customer type 1': 'AALL',
  },
  Admin: {
    own: 'AAAA',
    'own type 1': 'AALL',
    shared: 'AAAA',
    'shared type 1': 'AALL',
    'other user': 'AAAA',
    'other user type 1': 'AALL',
    'other customer': 'HHHH',
    'other customer type 1': 'HHHH',
  },
  'Assistant Admin': {
    own: 'AAAA',
    'own type 1': 'AALL',
    shared: 'AAAA',
    'shared type 1': 'AALL',
    'other user': 'AAAA',
    'other user type 1': 'AALL',
    'other customer': 'HHHH',
    'other customer type 1': 'HHHH',
  },
  Customer: {
    own: 'AAAA',
    'own type 1': 'AALL',
    shared: 'AFFF',
    'shared type 1': 'AFFF',
    'other user': 'HHHH',
    'other user type 1': 'HHHH',
    'other customer': 'HHHH',
    'other customer type 1': 'HHHH',
  },
  'Notification Only': {
    own: 'AAAA',
    'own type 1': 'AALL',
    shared: 'AFFF',
    'shared type 1': 'AFFF',
    'other user': 'HHHH',
    'other user type 1': 'HHHH',
    'other customer': 'HHHH',
    'other customer type 1': 'HHHH',
  },
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

describe('locationRowKind', () => {
  it('tells own, shared, another user and another customer apart', () => {
    const p = principal('Customer');
    expect(locationRowKind(p, ROWS.own!)).toBe('own');
    expect(locationRowKind(p, ROWS.shared!)).toBe('shared');
    expect(locationRowKind(p, ROWS['other user']!)).toBe('other-user');
    // another customer's row, even one whose owner id equals the caller's, is another customer's
    expect(locationRowKind(p, { customerId: CUSTOMER + 1, userId: ME, type: 0 })).toBe('other-customer');
  });
});
