// authorize(): each decision of a policy becomes its one answer (404 hidden or missing, 403 forbidden, 400 locked
// with its text), and an action with no row is refused with 403 when the caller's reach is none.
import { describe, expect, it } from 'vitest';
import { groupPolicy, locationPolicy, type RoleName } from '@allclear/domain';
import type { Principal } from '../../platform/auth.ts';
import { authorize, authorizeAction } from './authorize.ts';

const principal = (role: RoleName, siteId: number | null = 5): Principal => ({
  userId: 'me',
  customerId: 1,
  role,
  roleHierarchy: 0,
  siteId,
  permissions: [],
  features: [],
});
const status = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return { status: (err as { status: number }).status, message: (err as Error).message };
  }
  return { status: 200, message: '' };
};

describe('authorize', () => {
  it('answers 404 for a missing row, naming it', () => {
    expect(status(() => authorize(principal('Admin'), groupPolicy, 'view', undefined, 'User group'))).toEqual(
      {
        status: 404,
        message: 'User group not found.',
      },
    );
  });

  it("answers 404 for another customer's row and for one hidden within the customer", () => {
    expect(
      status(() => authorize(principal('Admin'), groupPolicy, 'view', { id: 5, customerId: 2 }, 'G')).status,
    ).toBe(404);
    expect(
      status(() =>
        authorize(principal('Assistant Admin'), groupPolicy, 'edit', { id: 6, customerId: 1 }, 'G'),
      ).status,
    ).toBe(404);
  });

  it("answers 403 for a row of the caller's customer they may see but not change, with the given text", () => {
    const row = { customerId: 1, userId: null, type: 0 };
    expect(
      status(() =>
        authorize(principal('Customer'), locationPolicy, 'edit', row, {
          what: 'Location',
          forbidden: 'Not yours.',
        }),
      ),
    ).toEqual({ status: 403, message: 'Not yours.' });
  });

  it('answers 400 with the locked text for a row whose own rule refuses the action', () => {
    const row = { customerId: 1, userId: 'me', type: 1 };
    expect(
      status(() =>
        authorize(principal('Customer'), locationPolicy, 'delete', row, {
          what: 'Location',
          locked: 'Kept.',
        }),
      ),
    ).toEqual({ status: 400, message: 'Kept.' });
  });

  it('returns the row when allowed', () => {
    const row = { id: 5, customerId: 1 };
    expect(authorize(principal('Assistant Admin'), groupPolicy, 'edit', row, 'G')).toBe(row);
  });
});

describe('authorizeAction', () => {
  it("answers 403 when the caller's role reaches nothing, else the reach", () => {
    expect(status(() => authorizeAction(principal('Assistant Admin'), 'group', 'create')).status).toBe(403);
    expect(authorizeAction(principal('Admin'), 'group', 'create')).toBe('customer');
    expect(authorizeAction(principal('Customer'), 'group', 'view')).toBe('group');
  });
});
