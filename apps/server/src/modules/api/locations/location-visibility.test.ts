// The one location visibility rule, row by row: owner, shared, admin roles, other users, other customers.
import { describe, expect, it } from 'vitest';
import type { RoleName } from '@allclear/domain';
import type { Principal } from '../../../platform/auth.ts';
import { canSeeLocation, visibleOr404 } from './location-visibility.ts';

const OWNER = 'owner-0000';
const OTHER = 'other-0000';

function principal(role: RoleName, customerId = 1, userId = OTHER): Principal {
  return { userId, customerId, role, roleHierarchy: 0, siteId: null, permissions: [], features: [] };
}

describe('location visibility', () => {
  it.each([
    [
      'the owner sees their own location',
      principal('Customer', 1, OWNER),
      { customerId: 1, userId: OWNER },
      true,
    ],
    ['a customer user sees a shared location', principal('Customer'), { customerId: 1, userId: null }, true],
    [
      "a customer user does not see another user's location",
      principal('Customer'),
      { customerId: 1, userId: OWNER },
      false,
    ],
    [
      "an Admin sees a user's location of their customer",
      principal('Admin'),
      { customerId: 1, userId: OWNER },
      true,
    ],
    [
      "an Assistant Admin sees a user's location of their customer",
      principal('Assistant Admin'),
      { customerId: 1, userId: OWNER },
      true,
    ],
    [
      "an Admin does not see another customer's shared location",
      principal('Admin', 2),
      { customerId: 1, userId: null },
      false,
    ],
    [
      "a Super Admin sees another customer's user location",
      principal('Super Admin', 2),
      { customerId: 1, userId: OWNER },
      true,
    ],
  ] as const)('%s', (_name, p, row, visible) => {
    expect(canSeeLocation(p, row)).toBe(visible);
    if (visible) expect(visibleOr404(p, row)).toBe(row);
    else expect(() => visibleOr404(p, row)).toThrow(expect.objectContaining({ status: 404 }));
  });

  it('answers 404 for a missing location', () => {
    expect(() => visibleOr404(principal('Super Admin'), undefined)).toThrow(
      expect.objectContaining({ status: 404 }),
    );
  });
});
