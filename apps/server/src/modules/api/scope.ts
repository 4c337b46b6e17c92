// Object-level and cross-tenant checks shared by every route (ARCHITECTURE.md: every row belongs to a
// customer; every query is scoped to the caller's customer; a Super Admin may cross customers).
import type { FastifyRequest } from 'fastify';
import { ADMIN_ROLES, type RoleName } from '@allclear/domain';
import type { Principal } from '../../platform/auth.ts';
import { forbidden, notFound, unauthorized } from '../../platform/errors.ts';

/** The authenticated caller; the auth hook has already refused requests without one. */
export function principalOf(request: FastifyRequest): Principal {
  const p = request.principal;
  if (!p) throw unauthorized();
  return p;
}

export const isSuperAdmin = (p: Principal) => p.role === 'Super Admin';

/**
 * Refuses a row of another customer with 404, so its existence is not revealed. A Super Admin
 * may read any customer's rows.
 */
export function assertCustomerScope(
  p: Principal,
  rowCustomerId: number | null | undefined,
  what: string,
): void {
  if (rowCustomerId == null) throw notFound(what);
  if (!isSuperAdmin(p) && rowCustomerId !== p.customerId) throw notFound(what);
}

/** Refuses callers whose role is not listed (403). */
export function requireRole(p: Principal, roles: readonly RoleName[]): void {
  if (!roles.includes(p.role as RoleName)) throw forbidden();
}

export const requireAdminRole = (p: Principal) => requireRole(p, ADMIN_ROLES);
