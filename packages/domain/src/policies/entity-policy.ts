// The shape every entity policy has (issue 13 'One policy per entity'): `decide` gives the outcome of an action on
// a row, `can` whether it is allowed, `abilities` what a row is served with so a screen offers only those actions.
import {
  ROLE_MATRIX,
  decideByMatrix,
  reachOf,
  type Decision,
  type MatrixAction,
  type MatrixEntity,
  type MatrixRule,
  type PolicyPrincipal,
  type Reach,
  type ScopedRow,
} from './role-matrix.ts';

export interface EntityPolicy<A extends string, R> {
  /** Every action, in a fixed order (the edge tables iterate it). */
  readonly actions: readonly A[];
  decide(p: PolicyPrincipal, action: A, row: R): Decision;
  can(p: PolicyPrincipal, action: A, row: R): boolean;
  abilities(p: PolicyPrincipal, row: R): Record<A, boolean>;
}

/** A policy from its actions and its decision. */
export function definePolicy<A extends string, R>(
  actions: readonly A[],
  decide: (p: PolicyPrincipal, action: A, row: R) => Decision,
): EntityPolicy<A, R> {
  const can = (p: PolicyPrincipal, action: A, row: R) => decide(p, action, row) === 'allowed';
  return {
    actions,
    decide,
    can,
    abilities: (p, row) => Object.fromEntries(actions.map((a) => [a, can(p, a, row)])) as Record<A, boolean>,
  };
}

/** The matrix rule of an entity's action. */
export function matrixRule<E extends MatrixEntity>(entity: E, action: MatrixAction<E>): MatrixRule {
  return (ROLE_MATRIX[entity] as Record<string, MatrixRule>)[action]!;
}

/** How far the caller's grant reaches for an action that has no row yet (a list, a create): 'none' refuses it. */
export function reachFor<E extends MatrixEntity>(
  p: PolicyPrincipal,
  entity: E,
  action: MatrixAction<E>,
): Reach {
  return reachOf(p, matrixRule(entity, action));
}

/**
 * A policy read straight from the matrix: each action decided by its own rule against the rule that says who may
 * see the entity's rows (`see`: one of the actions, 'each' when every action stands alone, as pages do, or per
 * action), on the row as the matrix reads it (`scope`). `extra` adds a refusal of the row's own (a hierarchy, a
 * lock) once the matrix allows.
 */
export function matrixPolicy<E extends MatrixEntity, A extends MatrixAction<E>, R>(
  entity: E,
  actions: readonly A[],
  opts: {
    see: A | 'each' | ((action: A) => MatrixAction<E>);
    scope: (row: R) => ScopedRow;
    extra?: (p: PolicyPrincipal, action: A, row: R) => Decision | undefined;
  },
): EntityPolicy<A, R> {
  return definePolicy<A, R>(actions, (p, action, row) => {
    const act = matrixRule(entity, action);
    const seeAction: MatrixAction<E> | 'each' = typeof opts.see === 'function' ? opts.see(action) : opts.see;
    const see = seeAction === 'each' ? act : matrixRule(entity, seeAction);
    const decided = decideByMatrix(p, see, act, opts.scope(row));
    return decided === 'allowed' ? (opts.extra?.(p, action, row) ?? 'allowed') : decided;
  });
}

/** A row that belongs to a customer and nothing narrower (hardware, a customer's settings, a sensor). */
export interface CustomerRow {
  customerId: number;
}

/** The groups of a row with at most one group. */
export const groupsOf = (siteId: number | null | undefined): number[] => (siteId != null ? [siteId] : []);
