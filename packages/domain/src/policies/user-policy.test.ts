// Edge tables of the user and notification-user policies, written from spec 02 §6 'Matrix': 'Users page: SA, A,
// AA', 'Assistant Admin data: only their own group', 'Resend invite: Super Admin and Admin; Assistant Admin for
// users of the same group; never for Notification Only users', 'Edit/delete a user: current user's hierarchy below
// the target's, current hierarchy 3 or less, and hierarchy 3 only for users of their own group', 'User group
// dropdown in user modal: disabled when the editor's hierarchy is above 2'; ARCHITECTURE: another customer's row
// is 404, a Super Admin crosses customers. Hierarchies: SA 1, A 2, AA 3, Customer 4, Notification Only 5.
import { describe, expect, it } from 'vitest';
import { ROLE_NAMES } from '../access.ts';
import { CUSTOMER, GROUP, ME, OTHER_CUSTOMER, OTHER_GROUP, caller, edgeCases } from './edge-table.ts';
import { reachFor } from './entity-policy.ts';
import { notificationUserPolicy, userPolicy, type UserPolicyRow } from './user-policy.ts';

const CALLERS = Object.fromEntries(ROLE_NAMES.map((role) => [role, caller(role)]));

const user = (siteId: number | null, hierarchy: number, customerId = CUSTOMER): UserPolicyRow => ({
  id: `user-${siteId}-${hierarchy}-${customerId}`,
  customerId,
  siteId,
  hierarchy,
});
const USERS = {
  'Customer of my group': user(GROUP, 4),
  'Assistant Admin of my group': user(GROUP, 3),
  'Admin of my group': user(GROUP, 2),
  'Notification Only of my group': user(GROUP, 5),
  'Customer of another group': user(OTHER_GROUP, 4),
  'Customer of no group': user(null, 4),
  "another customer's Customer": user(GROUP, 4, OTHER_CUSTOMER),
};

// letters: view, edit, delete, resendInvite, changeGroup, assignLocations
const HIDDEN = 'HHHHHH';
const NO_USERS_PAGE = {
  ...Object.fromEntries(Object.keys(USERS).map((k) => [k, 'HFFFFH'])),
  "another customer's Customer": HIDDEN,
};
const USER_TABLE = {
  'Super Admin': {
    'Customer of my group': 'AAAAAA',
    'Assistant Admin of my group': 'AAAAAA',
    'Admin of my group': 'AAAAAA',
    'Notification Only of my group': 'AAAFAA',
    'Customer of another group': 'AAAAAA',
    'Customer of no group': 'AAAAAA',
    "another customer's Customer": 'AAAAAA',
  },
  Admin: {
    'Customer of my group': 'AAAAAA',
    'Assistant Admin of my group': 'AAAAAA',
    'Admin of my group': 'AFFAFF',
    'Notification Only of my group': 'AAAFAA',
    'Customer of another group': 'AAAAAA',
    'Customer of no group': 'AAAAAA',
    "another customer's Customer": HIDDEN,
  },
  'Assistant Admin': {
    'Customer of my group': 'AAAAFA',
    'Assistant Admin of my group': 'AFFAFF',
    'Admin of my group': 'AFFAFF',
    'Notification Only of my group': 'AAAFFA',
    'Customer of another group': HIDDEN,
    'Customer of no group': HIDDEN,
    "another customer's Customer": HIDDEN,
  },
  // no Users page: another user of their customer is not seen (view), and the page's actions are refused (403)
  Customer: NO_USERS_PAGE,
  'Notification Only': NO_USERS_PAGE,
};

describe('user policy edge table', () => {
  it('has the actions of the table', () => {
    expect(userPolicy.actions).toEqual([
      'view',
      'edit',
      'delete',
      'resendInvite',
      'changeGroup',
      'assignLocations',
    ]);
  });
  it.each(edgeCases(userPolicy, CALLERS, USERS, USER_TABLE))('$name', ({ p, action, row, expected }) => {
    expect(userPolicy.decide(p, action, row)).toBe(expected);
  });

  // Oneself: seen (Profile), never edited, deleted or regrouped (hierarchy not below one's own); one's own
  // locations assigned by oneself; an invite resent only by the roles that resend.
  const SELF: Record<string, string> = {
    'Super Admin': 'AFFAFA',
    Admin: 'AFFAFA',
    'Assistant Admin': 'AFFAFA',
    Customer: 'AFFFFA',
    'Notification Only': 'AFFFFF',
  };
  const HIERARCHY = { 'Super Admin': 1, Admin: 2, 'Assistant Admin': 3, Customer: 4, 'Notification Only': 5 };
  for (const role of ROLE_NAMES)
    userPolicy.actions.forEach((action, i) => {
      it(`${role} · ${action} · themself`, () => {
        const self = { id: ME, customerId: CUSTOMER, siteId: GROUP, hierarchy: HIERARCHY[role] };
        expect(userPolicy.decide(caller(role), action, self)).toBe(
          { A: 'allowed', F: 'forbidden' }[SELF[role]![i]!],
        );
      });
    });

  it('an Assistant Admin without a group manages nobody else', () => {
    const p = caller('Assistant Admin', [], { siteId: null });
    expect(userPolicy.decide(p, 'edit', USERS['Customer of my group'])).toBe('hidden');
    expect(userPolicy.decide(p, 'edit', USERS['Customer of no group'])).toBe('hidden');
  });

  it("adds users as 'Add User' says: admin roles (an Assistant Admin into their group)", () => {
    expect(ROLE_NAMES.map((role) => reachFor(caller(role), 'user', 'create'))).toEqual([
      'all',
      'customer',
      'group',
      'none',
      'none',
    ]);
  });
});

describe('notification-user policy edge table', () => {
  const ROWS = {
    'of my group': { customerId: CUSTOMER, siteId: GROUP },
    'of another group': { customerId: CUSTOMER, siteId: OTHER_GROUP },
    'of no group': { customerId: CUSTOMER, siteId: null },
    'of another customer': { customerId: OTHER_CUSTOMER, siteId: GROUP },
  };
  // letters: view, change
  const NOT_ADMIN = {
    'of my group': 'FF',
    'of another group': 'FF',
    'of no group': 'FF',
    'of another customer': 'HH',
  };
  const TABLE = {
    'Super Admin': {
      'of my group': 'AA',
      'of another group': 'AA',
      'of no group': 'AA',
      'of another customer': 'AA',
    },
    Admin: {
      'of my group': 'AA',
      'of another group': 'AA',
      'of no group': 'AA',
      'of another customer': 'HH',
    },
    'Assistant Admin': {
      'of my group': 'AA',
      'of another group': 'HH',
      'of no group': 'HH',
      'of another customer': 'HH',
    },
    Customer: NOT_ADMIN,
    'Notification Only': NOT_ADMIN,
  };
  it.each(edgeCases(notificationUserPolicy, CALLERS, ROWS, TABLE))(
    '$name',
    ({ p, action, row, expected }) => {
      expect(notificationUserPolicy.decide(p, action, row)).toBe(expected);
    },
  );
});
