// The authenticated caller of a request, for every module's routes.
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../platform/auth.ts';
import { unauthorized } from '../../platform/errors.ts';

/** The authenticated caller; the auth hook has already refused requests without one. */
export function principalOf(request: FastifyRequest): Principal {
  const p = request.principal;
  if (!p) throw unauthorized();
  return p;
}

const keys = new WeakMap<Principal, string>();

/**
 * Everything of the caller an answer may depend on (who they are, their role, group, permissions and features), as
 * one string: the key of an answer kept per caller, e.g. a list with the caller's abilities. Worked out once per
 * principal (the verified-token cache hands the same principal to every request of a token).
 */
export function principalKey(p: Principal): string {
  let key = keys.get(p);
  if (key === undefined) {
    key = [p.userId, p.customerId, p.role, p.roleHierarchy, p.siteId, p.permissions, p.features].join('|');
    keys.set(p, key);
  }
  return key;
}
