// The one way a service refuses a caller (issue 13 'One policy per entity'; ARCHITECTURE.md 'Wave 2 ...
// Policies'): the entity's policy decides, and the decision becomes the answer. A row of another customer,
// a missing row or one the caller may not see is 404, so its existence is not revealed; a row of the caller's
// own customer refused is 403; a row whose own rule refuses the action (a type-1 location deleted) is 400.
// Services call it before they write, so a refused call writes nothing.
import {
  reachFor,
  type EntityPolicy,
  type MatrixAction,
  type MatrixEntity,
  type PolicyPrincipal,
  type Reach,
} from '@allclear/domain';
import { forbidden, notFound, ruleViolation } from '../../platform/errors.ts';

/** How a refusal names the row: `what` in 'Location not found.', and the texts of a 403 and a locked row. */
export interface RefusalTexts {
  what: string;
  forbidden?: string;
  locked?: string;
}

const textsOf = (t: string | RefusalTexts): RefusalTexts => (typeof t === 'string' ? { what: t } : t);

/** The row when the policy allows the action on it; otherwise the refusal its decision calls for. */
export function authorize<A extends string, R, T extends R>(
  p: PolicyPrincipal,
  policy: EntityPolicy<A, R>,
  action: A,
  row: T | null | undefined,
  texts: string | RefusalTexts,
): T {
  const t = textsOf(texts);
  if (row == null) throw notFound(t.what);
  switch (policy.decide(p, action, row)) {
    case 'allowed':
      return row;
    case 'hidden':
      throw notFound(t.what);
    case 'forbidden':
      throw forbidden(t.forbidden);
    case 'locked':
      throw t.locked ? ruleViolation(t.locked) : forbidden(t.forbidden);
  }
}

/**
 * The caller's reach for an action that has no row yet (a list, a create, a send): 403 when their role (or a
 * missing permission) gives them none; otherwise how far it reaches, for the service to scope its query.
 */
export function authorizeAction<E extends MatrixEntity>(
  p: PolicyPrincipal,
  entity: E,
  action: MatrixAction<E>,
  forbiddenText?: string,
): Exclude<Reach, 'none'> {
  const reach = reachFor(p, entity, action);
  if (reach === 'none') throw forbidden(forbiddenText);
  return reach;
}
