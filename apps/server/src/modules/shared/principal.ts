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
